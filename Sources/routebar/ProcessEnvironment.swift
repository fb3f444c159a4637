#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads environment variables (Foundation-free).
struct ProcessEnvironment {
    subscript(name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
