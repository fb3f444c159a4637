/// A query parameter of `POST /v1/route-bars` that is not a layout option, declared once: the
/// server's query string, `routebar layout`'s flags (`--source`), its help, the hint of an
/// unknown parameter and the spec's test read this table.
public struct RequestParameter: Sendable, Hashable {
    /// The name in the query string; the command's flag is `--` and the name.
    public let name: String
    /// Every value it takes; empty for free text (`timeZone`).
    public let values: [String]
    /// What the help shows for a free-text value ("ZONE").
    public var placeholder: String { values.isEmpty ? "ZONE" : values.joined(separator: "|") }
    /// One line for `routebar --help`.
    public let summary: String

    /// `--` and the name in kebab case, as layout options' flags: `--time-zone`.
    public var flag: String {
        var flag = "--"
        for character in name {
            if character.isUppercase { flag += "-" + character.lowercased() } else { flag.append(character) }
        }
        return flag
    }

    public static let source = RequestParameter(
        name: "source", values: Planner.allCases.map(\.rawValue),
        summary: "the shape the body has (default: told by its members)")
    public static let waits = RequestParameter(
        name: "waits", values: ["show", "omit"], summary: "a planner's gaps between legs as wait segments (default show)")

    public static let timeZone = RequestParameter(
        name: "timeZone", values: [],
        summary: "the IANA time zone of a planner's times where its answer names none (MOTIS, Digitransit)")

    public static let all: [RequestParameter] = [.source, .waits, .timeZone]
}
