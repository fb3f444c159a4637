import Testing

@testable import MicroHTTP

/// The `X-Request-Id` the server makes up: its prefix, a dash, and its sequence in hexadecimal.
@Suite struct RequestIdTests {
    @Test(arguments: [
        (UInt64(1), "b68e5cc9-1"), (0xF, "b68e5cc9-f"), (0x10, "b68e5cc9-10"), (0xAB_CDEF, "b68e5cc9-abcdef"),
        (0x100_0000, "b68e5cc9-1000000"), (.max, "b68e5cc9-ffffffffffffffff"),
    ])
    func theSequenceIsWrittenInHexadecimal(sequence: UInt64, expected: String) {
        #expect(HTTPServer.requestId(prefix: "b68e5cc9", sequence: sequence) == expected)
    }

    @Test func everySequenceReadsAsRadixSixteen() {
        var generator = SystemRandomNumberGenerator()
        for shift in 0..<64 {
            let sequence = UInt64.random(in: 0...(UInt64.max >> shift), using: &generator)
            let id = HTTPServer.requestId(prefix: "7", sequence: sequence)
            #expect(id == "7-" + String(sequence, radix: 16), "\(sequence)")
        }
    }
}
