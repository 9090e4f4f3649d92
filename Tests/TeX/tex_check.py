#!/usr/bin/env python3
"""practice's TeX rendering against the reference converter, pylatexenc's LatexNodes2Text.

Tests/TeX/formulas.tsv holds each formula, practice's rendering (checked by TeXTextTests) and why
the two differ on purpose. Here each row is checked against the reference: a row with no reason
must equal it (whitespace aside), a row with reasons must differ from it, for reasons docs/course-formats.md
explains. A change on either side that the table does not say fails.
"""
import sys
from pathlib import Path

from pylatexenc.latex2text import LatexNodes2Text

# The differences docs/course-formats.md ("Formulas") documents.
REASONS = {
    "superscript", "subscript", "fraction", "degree", "root", "minus", "glyph", "reference-drops", "font",
    "script-brackets", "unrendered",
}


def squeezed(text: str) -> str:
    return "".join(text.split())


def main() -> int:
    table = Path(__file__).with_name("formulas.tsv")
    converter = LatexNodes2Text()
    problems = []
    rows = 0
    for number, line in enumerate(table.read_text(encoding="utf-8").splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        formula, ours, why = line.split("\t")
        rows += 1
        reference = converter.latex_to_text(formula)
        reasons = [r for r in why.split(",") if r]
        unknown = [r for r in reasons if r not in REASONS]
        if unknown:
            problems.append(f"{table.name}:{number}: unknown reason {unknown} for {formula}")
        elif not reasons and squeezed(ours) != squeezed(reference):
            problems.append(f"{table.name}:{number}: {formula}: practice {ours!r}, pylatexenc {reference.strip()!r}")
        elif reasons and squeezed(ours) == squeezed(reference):
            problems.append(f"{table.name}:{number}: {formula}: equal to pylatexenc now; remove the reason {why}")
    if rows < 100:
        problems.append(f"{table.name}: {rows} formulas; the check needs at least 100")
    for problem in problems:
        print(problem, file=sys.stderr)
    same = sum(1 for line in table.read_text(encoding="utf-8").splitlines()
               if line and not line.startswith("#") and line.endswith("\t"))
    print(f"TeX: {rows} formulas compared with pylatexenc: {same} equal, {rows - same} different as documented"
          + (f", {len(problems)} problems" if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
