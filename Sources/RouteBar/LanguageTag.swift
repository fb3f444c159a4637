/// BCP 47 language tags (RFC 5646): whether a tag is well-formed, and its subtags in their
/// conventional case ("zh-hant-tw" is "zh-Hant-TW"). Well-formed is the RFC's syntax (§2.1):
/// a language of 2 to 3 letters (with up to three extended subtags) or 4 to 8, then an optional
/// script (4 letters), region (2 letters or 3 digits), variants (5 to 8 letters or digits, or 4
/// starting with a digit), extensions (a singleton and subtags of 2 to 8) and a private use
/// part (`x-` and subtags of 1 to 8); or a private use tag alone. The grandfathered tags
/// (§2.2.8) and the deprecated language codes become their IANA registry's Preferred-Value
/// ("i-klingon" is "tlh", "en-GB-oed" is "en-GB-oxendict", "iw" is "he"); those without one
/// ("i-default", "zh-min") are not taken. At most 63 bytes: longer ones name no language anyone
/// reads.
public enum LanguageTag {
    /// The longest tag taken, in bytes.
    public static let maxBytes = 63

    /// The tag with its subtags in their conventional case, or nil when it is not well-formed.
    public static func canonical(_ text: String) -> String? {
        guard (1...maxBytes).contains(text.utf8.count), text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let lowered = text.lowercased()
        if let grandfathered = Self.grandfathered[lowered] { return grandfathered }
        var subtags = lowered.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if let preferred = Self.deprecatedLanguages[subtags[0]] { subtags[0] = preferred }
        guard subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else { return nil }
        var result: [String] = []
        var index = 0
        func letters(_ subtag: String) -> Bool { subtag.allSatisfy(\.isLetter) }
        func digits(_ subtag: String) -> Bool { subtag.allSatisfy(\.isNumber) }
        // A private use tag alone: "x-whatever".
        if subtags[0] == "x" {
            guard subtags.count > 1 else { return nil }
            return subtags.joined(separator: "-")
        }
        let language = subtags[0]
        guard letters(language), (2...3).contains(language.count) || (4...8).contains(language.count) else { return nil }
        result.append(language)
        index = 1
        // Extended language subtags (3 letters, at most 3), after a 2 or 3 letter language.
        var extlang = 0
        while language.count <= 3, index < subtags.count, extlang < 3, subtags[index].count == 3, letters(subtags[index]) {
            result.append(subtags[index])
            index += 1
            extlang += 1
        }
        if index < subtags.count, subtags[index].count == 4, letters(subtags[index]) {
            result.append(subtags[index].prefix(1).uppercased() + subtags[index].dropFirst())
            index += 1
        }
        if index < subtags.count,
            (subtags[index].count == 2 && letters(subtags[index])) || (subtags[index].count == 3 && digits(subtags[index]))
        {
            result.append(subtags[index].uppercased())
            index += 1
        }
        var variants: Set<String> = []
        while index < subtags.count,
            (5...8).contains(subtags[index].count) || (subtags[index].count == 4 && subtags[index].first!.isNumber)
        {
            // RFC 5646 §2.2.5: a variant appears at most once.
            guard variants.insert(subtags[index]).inserted else { return nil }
            result.append(subtags[index])
            index += 1
        }
        var singletons: Set<String> = []
        while index < subtags.count, subtags[index].count == 1, subtags[index] != "x" {
            // An extension: its singleton once (§2.2.6), then at least one subtag of 2 to 8.
            guard singletons.insert(subtags[index]).inserted else { return nil }
            result.append(subtags[index])
            index += 1
            let start = index
            while index < subtags.count, subtags[index].count >= 2 {
                result.append(subtags[index])
                index += 1
            }
            guard index > start else { return nil }
        }
        if index < subtags.count, subtags[index] == "x" {
            guard index + 1 < subtags.count else { return nil }
            result.append(contentsOf: subtags[index...])
            index = subtags.count
        }
        guard index == subtags.count else { return nil }
        return result.joined(separator: "-")
    }

    /// RFC 5646 §2.2.8's grandfathered tags with a Preferred-Value in the IANA Language Subtag
    /// Registry (https://www.iana.org/assignments/language-subtag-registry); nil for those
    /// without one, which name no language a reader can be given.
    static let grandfathered: [String: String?] = [
        "en-gb-oed": "en-GB-oxendict", "i-ami": "ami", "i-bnn": "bnn", "i-default": nil, "i-enochian": nil, "i-hak": "hak",
        "i-klingon": "tlh", "i-lux": "lb", "i-mingo": nil, "i-navajo": "nv", "i-pwn": "pwn", "i-tao": "tao", "i-tay": "tay",
        "i-tsu": "tsu", "sgn-be-fr": "sfb", "sgn-be-nl": "vgt", "sgn-ch-de": "sgg", "art-lojban": "jbo", "cel-gaulish": nil,
        "no-bok": "nb", "no-nyn": "nn", "zh-guoyu": "cmn", "zh-hakka": "hak", "zh-min": nil, "zh-min-nan": "nan", "zh-xiang": "hsn",
    ]

    /// Language subtags the registry deprecates, with their Preferred-Value ("iw": Hebrew).
    static let deprecatedLanguages = ["iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"]
}
