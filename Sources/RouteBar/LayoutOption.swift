/// One layout option as clients name it: in a request body, in the query string, as a
/// `routebar layout` flag and in `RouteBarClient`'s requests.
///
/// Each option is declared once, below, with its name, the values it takes and a sentence
/// for people; its default is `LayoutOptions`' own. The body and query decoders, the
/// command line's flags and help, the range checks and their messages all read these
/// declarations, and a test holds openapi.yaml to them.
///
/// ```swift
/// LayoutOption.all.map(\.name)                           // ["width", "scale", "algorithm", …]
/// LayoutOption.gap.value(in: LayoutOptions(width: 343))  // .number(0)
/// LayoutOption.minSegmentRatio.flag                      // "--min-segment-ratio"
/// ```
public enum LayoutOption: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    // In the order the query string is read and the docs list them.
    case width, scale, algorithm, minSegmentRatio, minWalkingLength, minTransitLength, height, locale, labelFontSize, colors
    case gap, theme, timeScale, labelMinimums, labelPadding, cornerRadius, walkStyle, icons, textColors
    case display, labelFont

    /// The option's facts, each in one place: its name, its property, its values, its summary.
    private var declaration: Declaration {
        switch self {
        case .width: .number("width", \.width, .leftOpen(0, RouteBarLayout.maxWidth), "the bar's width in points")
        case .scale: .number("scale", \.scale, .closed(1, 4), "device pixels per point (iOS 2 and 3, Android densities such as 2.625)")
        case .algorithm:
            .choice("algorithm", \.algorithm, "fit: whole device pixels that fill the bar; classic: the original app's arithmetic")
        case .minSegmentRatio:
            .number("minSegmentRatio", \.minSegmentRatio, .closed(0, 1), "each visible segment's minimum as a share of the width")
        case .minWalkingLength:
            .optionalNumber(
                "minWalkingLength", \.minWalkingLength, .closed(0, RouteBarLayout.maxWidth),
                "a visible walk's minimum in points, instead of minSegmentRatio")
        case .minTransitLength:
            .optionalNumber(
                "minTransitLength", \.minTransitLength, .closed(0, RouteBarLayout.maxWidth),
                "a visible transit leg's minimum in points, instead of minSegmentRatio")
        case .height:
            .number("height", \.height, .closed(0, RouteBarLayout.maxWidth), "the bar's height in points, echoed for the client's cells")
        case .locale:
            .languageTag(
                "locale", \.locale, "the language of labels and accessibility sentences, a BCP 47 tag (ko, en, de-CH, zh-Hant)")
        case .labelFontSize:
            .number("labelFontSize", \.labelFontSize, .closed(1, 100), "the labels' font size in points, which decides labelFits")
        case .colors: .flag("colors", \.colors, "whether segments get colours")
        case .gap: .number("gap", \.gap, .closed(0, 100), "points between consecutive visible segments (fit only)")
        case .theme: .choice("theme", \.theme, "the background the colours are for")
        case .timeScale:
            .choice(
                "timeScale", \.timeScale,
                "route: every bar fills the width; shared: the longest route does, the others in proportion; "
                    + "clock: every route on one wall-clock axis from its departure to its arrival (fit only)")
        case .labelMinimums:
            .flag(
                "labelMinimums", \.labelMinimums,
                "whether visible segments' minimums grow to hold their labels, longest legs first (fit only)")
        case .labelPadding:
            .number(
                "labelPadding", \.labelPadding, .closed(0, 100),
                "points on each side of what a segment shows inside it: the display plan's margin, and labelMinimums' room")
        case .cornerRadius:
            .optionalNumber(
                "cornerRadius", \.cornerRadius, .closed(0, RouteBarLayout.maxWidth),
                "the radius of the bar's rounded ends in points, for drawings; half the height when absent"
            ).drawing
        case .walkStyle:
            .choice("walkStyle", \.walkStyle, "how drawings and the display plan show walks: dots on the bar's centre line, a line, or a block")
        case .icons: .flag("icons", \.icons, "whether drawings and the display plan put each mode's icon in segments with room for it")
        case .textColors:
            .choice(
                "textColors", \.textColors,
                "contrast: white or black text, at least 4.5:1 on the segment; planner: the planner's own text colour where it gives one")
        case .display:
            .flag(
                "display", \.display,
                "whether each segment gets its display plan: the badge, icon and minutes it shows, each with its box (SegmentDisplay)")
        case .labelFont:
            .choice(
                "labelFont", \.labelFont,
                "the font the display plan and drawings measure text in: estimate (generous, any UI font), roboto, noto-sans")
        }
    }

    /// Every option, in the order the query string is read and the docs list them.
    public static let all = allCases

    /// The declarations, made once: reading an option's facts copies nothing.
    private static let declarations = allCases.map(\.declaration)

    /// The values an option takes.
    public enum Values: Sendable {
        /// A number in the range.
        case number(ValueRange)
        /// `true` or `false`.
        case flag
        /// One of these names.
        case choice([String])
        /// A BCP 47 language tag (`LanguageTag`).
        case languageTag
    }

    /// The option's name in the body, the query string and the client: `minSegmentRatio`.
    public var name: String { Self.declarations[rawValue].name }
    public var values: Values { Self.declarations[rawValue].values }
    /// What the option does, in a sentence for `--help` and the docs.
    public var summary: String { Self.declarations[rawValue].summary }
    /// Whether only drawings (the SVG) read it: the JSON answer is the same whatever its value.
    public var drawingOnly: Bool { Self.declarations[rawValue].drawingOnly }
    /// The name as bytes in the binary, for decoders that compare bytes.
    package var key: StaticString { Self.declarations[rawValue].key }
    public var description: String { name }

    /// The option of that name, if there is one.
    public static func named(_ name: String) -> LayoutOption? {
        all.first { $0.name == name }
    }

    private struct Declaration: Sendable {
        let key: StaticString
        let name: String
        let values: Values
        let summary: String
        let access: Access
        var drawingOnly = false

        /// The same option, read by drawings only.
        var drawing: Declaration {
            var declaration = self
            declaration.drawingOnly = true
            return declaration
        }

        static func number(
            _ key: StaticString, _ path: WritableKeyPath<LayoutOptions, Double> & Sendable, _ range: ValueRange, _ summary: String
        ) -> Declaration {
            Declaration(key: key, name: key.description, values: .number(range), summary: summary, access: .number(path))
        }

        static func optionalNumber(
            _ key: StaticString, _ path: WritableKeyPath<LayoutOptions, Double?> & Sendable, _ range: ValueRange, _ summary: String
        ) -> Declaration {
            Declaration(key: key, name: key.description, values: .number(range), summary: summary, access: .optionalNumber(path))
        }

        static func flag(_ key: StaticString, _ path: WritableKeyPath<LayoutOptions, Bool> & Sendable, _ summary: String) -> Declaration {
            Declaration(key: key, name: key.description, values: .flag, summary: summary, access: .flag(path))
        }

        static func languageTag(
            _ key: StaticString, _ path: WritableKeyPath<LayoutOptions, LabelLocale> & Sendable, _ summary: String
        ) -> Declaration {
            Declaration(key: key, name: key.description, values: .languageTag, summary: summary, access: .named(path))
        }

        static func choice<Value: RawRepresentable<String> & CaseIterable & Sendable>(
            _ key: StaticString, _ path: WritableKeyPath<LayoutOptions, Value> & Sendable, _ summary: String
        ) -> Declaration {
            Declaration(
                key: key, name: key.description, values: .choice(Value.allCases.map(\.rawValue)), summary: summary,
                access: .named(path))
        }
    }

    /// How the option reads and writes its `LayoutOptions` property (a choice's access also
    /// serves a language tag: text in, nil when it is not one).
    private enum Access: Sendable {
        case number(WritableKeyPath<LayoutOptions, Double> & Sendable)
        case optionalNumber(WritableKeyPath<LayoutOptions, Double?> & Sendable)
        case flag(WritableKeyPath<LayoutOptions, Bool> & Sendable)
        case choice(read: @Sendable (LayoutOptions) -> String, write: @Sendable (inout LayoutOptions, String) -> Bool)

        /// A value read and written by its name: a choice's, or a language tag.
        static func named<Value: RawRepresentable<String> & Sendable>(_ path: WritableKeyPath<LayoutOptions, Value> & Sendable) -> Access {
            .choice(
                read: { $0[keyPath: path].rawValue },
                write: { options, text in
                    guard let value = Value(rawValue: text) else { return false }
                    options[keyPath: path] = value
                    return true
                })
        }
    }

    private var access: Access { Self.declarations[rawValue].access }
}

// MARK: Reading and writing

extension LayoutOption {
    /// An option's value, as text or as JSON gives it.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        case number(Double)
        case flag(Bool)
        case choice(String)

        /// As the query string writes it: `0.05`, `true`, `dark`.
        public var description: String {
            switch self {
            case .number(let value): value.shortDescription
            case .flag(let value): String(value)
            case .choice(let name): name
            }
        }
    }

    /// The option's value in `options`; nil for a number that is not set (`minWalkingLength`).
    public func value(in options: LayoutOptions) -> Value? {
        switch access {
        case .number(let path): .number(options[keyPath: path])
        case .optionalNumber(let path): options[keyPath: path].map(Value.number)
        case .flag(let path): .flag(options[keyPath: path])
        case .choice(let read, _): .choice(read(options))
        }
    }

    /// The value `LayoutOptions` starts with; nil where there is none (`width` must be given).
    public var defaultValue: Value? {
        self == .width ? nil : value(in: LayoutOptions(width: 1))
    }

    /// Sets a number, unchecked (`RouteBarLayout` checks every option); false when the option
    /// is not a number.
    package func setNumber(_ value: Double, in options: inout LayoutOptions) -> Bool {
        switch access {
        case .number(let path): options[keyPath: path] = value
        case .optionalNumber(let path): options[keyPath: path] = value
        case .flag, .choice: return false
        }
        return true
    }

    /// Sets a flag; false when the option is not a flag.
    package func setFlag(_ value: Bool, in options: inout LayoutOptions) -> Bool {
        guard case .flag(let path) = access else { return false }
        options[keyPath: path] = value
        return true
    }

    /// Sets a choice by name; false when the option is not a choice or `name` is none of its values.
    package func setChoice(_ name: String, in options: inout LayoutOptions) -> Bool {
        guard case .choice(_, let write) = access else { return false }
        return write(&options, name)
    }

    /// Checks a number against the option's range.
    public func check(_ value: Double) throws(RouteBarError) {
        guard case .number(let range) = values else { return }
        guard value.isFinite, range.contains(value) else {
            throw RouteBarError(.outOfRange, at: .option(self), "\(name) must be \(range.phrase), got \(value.shortDescription)")
        }
    }

    /// The values a choice takes, as a phrase: `"light" or "dark"`; a language tag's form.
    public var choicesPhrase: String {
        switch values {
        case .choice(let names): names.map { "\"\($0)\"" }.joined(separator: " or ")
        case .languageTag: "a BCP 47 language tag (\"ko\", \"en\", \"de-CH\", \"zh-Hant\")"
        case .number, .flag: ""
        }
    }

    /// The command line's flag: `--min-segment-ratio`.
    public var flag: String {
        var flag = "--"
        for character in name {
            if character.isUppercase { flag += "-" + character.lowercased() } else { flag.append(character) }
        }
        return flag
    }
}
