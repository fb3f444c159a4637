/// A finished JSON document: bytes a `JSONWriter` wrote, handed over without a copy.
///
/// Immutable, and its memory lives exactly as long as the object, so a server can pass
/// `baseAddress` to C code that keeps the object alive until it is done.
public final class JSONBytes: @unchecked Sendable {
    // @unchecked: the memory is written only by the JSONWriter that created it, before this
    // object exists; afterwards it is only read, and it is freed once, in deinit.
    public let baseAddress: UnsafeRawPointer
    public let count: Int
    /// The buffer's size, and the pool it goes back to, if any.
    private let capacity: Int
    private let pool: Unmanaged<JSONBufferPool>?

    /// Takes the buffer, and the writer's retain of `pool`.
    init(taking base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, pool: Unmanaged<JSONBufferPool>?) {
        baseAddress = UnsafeRawPointer(base)
        self.count = count
        self.capacity = capacity
        self.pool = pool
    }

    deinit {
        JSONWriter.free(UnsafeMutablePointer(mutating: baseAddress.assumingMemoryBound(to: UInt8.self)), capacity: capacity, to: pool)
        pool?.release()
    }

    /// The bytes, valid while this object lives.
    public var buffer: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: baseAddress, count: count)
    }

    /// A copy, as an array.
    public var array: [UInt8] {
        Array(UnsafeRawBufferPointer(start: baseAddress, count: count))
    }
}
