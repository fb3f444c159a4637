/// A shape routebar reads, by the name `?source=` takes: its own, ODsay's, and each journey
/// planner's answer as it is. Each planner is one adapter in `PlannerRegistry` (a folder under
/// `Planners/`), which declares its value here and holds its title and everything it reads.
///
/// A struct with a static value per planner, not an enum (as 1.1.0 had it): planners are
/// added without breaking code that switches over them (CHANGELOG, "Breaking").
public struct Planner: RawRepresentable, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// The name `?source=` and `routebar layout --source` take.
    public let rawValue: String

    /// The planner named `rawValue`, if routebar reads it.
    public init?(rawValue: String) {
        guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    /// A planner's value, declared beside its adapter.
    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The planner's name in messages.
    public var title: String {
        switch self {
        case .routebar: "routebar"
        case .odsay: "ODsay"
        default: PlannerRegistry.adapter(for: self)?.title ?? rawValue
        }
    }

    public static let routebar = Planner("routebar")
    public static let odsay = Planner("odsay")

    /// Our own shape and ODsay's, then the registry's planners in its order.
    public static let allCases: [Planner] = [.routebar, .odsay] + PlannerRegistry.adapters.map { $0.planner }

    /// Every shape, as a phrase for the `unknown-shape` problem.
    package static let supportedShapes =
        (["routebar's own (routes[].subPaths)", "ODsay searchPubTransPathT (result.path)"]
        + PlannerRegistry.adapters.map { "\($0.title) (\($0.shape))" }).joined(separator: ", ")
}
