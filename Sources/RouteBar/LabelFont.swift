/// The font a client draws labels in, which the display plan measures text with (`labelFont=`).
///
/// `estimate` is a deliberately generous guess that holds in any common UI font
/// (`SegmentLabel.estimatedWidth`; bold 15% wider); `roboto` and `notoSans` sum the real advance widths of
/// Roboto (Android's UI font) or Noto Sans, each falling back, as Android and Chrome do, to Noto
/// Sans Arabic, Noto Sans Hebrew and Noto Sans CJK KR. Badges are measured bold, minutes regular.
/// The advances come from Debian's font packages, generated into `LabelFont+Advances.swift` by
/// `scripts/label-fonts.py`, so measuring needs no font file at run time.
///
/// ```swift
/// LabelFont.roboto.width("14 min", bold: false, fontSize: 12)  // 42.48…: Roboto's advances
/// LabelFont.estimate.width("14 min", bold: false, fontSize: 12) // 46.2: 0.6 em a digit
/// ```
public enum LabelFont: String, Sendable, Hashable, CaseIterable {
    case estimate
    case roboto
    case notoSans = "noto-sans"

    /// The text's width in points at `fontSize`: the sum of its characters' advances (no kerning,
    /// no ligatures, no joining forms); a character no face of the stack has counts as the
    /// estimate counts it.
    public func width(_ text: some StringProtocol, bold: Bool, fontSize: Double) -> Double {
        guard self != .estimate else {
            // Bold runs wider: Roboto's and Noto Sans' bold capitals reach 0.88 em where the
            // regular estimate allows 0.7.
            let hundredths = SegmentLabel.hundredths(String(text))
            return Double(bold ? (hundredths * Self.boldPercent + 99) / 100 : hundredths) * fontSize / 100
        }
        let table = Self.tables[tableIndex(bold: bold)]
        var units = 0
        for scalar in text.unicodeScalars {
            units += table.advance(scalar) ?? SegmentLabel.hundredths(scalar) * (Self.units / 100)
        }
        return Double(units) * fontSize / Double(Self.units)
    }

    /// The family names an SVG asks for first, so that a browser draws what was measured.
    public var families: String? {
        switch self {
        case .estimate: nil
        case .roboto: "Roboto, 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans CJK KR'"
        case .notoSans: "'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans CJK KR'"
        }
    }

    /// The estimate of bold text, in percent of the regular estimate.
    static let boldPercent = 115

    /// Advances are stored in ten-thousandths of an em.
    static let units = 10_000

    private func tableIndex(bold: Bool) -> Int {
        (self == .roboto ? 0 : 2) + (bold ? 1 : 0)
    }

    /// Read from the generated runs once, on first use.
    private static let tables: [AdvanceTable] = [
        AdvanceTable(runs(.roboto, bold: false)), AdvanceTable(runs(.roboto, bold: true)),
        AdvanceTable(runs(.notoSans, bold: false)), AdvanceTable(runs(.notoSans, bold: true)),
    ]
}

/// One stack's advances: ASCII in an array, the rest as runs of code points found by binary search.
struct AdvanceTable: Sendable {
    private var ascii = [Int](repeating: -1, count: 128)
    private var starts: [UInt32] = []
    private var ends: [UInt32] = []
    private var advances: [Int32] = []

    init(_ runs: StaticString) {
        var fields = [0, 0, 0]
        var field = 0
        var end: UInt32 = 0
        func finish() {
            let start = end + UInt32(fields[0])
            end = start + UInt32(fields[1])
            starts.append(start)
            ends.append(end)
            advances.append(Int32(fields[2]))
            if start < 128 { for code in start..<min(end, 128) { ascii[Int(code)] = fields[2] } }
            (fields, field) = ([0, 0, 0], 0)
        }
        var inRun = false
        runs.withUTF8Buffer { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    fields[field] = fields[field] * 36 + Int(byte - UInt8(ascii: "0"))
                    inRun = true
                case UInt8(ascii: "a")...UInt8(ascii: "z"):
                    fields[field] = fields[field] * 36 + Int(byte - UInt8(ascii: "a")) + 10
                    inRun = true
                case UInt8(ascii: ","):
                    field += 1
                default:
                    if inRun { finish() }
                    inRun = false
                }
            }
        }
        if inRun { finish() }
    }

    /// The advance of the first face that has `scalar`, in `LabelFont.units`; nil for none.
    func advance(_ scalar: Unicode.Scalar) -> Int? {
        let code = scalar.value
        if code < 128 { return ascii[Int(code)] >= 0 ? ascii[Int(code)] : nil }
        var (low, high) = (0, starts.count)
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= code { low = middle + 1 } else { high = middle }
        }
        return low < starts.count && starts[low] <= code ? Int(advances[low]) : nil
    }
}
