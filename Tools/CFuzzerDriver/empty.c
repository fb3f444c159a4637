/* A header-only module: SwiftPM wants one source file per C target. */
