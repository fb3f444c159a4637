/// A finished JSON document: bytes a `JSONWriter` wrote, handed over without a copy.
///
/// Immutable, and its memory lives exactly as long as the object, so a server can pass
/// `baseAddress` to C code that keeps the object alive until it is done.
public final class JSONBytes: @unchecked Sendable {
    // @unchecked: the memory is written only by the JSONWriter that created it, before this
    // object exists; afterwards it is only read, and it is freed once, in deinit.
    public let baseAddress: UnsafeRawPointer
    public let count: Int

    init(taking base: UnsafeMutablePointer<UInt8>, count: Int) {
        baseAddress = UnsafeRawPointer(base)
        self.count = count
    }

    deinit {
        UnsafeMutableRawPointer(mutating: baseAddress).deallocate()
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
