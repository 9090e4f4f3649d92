# practice: build, run, test, measure.
#   make run     build and start the REPL on the shipped course (ARGS="..." to pass options)
#   make test    every test: unit, golden transcripts, the built binary, the REPL under tmux
#   make bench   figures against peers, measured in one run
#   make stress  fault injection, kills, fuzzing (FUZZ_SECONDS per target), the long unit cases at full size
#   make pot     refresh po/practice.pot from the sources and merge it into po/*.po (for translators)
#   make scale   the class report at district size (10,000 learners): CLI, DuckDB and Spark, compared and timed
#   make startup-order  re-record which functions the linker places together for a fast start
#   make install        the static binary, the shipped course, practice.1 and bash/zsh/fish completions
#                       under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local)

SWIFT ?= swift
APT_GET := $(shell command -v sudo >/dev/null 2>&1 && [ "$$(id -u)" != 0 ] && echo sudo) apt-get
BIN := .build/debug/practice
# The static release build has a scratch folder of its own: SwiftPM locks one per build, so `make test`
# compiles it while the unit suite runs from .build.
RELEASE_SCRATCH := .build/static
RELEASE_BIN := $(RELEASE_SCRATCH)/release/practice

.PHONY: all build release run test bench stress deps catalogs pot format clean scale startup-order install

all: build

# Debian packages the build and tests need; installed only when missing.
deps:
	@if ! pkg-config --exists libedit 2>/dev/null || [ ! -f /usr/include/histedit.h ]; then \
	  echo "installing libedit-dev"; \
	  $(APT_GET) update -qq && $(APT_GET) install -y -qq libedit-dev pkg-config >/dev/null; \
	fi
	@# msgfmt compiles the translations (po/*.po); xgettext and msgmerge refresh them (`make pot`).
	@if ! command -v msgfmt >/dev/null 2>&1 || ! command -v xgettext >/dev/null 2>&1; then \
	  echo "installing gettext"; \
	  ($(APT_GET) install -y -qq gettext >/dev/null 2>&1 || ($(APT_GET) update -qq && $(APT_GET) install -y -qq gettext >/dev/null)); \
	fi
	@# groff checks that the generated manual page renders (ManualPageTests).
	@if ! command -v groff >/dev/null 2>&1; then \
	  echo "installing groff-base"; \
	  ($(APT_GET) install -y -qq groff-base >/dev/null 2>&1 || ($(APT_GET) update -qq && $(APT_GET) install -y -qq groff-base >/dev/null)); \
	fi
	@if ! command -v tmux >/dev/null 2>&1; then \
	  echo "installing tmux"; \
	  ($(APT_GET) install -y -qq tmux >/dev/null 2>&1 || ($(APT_GET) update -qq && $(APT_GET) install -y -qq tmux >/dev/null)); \
	fi
	@# The HTML report is checked in a real browser; its test skips, saying so, if this fails.
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "installing chromium (for the HTML report test)"; \
	  $(APT_GET) install -y -qq chromium >/dev/null 2>&1 || echo "chromium could not be installed; the HTML browser test will be skipped"; \
	fi
	@# Chinese pages need a CJK font: without one Chromium draws blank boxes, and the browser tests fail.
	@if ! fc-list :lang=zh family 2>/dev/null | grep -q .; then \
	  echo "installing fonts-noto-cjk (for the HTML report tests)"; \
	  ($(APT_GET) install -y -qq fonts-noto-cjk >/dev/null 2>&1 || ($(APT_GET) update -qq && $(APT_GET) install -y -qq fonts-noto-cjk >/dev/null)); \
	fi

build: deps catalogs
	$(SWIFT) build

# The translations, compiled by msgfmt and embedded in the program (Sources/Localization/EmbeddedCatalogs.swift).
catalogs: deps
	po/embed-catalogs.sh

# The template translators start from, and every translation merged with it.
pot: deps
	po/update-pot.sh

# A static executable: no dynamic loader, no relocations, no symbol lookups before main. Measured here
# on the shipped course: 4.8 ms to first prompt with only the Swift libraries static, 2.9 ms fully
# static. libedit's own dependencies (from libedit-dev's) are named because a static link needs them.
# glibc's name-service lookups (getpwnam, getgrouplist) would load libnss_* modules built for another
# copy of the C library into a static program (libnss_systemd crashed `class check` with SIGSEGV):
# practice reads /etc/passwd and /etc/group itself and asks getent for the rest (SystemUsers), and
# takes no Foundation path that calls them or dlopen.
STATIC_LIBS := -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd
# The functions a start-up runs are placed side by side (lld's symbol ordering), so a start touches
# fewer pages of the 80 MB binary: each page is a fault of several microseconds on a virtual machine.
# The list is Sources/practice/startup-order.txt, re-recorded by `make startup-order` (needs valgrind).
STARTUP_ORDER := -Xswiftc -use-ld=lld -Xlinker --symbol-ordering-file=$(CURDIR)/Sources/practice/startup-order.txt \
  -Xlinker --no-warn-symbol-ordering
RELEASE_FLAGS := --scratch-path $(RELEASE_SCRATCH) -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -static-executable $(STATIC_LIBS) \
  $(STARTUP_ORDER)

# Products one at a time: a build of everything would take in the test-support target, which needs XCTest.
release: deps catalogs
	$(SWIFT) build $(RELEASE_FLAGS) --product practice

run: build
	$(BIN) $(ARGS)

# Every journal record the suite writes is gathered here by the test support (JournalTap), then checked
# against schemas/journal-v1.json.
JOURNAL_TAP := $(CURDIR)/.build/journal-tap

RELEASE_LOG := .build/static-build.log

test: deps catalogs
	$(SWIFT) build --build-tests
	@# The shipped artifact is the static release build: the binary's own tests (transcripts, kills,
	@# the REPL under tmux) run against it, once (against the debug binary as well, they took a minute
	@# more of a fresh clone's 8). It compiles in the background while the unit suite runs (a fresh
	@# clone's 165 s of it otherwise came after the suite's 80 s); its output is shown when it ends.
	rm -f $(RELEASE_LOG).status && ($(SWIFT) build $(RELEASE_FLAGS) --product practice >$(RELEASE_LOG) 2>&1; \
	  echo $$? >$(RELEASE_LOG).status) & echo $$! >$(RELEASE_LOG).pid
	rm -rf $(JOURNAL_TAP) && mkdir -p $(JOURNAL_TAP)
	PRACTICE_JOURNAL_TAP=$(JOURNAL_TAP) $(SWIFT) test --skip PracticeCLITests \
	  || { pkill -P $$(cat $(RELEASE_LOG).pid) 2>/dev/null; exit 1; }
	@while [ ! -s $(RELEASE_LOG).status ]; do sleep 1; done; tail -3 $(RELEASE_LOG); exit $$(cat $(RELEASE_LOG).status)
	@# Their journal records are gathered too, then checked with the rest.
	PRACTICE_JOURNAL_TAP=$(JOURNAL_TAP) PRACTICE_BINARY=$(RELEASE_BIN) $(SWIFT) test --skip-build --filter PracticeCLITests
	PRACTICE_JOURNAL_TAP_CHECK=$(JOURNAL_TAP) $(SWIFT) test --skip-build --filter JournalSchemaTests
	@# make install into a scratch root: the binary found there runs the shipped course installed beside it.
	rm -rf .build/install-check && $(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/install-check PREFIX=/usr
	.build/install-check/usr/bin/practice -c 'ls' </dev/null | grep -q '物态及其变化'
	test -s .build/install-check/usr/share/man/man1/practice.1 && test -s .build/install-check/usr/share/zsh/site-functions/_practice
	@# A quick slice of `make stress`: a few hundred kills and a subset of each fault test (the unit
	@# suite above ran the quick slices of the 8,000-append and 100-kill tests and the fuzzers' inputs).
	STRESS_QUICK=1 Tests/Stress/run-stress.sh $(BIN)
	@# The class report as SQL (sql/class-report.sql) on DuckDB equals report --class on 200 learners;
	@# pandas reads the same export.
	$(SQL_PYTHON) Tests/SQL/class_report_check.py $(RELEASE_BIN) --learners 200 --engine duckdb --pandas
	@# The item analysis as SQL (sql/item-analysis.sql) on DuckDB equals report --class --items.
	$(SQL_PYTHON) Tests/SQL/item_analysis_check.py $(RELEASE_BIN) --learners 200 --engine duckdb
	@# TeX as Unicode (Tests/TeX/formulas.tsv, which TeXTextTests checks practice against) compared with
	@# pylatexenc's LatexNodes2Text, the reference converter.
	$(SQL_PYTHON) Tests/TeX/tex_check.py
	@# Calculated questions' formulas: 20,000 random formulas built and evaluated by Python's own arithmetic
	@# (Tests/CalculationTests/formula_oracle.py) give the same values and errors in practice's evaluator.
	FORMULA_ORACLE_PYTHON=$(SQL_PYTHON) FORMULA_ORACLE_COUNT=20000 $(SWIFT) test --skip-build --filter FormulaOracleTests

# Python packages for the SQL checks (DuckDB; Spark for `make scale`), in a virtual environment
# made here when missing. Versions pinned to the ones the checks were run with.
SQL_VENV := $(CURDIR)/.build/sql-venv
SQL_PYTHON := $(SQL_VENV)/bin/python
DUCKDB_VERSION := 2.0.1

$(SQL_VENV)/duckdb-$(DUCKDB_VERSION):
	@if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then \
	  echo "installing python3-venv"; \
	  ($(APT_GET) install -y -qq python3-venv >/dev/null 2>&1 || ($(APT_GET) update -qq && $(APT_GET) install -y -qq python3-venv >/dev/null)); \
	fi
	[ -x $(SQL_PYTHON) ] || python3 -m venv $(SQL_VENV)
	$(SQL_PYTHON) -m pip install -q --disable-pip-version-check duckdb==$(DUCKDB_VERSION)
	touch $@

# pandas reads the export too (`read_json(lines=True)`), checked in make test beside DuckDB.
PANDAS_VERSION := 3.1.1

$(SQL_VENV)/pandas-$(PANDAS_VERSION): $(SQL_VENV)/duckdb-$(DUCKDB_VERSION)
	$(SQL_PYTHON) -m pip install -q --disable-pip-version-check pandas==$(PANDAS_VERSION)
	touch $@

# pylatexenc, the reference the TeX rendering is compared with in make test.
PYLATEXENC_VERSION := 2.11

$(SQL_VENV)/pylatexenc-$(PYLATEXENC_VERSION): $(SQL_VENV)/duckdb-$(DUCKDB_VERSION)
	$(SQL_PYTHON) -m pip install -q --disable-pip-version-check pylatexenc==$(PYLATEXENC_VERSION)
	touch $@

test: $(SQL_VENV)/duckdb-$(DUCKDB_VERSION) $(SQL_VENV)/pandas-$(PANDAS_VERSION) $(SQL_VENV)/pylatexenc-$(PYLATEXENC_VERSION)

PYSPARK_VERSION := 4.3.0

# Spark runs on a Java runtime: Debian's, installed when missing.
$(SQL_VENV)/pyspark-$(PYSPARK_VERSION): $(SQL_VENV)/duckdb-$(DUCKDB_VERSION)
	@if ! command -v java >/dev/null 2>&1; then \
	  echo "installing default-jre-headless (for Spark)"; \
	  ($(APT_GET) install -y -qq default-jre-headless >/dev/null 2>&1 || ($(APT_GET) update -qq && $(APT_GET) install -y -qq default-jre-headless >/dev/null)); \
	fi
	$(SQL_PYTHON) -m pip install -q --disable-pip-version-check pyspark==$(PYSPARK_VERSION)
	touch $@

# The class report at district size: SCALE_LEARNERS learners (default 10,000) of about 200 answers,
# report --class against the same SQL on DuckDB and on Spark (local, 2 cores), figures compared,
# times side by side; then export --events' peak memory at 100 and at SCALE_LEARNERS learners.
SCALE_LEARNERS ?= 10000
scale: release $(SQL_VENV)/pyspark-$(PYSPARK_VERSION)
	@# GNU time measures the program's own peak memory (a child forked from Python would count Python's).
	@if [ ! -x /usr/bin/time ]; then \
	  echo "installing time"; \
	  ($(APT_GET) install -y -qq time >/dev/null 2>&1 || ($(APT_GET) update -qq && $(APT_GET) install -y -qq time >/dev/null)); \
	fi
	$(SQL_PYTHON) Tests/SQL/class_report_check.py $(RELEASE_BIN) --learners $(SCALE_LEARNERS) --answers 200 \
	  --engine both --memory-from 100
	$(SQL_PYTHON) Tests/SQL/item_analysis_check.py $(RELEASE_BIN) --learners 1000 --engine both

# The optimiser's peer in `make bench`: py-fsrs's Optimizer (torch on the CPU: the wheel named here; PyPI's
# default torch would pull in CUDA). When it cannot be installed the bench row says so and goes on.
FSRS_VERSION := 6.3.2
TORCH_CPU := torch==2.13.0+cpu

$(SQL_VENV)/fsrs-$(FSRS_VERSION): $(SQL_VENV)/duckdb-$(DUCKDB_VERSION)
	$(SQL_PYTHON) -m pip install -q --disable-pip-version-check '$(TORCH_CPU)' 'fsrs[optimizer]==$(FSRS_VERSION)' \
	  || echo "bench: could not install py-fsrs with $(TORCH_CPU); the optimiser is measured without its peer"
	touch $@

bench: release $(SQL_VENV)/duckdb-$(DUCKDB_VERSION) $(SQL_VENV)/fsrs-$(FSRS_VERSION)
	$(SWIFT) build $(RELEASE_FLAGS) --product practice-bench
	BENCH_PYTHON=$(SQL_PYTHON) Tests/Bench/run-bench.sh $(RELEASE_BIN)

# Re-records the start-up order from the release binary as it is now, relinking it as it goes.
startup-order: release
	@command -v valgrind >/dev/null 2>&1 || $(APT_GET) install -y -qq valgrind
	@command -v perf >/dev/null 2>&1 || $(APT_GET) install -y -qq linux-perf
	Sources/practice/record-startup-order.sh $(RELEASE_BIN)

# Every case at full size: the fault suite and libFuzzer (FUZZ_SECONDS per target), then the unit suite's
# long cases (8,000 fsync'd appends, 100 kill -9s, ten times the fuzz-input mutations) at their full count.
stress: release
	Tests/Stress/run-stress.sh $(RELEASE_BIN)
	$(SWIFT) build --build-tests
	PRACTICE_STRESS=1 $(SWIFT) test --skip-build --filter 'ConcurrencyTests|DurabilityTests|FuzzInputReplayTests|SharedClassFolderTests'


# The manual page and the completion scripts are written by the program from its help definitions.
PREFIX ?= /usr/local
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
install: release
	install -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/share/man/man1 $(INSTALL_ROOT)/share/practice/courses \
	  $(INSTALL_ROOT)/share/bash-completion/completions $(INSTALL_ROOT)/share/zsh/site-functions \
	  $(INSTALL_ROOT)/share/fish/vendor_completions.d
	install -m 755 $(RELEASE_BIN) $(INSTALL_ROOT)/bin/practice
	cp -R Data/courses/physics-grade8 $(INSTALL_ROOT)/share/practice/courses/
	$(RELEASE_BIN) --generate-manual > $(INSTALL_ROOT)/share/man/man1/practice.1
	$(RELEASE_BIN) --generate-completion-script bash > $(INSTALL_ROOT)/share/bash-completion/completions/practice
	$(RELEASE_BIN) --generate-completion-script zsh > $(INSTALL_ROOT)/share/zsh/site-functions/_practice
	$(RELEASE_BIN) --generate-completion-script fish > $(INSTALL_ROOT)/share/fish/vendor_completions.d/practice.fish

format:
	$(SWIFT) format -i -r Sources Tests Package.swift

clean:
	rm -rf .build
