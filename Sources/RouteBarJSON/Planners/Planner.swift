/// The journey planners whose answers routebar reads as they are, by the name `?source=` takes.
public enum Planner: String, Sendable, Hashable, CaseIterable {
    case routebar
    case odsay
    case tmap
    case otp
    case google
    case navitia
    case motis
    case hafas

    /// The planner's name in messages.
    public var title: String {
        switch self {
        case .routebar: "routebar"
        case .odsay: "ODsay"
        case .tmap: "TMAP"
        case .otp: "OpenTripPlanner"
        case .google: "Google"
        case .navitia: "Navitia"
        case .motis: "MOTIS"
        case .hafas: "HAFAS"
        }
    }

    /// Every shape, as a phrase for the `unknown-shape` problem.
    static let supportedShapes =
        "routebar's own (routes[].subPaths), ODsay searchPubTransPathT (result.path), "
        + "TMAP (metaData.plan.itineraries), OpenTripPlanner REST or GraphQL (plan.itineraries, data.plan, "
        + "data.planConnection.edges), Google Directions or Routes (routes[].legs[].steps), Navitia (journeys[].sections), "
        + "MOTIS (itineraries, direct), HAFAS as hafas-client writes it (journeys[].legs, or one journey)"
}
