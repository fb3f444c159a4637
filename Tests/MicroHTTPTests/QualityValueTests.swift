import Testing

@testable import MicroHTTP

/// One parser of RFC 9110's weights for every negotiation: a malformed `q` is no acceptance.
@Suite struct QualityValueTests {
    @Test(arguments: [
        (";q=1", 1000), (";q=1.000", 1000), (";q=0", 0), (";q=0.", 0), (";q=0.5", 500), (";Q=0.125", 125),
        (" ; level=1 ; q=0.001", 1), ("", 1000), (";level=1", 1000),
    ])
    func aQValueIsReadInThousandths(parameters: String, thousandths: Int) {
        #expect(QualityValue.weight(parameters: Array(parameters.utf8)[...]) == thousandths)
    }

    @Test(arguments: [";q=2", ";q=1.5", ";q=1.001", ";q=0.5000", ";q=.5", ";q= 1", ";q =1", ";q=", ";q=-0", ";q=0x1", ";q=1e0"])
    func aMalformedQValueIsNoWeight(parameters: String) {
        #expect(QualityValue.weight(parameters: Array(parameters.utf8)[...]) == nil)
    }

    @Test func everyNegotiationReadsItsWeightsTheSameWay() {
        func acceptance(_ header: String) -> ContentCoding.Acceptance {
            Array(header.utf8).withUnsafeBufferPointer { ContentCoding.acceptance($0) }
        }
        // A malformed weight used to count as acceptance.
        #expect(!acceptance("gzip;q=2").gzip)
        #expect(!acceptance("gzip;q=0.5000").gzip)
        #expect(acceptance("gzip;q=0.001").gzip)
        #expect(!acceptance("gzip;q=0.000").gzip)
        #expect(acceptance("identity;q=0, gzip").identity == false)
        let weights = MediaType.acceptedRanges("image/svg+xml;q=0.5, application/x-ndjson;q=1.5, */*;q=0.9").map(\.weight)
        #expect(weights == [500, 900])
    }
}
