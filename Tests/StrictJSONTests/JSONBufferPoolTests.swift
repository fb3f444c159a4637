import StrictJSON
import Testing

@Suite struct JSONBufferPoolTests {
    /// A document's buffer goes back to the pool when the document is freed, and the next
    /// writer that fits in it writes there: the same memory, not fresh pages.
    @Test func aFreedDocumentsBufferIsTheNextWritersBuffer() {
        let pool = JSONBufferPool(count: 2, smallest: 1024)
        var first = JSONWriter(capacity: 4096, from: pool)
        first.beginArray()
        for index in 0..<100 { first.number(Double(index) + 0.5) }
        first.endArray()
        let document = first.finish()
        let address = document.baseAddress
        #expect(pool.keptBytes == 0)
        _ = consume document
        #expect(pool.keptBytes == 4096)

        var second = JSONWriter(capacity: 2048, from: pool)
        second.beginObject()
        second.field("a", "b")
        second.endObject()
        let reused = second.finish()
        #expect(reused.baseAddress == address)
        #expect(pool.keptBytes == 0)
        // Nothing of the first document shows through.
        #expect(String(decoding: reused.array, as: UTF8.self) == #"{"a":"b"}"#)
    }

    /// The smallest kept buffer that fits is taken; one too small for the writer is left kept.
    @Test func theSmallestBufferThatFitsIsTaken() {
        let pool = JSONBufferPool(count: 3, smallest: 1024)
        var addresses: [Int: UnsafeRawPointer] = [:]
        for capacity in [8192, 2048, 4096] {
            let document = JSONWriter(capacity: capacity, from: pool).finish()
            addresses[capacity] = document.baseAddress
            withExtendedLifetime(document) {}
        }
        // Each was freed before the next was made, so the first buffer served all three.
        #expect(pool.keptBytes == 8192)
        pool.empty()

        var held = [8192, 2048, 4096].map { JSONWriter(capacity: $0, from: pool).finish() }
        addresses = Dictionary(uniqueKeysWithValues: zip([8192, 2048, 4096], held.map(\.baseAddress)))
        held.removeAll()
        #expect(pool.keptBytes == 8192 + 2048 + 4096)

        let fits3000 = JSONWriter(capacity: 3000, from: pool).finish()
        #expect(fits3000.baseAddress == addresses[4096])
        let fits1500 = JSONWriter(capacity: 1500, from: pool).finish()
        #expect(fits1500.baseAddress == addresses[2048])
        #expect(pool.keptBytes == 8192)
        withExtendedLifetime((fits3000, fits1500)) {}
    }

    /// Small buffers are not kept, nor more than `count`; `empty()` frees what is kept.
    @Test func thePoolKeepsAtMostCountBuffersOfAtLeastSmallest() {
        let pool = JSONBufferPool(count: 2, smallest: 1024)
        _ = JSONWriter(capacity: 512, from: pool).finish()
        #expect(pool.keptBytes == 0)

        var held = (0..<3).map { _ in JSONWriter(capacity: 2048, from: pool).finish() }
        held.removeAll()
        #expect(pool.keptBytes == 2 * 2048)
        pool.empty()
        #expect(pool.keptBytes == 0)
    }

    /// A writer that outgrows its pooled buffer gives it back, and its larger one comes back
    /// in turn with its document; a writer dropped unfinished gives back its buffer too.
    @Test func buffersComeBackWhenAWriterGrowsOrIsDropped() {
        let pool = JSONBufferPool(count: 4, smallest: 1024)
        var writer = JSONWriter(capacity: 1024, from: pool)
        writer.beginArray()
        for _ in 0..<600 { writer.string("abc") }
        writer.endArray()
        // The 1,024 bytes it started with came back when it grew (and any step between).
        let keptWhileGrowing = pool.keptBytes
        #expect(keptWhileGrowing >= 1024)
        let grown = writer.finish()
        #expect(grown.count == 2 + 600 * 5 + 599)
        _ = consume grown
        #expect(pool.keptBytes >= keptWhileGrowing + 2 + 600 * 5 + 599)

        pool.empty()
        do {
            var dropped = JSONWriter(capacity: 2048, from: pool)
            dropped.null()
        }
        #expect(pool.keptBytes == 2048)
    }
}
