import CZlib

/// Compresses to the gzip format (RFC 1952) with zlib: a whole body at once, or a stream piece
/// by piece, each piece flushed so that a client can decode it as soon as it arrives.
///
/// One user at a time: the zlib stream it owns is not thread-safe.
final class GzipEncoder {
    private let stream: UnsafeMutablePointer<z_stream>

    /// `level` is zlib's, 1 (fastest) to 9 (smallest); 6 is zlib's default.
    init?(level: Int32 = 6) {
        // Allocated, not stored inline: zlib's state points back at the stream, so it must not move.
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard czlib_deflate_init_gzip(stream, level) == Z_OK else {
            stream.deallocate()
            return nil
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// A whole body, compressed.
    static func compress(_ bytes: UnsafeRawBufferPointer, level: Int32 = 6) -> [UInt8]? {
        GzipEncoder(level: level)?.compress(bytes, finish: true)
    }

    /// Compresses `input` and returns what zlib wrote: with `finish`, the end of the gzip
    /// member; otherwise a sync flush, so everything given so far can be decoded.
    func compress(_ input: UnsafeRawBufferPointer, finish: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        let chunk = max(64, Int(deflateBound(stream, UInt(input.count))) + 16)
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = UInt32(input.count)
        while true {
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: chunk))
            let result = output.withUnsafeMutableBufferPointer { buffer -> Int32 in
                stream.pointee.next_out = buffer.baseAddress! + start
                stream.pointee.avail_out = UInt32(chunk)
                return deflate(stream, finish ? Z_FINISH : Z_SYNC_FLUSH)
            }
            let produced = chunk - Int(stream.pointee.avail_out)
            output.removeLast(chunk - produced)
            switch result {
            case Z_STREAM_END:
                return output
            case Z_OK, Z_BUF_ERROR:
                // Done when zlib left room in the output: all input taken, the flush complete.
                if stream.pointee.avail_out > 0 && stream.pointee.avail_in == 0 && !finish { return output }
            default:
                return nil
            }
        }
    }
}
