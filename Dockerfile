# routebar: build with the official Swift image, run on slim Debian.
# Mirrors `make release`: libmicrohttpd-dev, zlib1g-dev, libicu-dev and libsimdjson-dev from apt,
# then `swift build -c release`.
#
# Debian package versions (hadolint DL3008): libmicrohttpd and pkg-config are pinned to the
# versions in Debian 12 (bookworm), unchanged since its release; one ARG pins the headers the
# binary is built against and the library it runs with to the same version. A Debian archive
# keeps only the newest version of a package per suite, so when a pin stops resolving
# ("Version ... was not found"), look the new one up with `apt-cache policy PACKAGE` on
# bookworm and bump it here; `make test` checks every pin against the archive
# (Tests/Integration/test_lint_container.py). Packages Debian updates for security are not pinned: zlib1g-dev
# here (1:1.2.13.dfsg-1 became 1:1.2.13.dfsg-1+deb12u1 and the old pin stopped resolving),
# curl in the runtime stage.
ARG LIBMICROHTTPD_VERSION=0.9.75-6
ARG PKG_CONFIG_VERSION=1.8.1-1

FROM swift:6.3-bookworm AS build
ARG LIBMICROHTTPD_VERSION
ARG PKG_CONFIG_VERSION
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        "libmicrohttpd-dev=${LIBMICROHTTPD_VERSION}" "pkg-config=${PKG_CONFIG_VERSION}" zlib1g-dev libicu-dev libsimdjson-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest names the test targets too, so their folders must exist for it to load.
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
COPY Tests ./Tests
# The flags are the Makefile's RELEASE_FLAGS (test_container.py checks it): the runtime linked
# statically, lld with relocations packed, a section per function placed in
# Sources/routebar/link-order.txt's order, and no symbol exported.
RUN swift build -c release --static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
        -Xlinker -z -Xlinker pack-relative-relocs \
        -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections \
        -Xlinker --symbol-ordering-file=Sources/routebar/link-order.txt \
        -Xlinker --no-warn-symbol-ordering -Xlinker --no-export-dynamic --product routebar \
    && install -D -m 0755 .build/release/routebar /out/routebar \
    && strip /out/routebar

FROM debian:bookworm-slim
ARG LIBMICROHTTPD_VERSION
# libmicrohttpd12 is the runtime half of libmicrohttpd-dev (zlib1g, zlib1g-dev's, is part of
# every Debian system: it is Priority required); libicu72 is libicu-dev's (clock text from
# CLDR, opened with dlopen on first use, so not in the binary's ldd); libsimdjson14 is libsimdjson-dev's (the routes of our own shape, read fast); tzdata is
# the IANA time-zone database that decides UTC offsets (kept current by bookworm's updates,
# unlike ICU 72's own 2022 zone data); curl serves the health check.
# curl is deliberately not pinned: bookworm has had 15 curl updates since its release in 2023
# (7.88.1-10+deb12u1 to u15, about one every two months) and the archive drops the previous one
# each time, so a pin would break the build every few months; the health check needs nothing
# version-specific from curl.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends "libmicrohttpd12=${LIBMICROHTTPD_VERSION}" libicu72 libsimdjson14 tzdata curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin routebar
COPY --from=build /out/routebar /usr/local/bin/routebar
# The license and the third-party notices travel with the binary (Apache-2.0 section 4).
COPY LICENSE NOTICE /usr/share/doc/routebar/
USER 10001
ENV ROUTEBAR_HOST=0.0.0.0 \
    ROUTEBAR_PORT=8080
EXPOSE 8080
# Exec form (hadolint DL3025): no shell in between; any non-zero exit of curl (-f: also on an
# HTTP error status) counts as a failed check.
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 \
    CMD ["curl", "-fsS", "--max-time", "2", "http://127.0.0.1:8080/healthz"]
# SIGTERM drains the requests in flight before the process exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/routebar"]
CMD ["serve"]
