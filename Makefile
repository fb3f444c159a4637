# routebar: two commands on a fresh Debian machine.
#   make run    installs what is missing, builds, serves on 127.0.0.1:8080
#   make test   installs what is missing, builds, runs the whole suite

SHELL := /bin/bash
HOST ?= 127.0.0.1
PORT ?= 8080

# The Swift toolchain lives in /opt/swift on our machines; use it when swift is not on PATH.
ifeq ($(shell command -v swift 2>/dev/null),)
export PATH := /opt/swift/usr/bin:$(PATH)
endif

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libmicrohttpd-dev zlib1g-dev libicu-dev libsimdjson-dev tzdata pkg-config

.PHONY: run test build release deps clean bench fuzz sanitize docs help golden

## help: these lines: every target beyond run and test, and what it does.
help:
	@sed -n '2,3s/^# *//p; s/^## //p' $(firstword $(MAKEFILE_LIST))

## deps: install libmicrohttpd's, zlib's, ICU's and simdjson's headers, the tz database (and pkg-config) with apt when they are missing.
# The toolchain is checked first, so that a machine without one is told so before apt runs. The
# environment variable goes after sudo, which clears the caller's: tzdata would otherwise ask for
# a time zone on a machine without /etc/localtime, and the install would wait for an answer.
deps:
	@command -v swift >/dev/null 2>&1 || { echo "swift not found: install a Swift 6 toolchain (swift.org) or put it on PATH"; exit 1; }
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd zlib icu-i18n simdjson || [ ! -e /usr/share/zoneinfo/Europe/Paris ]; then \
		echo "Installing $(APT_PACKAGES) with apt-get$(if $(SUDO), (through sudo: not root))"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(APT_PACKAGES); \
	fi

build: deps
	swift build

# The toolchain's lld: gold trips over ASan's symbols (make fuzz, make sanitize), and only lld packs
# relocations and orders functions (RELEASE_FLAGS).
LLD := -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
# The release binary, as the Dockerfile builds it (Tests/Integration/test_container.py checks that
# they agree) and `make bench` measures it:
# - the Swift runtime linked statically: 2.8 MB less resident memory under load than the shared
#   libraries, and calls into the runtime without the PLT;
# - relative relocations packed (DT_RELR, glibc 2.36 and later: Debian 12): 27,000 relocations in
#   632 KiB that every start read become 5.5 KiB;
# - the functions a serving process runs placed together, in the order of
#   Sources/routebar/link-order.txt (`make link-order` writes it): the pages it touches are few
#   and adjacent. Peak RSS on `single`, with both: 15.0 -> 12.6-13.0 MiB (bench/results.md, history).
#   The linker moves sections, so each function of ours gets its own (-function-sections; before,
#   a source file's functions moved together or not at all);
# - no symbol of ours exported (the static runtime's link arguments ask for --export-dynamic):
#   nothing loads this executable's symbols, and the 2,564 names cost every start 0.2 MiB of
#   resident symbol tables, read by each library's symbol lookups.
RELEASE_FLAGS := --static-swift-stdlib $(LLD) -Xlinker -z -Xlinker pack-relative-relocs \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections \
	-Xlinker --symbol-ordering-file=Sources/routebar/link-order.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic
release: deps
	swift build -c release $(RELEASE_FLAGS)

## release-flags: prints RELEASE_FLAGS, for scripts that build as `make release` does (bench/run.sh).
.PHONY: release-flags
release-flags:
	@echo $(RELEASE_FLAGS)

## link-order: Sources/routebar/link-order.txt from the release server run under callgrind on the bench's
## workloads (scripts/link-order.py, which reads symbols with nm and objdump); valgrind and binutils
## from apt when missing. Commit the file it writes.
## SwiftPM does not know lld reads the list, so the linked binaries go: the next build links anew.
.PHONY: link-order
link-order: release
	@command -v valgrind >/dev/null 2>&1 && command -v nm >/dev/null 2>&1 && command -v objdump >/dev/null 2>&1 || { \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends valgrind binutils; }
	python3 scripts/link-order.py
	rm -f .build/release/routebar .build/release/routebar-microbench

run: release
	.build/release/routebar serve --host $(HOST) --port $(PORT) --access-log on

## install: the release build as $(PREFIX)/bin/routebar (PREFIX defaults to /usr/local), so that
## `routebar` is on PATH; DESTDIR=DIR stages it under DIR. sudo only when not root and the directory
## (or, while it does not exist yet, its nearest existing parent) is not writable.
## uninstall: removes $(DESTDIR)$(PREFIX)/bin/routebar, the same way.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_BIN = $(DESTDIR)$(PREFIX)/bin
# Sets $$sudo to $(SUDO) when the directory $(1) cannot be written as we are.
sudo_for = dir='$(1)'; while [ ! -d "$$dir" ]; do dir=$$(dirname "$$dir"); done; \
	sudo=; if [ ! -w "$$dir" ]; then sudo='$(SUDO)'; fi
.PHONY: install uninstall
install: release
	@$(call sudo_for,$(INSTALL_BIN)); set -x; \
	$$sudo install -d '$(INSTALL_BIN)' && $$sudo install -m 755 .build/release/routebar '$(INSTALL_BIN)/routebar'

uninstall:
	@$(call sudo_for,$(INSTALL_BIN)); set -x; \
	$$sudo rm -f '$(INSTALL_BIN)/routebar'

## venv: the repository's virtualenv (.venv) with the pinned pytest that runs Tests/Integration; each
## test module pip-installs the pinned tools it needs (Tests/Integration/conftest.py, PINS).
PYTEST_VERSION := 9.2.0
PYTEST := PYTHONDONTWRITEBYTECODE=1 .venv/bin/python -m pytest
.PHONY: venv
venv:
	@if ! .venv/bin/python -m pip --version >/dev/null 2>&1; then \
		rm -rf .venv; \
		if ! python3 -m venv .venv >/dev/null 2>&1; then \
			rm -rf .venv; echo "Installing python3 and python3-venv with apt-get"; \
			$(SUDO) apt-get update -qq && \
			$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 python3-venv && \
			python3 -m venv .venv; \
		fi; \
	fi
	@.venv/bin/python -m pip install -q --disable-pip-version-check pytest==$(PYTEST_VERSION)

## quick: the inner loop: lint, then the unit and in-process tests (Swift Testing; the HTTP ones
## start the server in process on loopback), under 3 minutes once built; `make test` runs them all.
.PHONY: quick
quick: deps
	swift format lint --strict --recursive Sources Tests Tools Package.swift
	swift build --build-tests
	swift test --skip-build

test: deps venv
	swift format lint --strict --recursive Sources Tests Tools Package.swift
	swift build --build-tests
	swift test --skip-build
	$(MAKE) docs
	swift build -c release --build-tests --scratch-path .build/release-tests -Xswiftc -enable-testing
	swift test -c release --skip-build --scratch-path .build/release-tests --filter AllocationTests
	# The integration tests (Tests/Integration) but the load ones: API, contract, generators, README,
	# HTTP semantics, consumer, lints, container (make container-test), browser.
	$(PYTEST) -m "not load" Tests/Integration
	# `make load` as CI's fresh clone meets it (a release build, tools from apt), shortest soak.
	$(MAKE) load SOAK_SECONDS=30

## golden: rewrites examples/planners/expected/ (and errors/expected/), the answer each recorded planner answer gets
## (GoldenAnswersTests); for a change to answers that is meant: review the diff, and commit it with the change.
.PHONY: golden
golden: deps
	swift build --build-tests
	ROUTEBAR_GOLDEN_UPDATE=1 swift test --skip-build --filter GoldenAnswersTests

## words: Sources/RouteBar/SentenceWords+Languages.swift from the word tables, Sources/RouteBar/Words/*.words
## (one per language, each word with its source); SentenceWordsTests fails until it is run after an edit.
.PHONY: words
words:
	python3 scripts/sentence-words.py

## icons: Sources/RouteBarDrawing/ModeIcon+Paths.swift, each transit mode's icon as SVG path data, from Material Icons'
## font (Debian's fonts-material-design-icons-iconfont, read with python3-fonttools) and Lucide's SVGs (PyPI's lucide
## wheel, downloaded with python3-pip); the three from apt when missing. NOTICE gives the icons' licences.
## `/usr/bin/python3 scripts/mode-icons.py --check` tells whether the file is up to date.
ICON_PACKAGES := fonts-material-design-icons-iconfont python3-fonttools python3-pip
.PHONY: icons
icons:
	@if [ ! -e /usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf ] || \
		! /usr/bin/python3 -c 'import fontTools' 2>/dev/null || ! /usr/bin/python3 -m pip --version >/dev/null 2>&1; then \
		echo "Installing $(ICON_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(ICON_PACKAGES); \
	fi
	/usr/bin/python3 scripts/mode-icons.py

## label-fonts: Sources/RouteBar/LabelFont+Advances.swift, the advance widths `labelFont=roboto|noto-sans` measures
## text with, from Debian's fonts-roboto-unhinted, fonts-noto-core and fonts-noto-cjk (read with python3-fonttools);
## the four from apt when missing. `/usr/bin/python3 scripts/label-fonts.py --check` tells whether the file is up to date.
LABEL_FONT_PACKAGES := fonts-roboto-unhinted fonts-noto-core fonts-noto-cjk python3-fonttools
.PHONY: label-fonts
label-fonts:
	@if [ ! -e /usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf ] || \
		[ ! -e /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ] || \
		[ ! -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || ! /usr/bin/python3 -c 'import fontTools' 2>/dev/null; then \
		echo "Installing $(LABEL_FONT_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(LABEL_FONT_PACKAGES); \
	fi
	/usr/bin/python3 scripts/label-fonts.py

## screenshots: docs/playground{,-dark}.png and docs/route-list-{light,dark}.png, drawn by headless Chromium from
## the running service (the browser test's checks run too).
.PHONY: screenshots
screenshots: build venv
	SCREENSHOT=1 $(PYTEST) Tests/Integration/test_browser.py

## container-test: the Dockerfile's runtime stage without a Docker daemon: the binary built as its build
## stage builds it, in a debootstrap'd bookworm with the stage's packages, user, environment, health check
## and stop signal (Tests/Integration/test_container.py; root or sudo; the first run downloads Debian, about 30 s).
.PHONY: container-test
container-test: deps venv
	$(PYTEST) Tests/Integration/test_container.py

## scale-out: three instances behind nginx on loopback under wrk, one stopped with SIGTERM mid-run.
.PHONY: scale-out
scale-out: release
	bash scripts/scale-out.sh

## api-baselines: rewrites swift-api/<product>.json, the public API a release ships (Tests/Integration/test_api_check.py).
.PHONY: api-baselines
api-baselines: deps venv
	ROUTEBAR_API_UPDATE=1 $(PYTEST) Tests/Integration/test_api_check.py

## docs: a DocC archive per library product and RouteBarPlanners, which RouteBarJSON re-exports
## (Sources/<product>/<product>.docc plus its public
## symbols) with the toolchain's own docc, warnings as errors, in .build/docs/<product>.doccarchive.
DOC_PRODUCTS := RouteBar RouteBarPlanners RouteBarJSON RouteBarDrawing RouteBarClient
docs: deps
	@set -e; for product in $(DOC_PRODUCTS); do swift build --target $$product; done; \
	modules=$$(swift build --show-bin-path)/Modules; \
	for product in $(DOC_PRODUCTS); do \
		graphs=.build/docs/$$product.symbols; rm -rf $$graphs; mkdir -p $$graphs; \
		swift-symbolgraph-extract -module-name $$product -I $$modules -target $$(uname -m)-unknown-linux-gnu \
			-minimum-access-level public -output-dir $$graphs; \
		docc convert Sources/$$product/$$product.docc --additional-symbol-graph-dir $$graphs \
			--fallback-display-name $$product --fallback-bundle-identifier org.routebar.$$product \
			--output-path .build/docs/$$product.doccarchive --warnings-as-errors; \
	done

## bench: the service against its peers (bench/peers: C, Node, the ceiling) in interleaved wrk rounds, then gzip,
## in-process, allocation and parser numbers; writes bench/results.md.
bench: deps
	bash bench/run.sh

## fuzz: the request decoder under libFuzzer and AddressSanitizer for FUZZ_SECONDS (default 60).
## New inputs go to .build/fuzz-corpus, crashes to .build/fuzz-artifacts; seeds are Tests/FuzzCorpus and examples/.
FUZZ_SECONDS ?= 60
fuzz: deps
	ROUTEBAR_DEV_TOOLS=1 swift build -c release --product routebar-fuzz --scratch-path .build/fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcxx -fsanitize=fuzzer-no-link,address $(LLD)
	mkdir -p .build/fuzz-corpus .build/fuzz-artifacts
	SWIFT_BACKTRACE=enable=no .build/fuzz/release/routebar-fuzz .build/fuzz-corpus Tests/FuzzCorpus examples \
		-max_total_time=$(FUZZ_SECONDS) -max_len=8192 -artifact_prefix=.build/fuzz-artifacts/ -print_final_stats=1

## sanitize: the whole Swift suite under AddressSanitizer, then under ThreadSanitizer
## (the integration tests run the sanitized server binary, so libmicrohttpd's threads are covered).
## LeakSanitizer checks every server that exits on its own (the SIGTERM and SIGINT tests), not the
## test runner.
sanitize: deps
	swift build --build-tests --scratch-path .build/asan --sanitize=address $(LLD)
	ASAN_OPTIONS=detect_leaks=0 ROUTEBAR_SERVER_ASAN_OPTIONS=detect_leaks=1 \
		swift test --skip-build --scratch-path .build/asan --sanitize=address
	swift build --build-tests --scratch-path .build/tsan --sanitize=thread $(LLD)
	# A server that races dies on the spot, so the test talking to it fails.
	TSAN_OPTIONS=halt_on_error=1 swift test --skip-build --scratch-path .build/tsan --sanitize=thread

clean:
	rm -rf .build

## load: the reliability tests (Tests/Integration, marker load: storm, slow clients, idle-socket lockout,
## amplification, memory account (one fresh server per attack, peak VmHWM), locale tags and zone names
## (test_locale_bounds.py), SIGTERM under load, soak,
## leaks) against the release binary, and its layout (test_release_layout.py), one module after the
## other; fails if any failed. SOAK_SECONDS=N (default 180, at least 30). wrk, strace and valgrind
## come from apt when missing.
.PHONY: load
load: release venv
	SOAK_SECONDS=$(or $(SOAK_SECONDS),180) $(PYTEST) -m load Tests/Integration
