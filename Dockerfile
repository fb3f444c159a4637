# routebar: build with the official Swift image, run on slim Debian.
# Mirrors `make release`: libmicrohttpd-dev from apt, then `swift build -c release`.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest names the test targets too, so their folders must exist for it to load.
COPY Package.swift openapi.yaml ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product routebar \
    && install -D -m 0755 .build/release/routebar /out/routebar \
    && strip /out/routebar

FROM debian:bookworm-slim
# libmicrohttpd12 is the runtime half of libmicrohttpd-dev; curl serves the health check.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 curl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin routebar
COPY --from=build /out/routebar /usr/local/bin/routebar
USER 10001
ENV ROUTEBAR_HOST=0.0.0.0 \
    ROUTEBAR_PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=2s --start-period=5s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
# SIGTERM drains the requests in flight before the process exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/routebar"]
CMD ["serve"]
