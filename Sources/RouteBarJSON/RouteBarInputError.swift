import RouteBar
import StrictJSON

/// Why a request body (or its query string) cannot be laid out, in the terms of RFC 9457:
/// a problem type, a title, a detail for a person, and where the bad value is.
public struct RouteBarInputError: Error, Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Not a JSON text at all: bad syntax, bad UTF-8, too deep, trailing data (HTTP 400).
        case malformed
        /// JSON, but not a request we can lay out: types, missing fields, ranges (HTTP 422).
        case invalid
    }

    public var kind: Kind
    /// A short stable name for the problem type, such as `malformed-json` or `out-of-range`.
    public var type: String
    public var title: String
    public var detail: String
    /// An RFC 6901 JSON pointer to the offending value in the body, when there is one.
    public var pointer: String?
    /// The offending query-string parameter, when the value came from there.
    public var parameter: String?

    public init(_ kind: Kind, type: String, title: String, detail: String, pointer: String? = nil, parameter: String? = nil) {
        self.kind = kind
        self.type = type
        self.title = title
        self.detail = Self.sentence(detail)
        self.pointer = pointer
        self.parameter = parameter
    }

    init(_ syntax: JSONSyntaxError) {
        let type: String
        switch syntax.reason {
        case .empty: type = "empty-body"
        case .invalidUTF8: type = "invalid-utf8"
        case .tooDeep: type = "too-deep"
        case .trailingData: type = "trailing-data"
        default: type = "malformed-json"
        }
        self.init(.malformed, type: type, title: "Malformed JSON", detail: "The body is not valid JSON: \(syntax.message)")
    }

    /// Details end with a full stop; they keep their first word's case, as it is often a field name.
    static func sentence(_ text: String) -> String {
        text.last == "." ? text : text + "."
    }

    static func invalid(_ type: String, _ detail: String, pointer: String? = nil, parameter: String? = nil) -> Self {
        Self(.invalid, type: type, title: "Invalid request", detail: detail, pointer: pointer, parameter: parameter)
    }
}
