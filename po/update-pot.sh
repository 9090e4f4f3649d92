#!/usr/bin/env bash
# Refreshes po/practice.pot from the sources (every tr, trn, trc and trMark call with a literal) and merges it
# into each po/LANG.po, where new messages appear untranslated and changed ones fuzzy. Run by `make pot`.
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's string literals, as the messages use them (one line, \" and \n escapes), read like C's.
find Sources -name '*.swift' | LC_ALL=C sort >po/.sources
xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr:1 --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=trMark:1 \
  --add-comments=TRANSLATORS: --sort-by-file --add-location=file --no-wrap --package-name=practice \
  --msgid-bugs-address='https://github.com/practice/practice/issues' \
  --files-from=po/.sources --output=po/practice.pot 2>&1 | grep -v 'warning: unterminated' || true
rm -f po/.sources
for po in po/*.po; do
  msgmerge --quiet --update --backup=none --no-wrap --sort-by-file --add-location=file "$po" po/practice.pot
done
# Messages gone from the sources leave the translations too (git keeps their history).
for po in po/*.po; do
  msgattrib --no-obsolete --no-wrap --output-file="$po" "$po"
done
# A fixed creation date: the time of each run would change the header of every po file, so every two
# branches that ran `make pot` conflicted there (git keeps when the messages changed).
sed -i 's/^"POT-Creation-Date: .*\\n"$/"POT-Creation-Date: 2026-01-01 00:00+0000\\n"/' po/practice.pot po/*.po
