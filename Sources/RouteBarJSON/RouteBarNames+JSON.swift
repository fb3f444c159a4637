import RouteBar
import RouteBarPlanners

// The names the answer writes for every segment, as static bytes: no String to build or scan.

extension SegmentKind {
    var jsonName: StaticString {
        switch self {
        case .walking: "walking"
        case .transit: "transit"
        case .waiting: "waiting"
        case .other: "other"
        }
    }
}
