/// The weights of content negotiation (RFC 9110 §12.4.2): `;q=` and a qvalue, read in
/// thousandths. One parser for every negotiation: `Accept`, `Accept-Encoding`, and any later.
public enum QualityValue {
    /// The weight of a list element given its parameters (the bytes after its value, each
    /// parameter led by `;`): 1000 without a `q`, 0 for a refusal, nil when the `q` is not a
    /// qvalue (`q=2`, `q=0.5000`, `q=.5`, `q= 1`): RFC 9110 gives such an element no meaning,
    /// so it is ignored, neither accepted nor refused.
    public static func weight<Bytes: BidirectionalCollection<UInt8>>(parameters: Bytes) -> Int? where Bytes.SubSequence == Bytes {
        var rest = parameters
        while let semicolon = rest.firstIndex(of: UInt8(ascii: ";")) {
            rest = rest[rest.index(after: semicolon)...]
            let parameter = ASCII.trimmed(rest.prefix { $0 != UInt8(ascii: ";") })
            guard let first = parameter.first, ASCII.lowercase(first) == UInt8(ascii: "q") else { continue }
            let afterName = parameter.dropFirst()
            if afterName.first == UInt8(ascii: "=") { return value(afterName.dropFirst()) }
            // `q =1`: a weight with space around its `=`, which the grammar has none of.
            if afterName.drop(while: { $0 == 0x20 || $0 == 0x09 }).first == UInt8(ascii: "=") { return nil }
        }
        return 1000
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    static func value<Bytes: Collection<UInt8>>(_ text: Bytes) -> Int? {
        guard let first = text.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var digits = text.dropFirst()
        var thousandths = first == UInt8(ascii: "1") ? 1000 : 0
        guard !digits.isEmpty else { return thousandths }
        guard digits.first == UInt8(ascii: "."), digits.count <= 4 else { return nil }
        digits = digits.dropFirst()
        var scale = 100
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            thousandths += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return thousandths <= 1000 ? thousandths : nil
    }
}
