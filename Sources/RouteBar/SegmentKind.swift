/// What a segment counts as. The seed's two cell types are walking and transit; a wait and a
/// leg by bicycle or car are neither, and are drawn with the walking minimum.
public enum SegmentKind: String, Sendable, Hashable, CaseIterable {
    case walking
    case transit
    case waiting
    case other

    /// Whether the leg gets the transit minimum (`minTransitLength`) rather than the walking one.
    @inlinable
    public var takesTransitMinimum: Bool { self == .transit }
}
