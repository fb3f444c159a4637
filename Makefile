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
APT_PACKAGES := libmicrohttpd-dev pkg-config

.PHONY: run test build release deps clean

## deps: install libmicrohttpd's headers (and pkg-config) with apt when they are missing.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd; then \
		echo "Installing $(APT_PACKAGES) with apt-get"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(APT_PACKAGES); \
	fi
	@command -v swift >/dev/null 2>&1 || { echo "swift not found: install a Swift 6 toolchain (swift.org) or put it on PATH"; exit 1; }

build: deps
	swift build

release: deps
	swift build -c release

run: release
	.build/release/routebar serve --host $(HOST) --port $(PORT)

test: deps
	swift build --build-tests
	swift test --skip-build

clean:
	rm -rf .build
