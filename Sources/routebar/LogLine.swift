import StrictJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One JSON object per line on stderr, written with a single `write` so that lines from
/// different threads never interleave (each is far below PIPE_BUF).
///
/// ```swift
/// LogLine.write(event: "listening", message: "…") { $0.field("port", 8080) }
/// ```
public enum LogLine {
    public static func write(
        level: StaticString = "info", event: StaticString, message: String? = nil,
        fields: (inout JSONWriter) -> Void = { _ in }
    ) {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("time")
        writer.string(timestamp())
        writer.key("level")
        writer.string(String(describing: level))
        writer.key("event")
        writer.string(String(describing: event))
        if let message { writer.field("message", message) }
        fields(&writer)
        writer.endObject()
        var line = writer.bytes
        line.append(UInt8(ascii: "\n"))
        line.withUnsafeBytes { bytes in _ = systemWrite(2, bytes.baseAddress, bytes.count) }
    }

    /// RFC 3339 UTC with microseconds, such as 2026-11-29T20:31:07.123456Z.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(now.tv_nsec / 1000, 6))Z"
    }
}
