import MicroHTTP
import RouteBar

/// `Accept-Language` (RFC 9110 §12.5.4): the language a client prefers, when its request names
/// no `locale`. Browsers always send it, so a web page gets its reader's language.
enum AcceptLanguage {
    /// Elements read at most: a longer list is a client's mistake, and is read no further.
    static let maxElements = 32

    /// The range weighed highest, the first of equals, that is a well-formed tag and `keep`s:
    /// `*`, ranges with wildcards and malformed tags are skipped, and so are refusals (`q=0`)
    /// and elements with a malformed weight (`QualityValue`). Nil when none is left.
    static func preferred(_ header: String, where keep: (LabelLocale) -> Bool = { _ in true }) -> LabelLocale? {
        var best: (locale: LabelLocale, weight: Int)?
        var rest = header.utf8[...]
        var elements = 0
        while !rest.isEmpty, elements < maxElements {
            let element = rest.prefix { $0 != UInt8(ascii: ",") }
            rest = rest.dropFirst(element.count).dropFirst()
            elements += 1
            let range = element.prefix { $0 != UInt8(ascii: ";") }.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
            guard !range.isEmpty, let weight = QualityValue.weight(parameters: element.drop { $0 != UInt8(ascii: ";") }), weight > 0,
                weight > best?.weight ?? 0, let locale = LabelLocale(rawValue: String(decoding: range.reversed(), as: UTF8.self)),
                keep(locale)
            else { continue }
            best = (locale, weight)
        }
        return best?.locale
    }
}
