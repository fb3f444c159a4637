/// The seed's two cell types: walking legs and everything else.
public enum SegmentKind: String, Sendable, Hashable {
    case walking
    case transit
}
