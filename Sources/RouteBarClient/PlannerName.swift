/// Whose answer was posted, as the service names it (openapi.yaml, `source`): routebar's own
/// shape, ODsay's, or a journey planner's. The service adds planners in minor versions, so a
/// name this client does not know is `unknown`, with the name.
public enum PlannerName: Sendable, Hashable, CustomStringConvertible {
    case routebar, odsay, tmap, otp, google, navitia, motis, hafas, tfl, here, opendatach, hafasREST, transmodel, efa, dbweb
    case unknown(String)

    /// Every name this client knows, in the service's order.
    public static let known: [PlannerName] = [
        .routebar, .odsay, .tmap, .otp, .google, .navitia, .motis, .hafas, .tfl, .here, .opendatach, .hafasREST, .transmodel, .efa, .dbweb,
    ]

    public init(rawValue: String) {
        self = Self.known.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
    }

    /// The name `?source=` takes and the answer's `source` gives.
    public var rawValue: String {
        switch self {
        case .routebar: "routebar"
        case .odsay: "odsay"
        case .tmap: "tmap"
        case .otp: "otp"
        case .google: "google"
        case .navitia: "navitia"
        case .motis: "motis"
        case .hafas: "hafas"
        case .tfl: "tfl"
        case .here: "here"
        case .opendatach: "opendatach"
        case .hafasREST: "hafas-rest"
        case .transmodel: "transmodel"
        case .efa: "efa"
        case .dbweb: "dbweb"
        case .unknown(let name): name
        }
    }

    public var description: String { rawValue }
}

extension RouteBarProblem {
    /// What a planner's error answer means for an app (a `planner-error` problem's `reason`):
    /// show a login error, retry later, fix the query, ask the rider to pick a place
    /// (`options`), or try again. A reason the service adds later is `unknown`, with its name.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        case unauthorized, rateLimited, invalidRequest, ambiguousPlace, plannerFailure
        case unknown(String)

        public static let known: [Reason] = [.unauthorized, .rateLimited, .invalidRequest, .ambiguousPlace, .plannerFailure]

        public init(rawValue: String) {
            self = Self.known.first { $0.rawValue == rawValue } ?? .unknown(rawValue)
        }

        public var rawValue: String {
            switch self {
            case .unauthorized: "unauthorized"
            case .rateLimited: "rate-limited"
            case .invalidRequest: "invalid-request"
            case .ambiguousPlace: "ambiguous-place"
            case .plannerFailure: "planner-failure"
            case .unknown(let name): name
            }
        }

        public var description: String { rawValue }
    }

    /// A place a planner offers where it could not tell which was meant: which end of the
    /// journey (`"from"`, `"to"`, `"via"`), its name, and the planner's id to ask again with.
    public struct PlaceOption: Codable, Sendable, Hashable {
        public var end: String
        public var name: String
        public var id: String?
    }
}
