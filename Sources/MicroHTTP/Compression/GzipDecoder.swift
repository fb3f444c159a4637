import CZlib

/// Decompresses a gzip-coded request body (RFC 1952, one member or several) as it arrives,
/// refusing to produce more than a limit: a small body that inflates to gigabytes (a gzip
/// bomb) is stopped at the limit, after reading only as much of it as that took.
///
/// One user at a time: the zlib stream it owns is not thread-safe.
final class GzipDecoder {
    enum Failure: Error {
        /// Not gzip, or damaged.
        case corrupt
        /// The decompressed body would pass the limit.
        case tooLarge
        /// `makeRoom` refused the memory for more of it.
        case noRoom
    }

    /// What one decoder holds, for the memory account: zlib's inflate state (about 7 KiB) and
    /// its 32 KiB window, and the stream.
    static let stateBytes = 48 * 1024

    private let stream: UnsafeMutablePointer<z_stream>
    /// The last member has ended; anything more must begin another.
    private(set) var isFinished = false

    init?() {
        // Allocated, not stored inline: zlib's state points back at the stream, so it must not move.
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates `input`, appending to `output`, which may not pass `limit` bytes; `makeRoom`
    /// grows `output` to hold a count of bytes before they are appended, or refuses.
    func decompress(
        _ input: UnsafeRawBufferPointer, into output: inout [UInt8], limit: Int,
        makeRoom: (inout [UInt8], Int) -> Bool = { _, _ in true }
    ) throws(Failure) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = UInt32(input.count)
        // 16 KiB at a time, on the stack: the output grows only by what the input really holds.
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { (buffer) throws(Failure) in
            while stream.pointee.avail_in > 0 {
                if isFinished {
                    // Another member follows (RFC 1952 allows several).
                    guard inflateReset(stream) == Z_OK else { throw .corrupt }
                    isFinished = false
                }
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = UInt32(buffer.count)
                let result = inflate(stream, Z_NO_FLUSH)
                let produced = buffer.count - Int(stream.pointee.avail_out)
                guard output.count + produced <= limit else { throw .tooLarge }
                guard makeRoom(&output, output.count + produced) else { throw .noRoom }
                output.append(contentsOf: buffer[..<produced])
                switch result {
                case Z_STREAM_END: isFinished = true
                case Z_OK: break
                case Z_BUF_ERROR: return  // no progress possible until more input comes
                default: throw .corrupt
                }
            }
        }
    }
}
