/// The numbers an option or a minute count may take.
public enum ValueRange: Sendable, Hashable {
    case closed(Double, Double)
    /// Greater than the first bound, at most the second.
    case leftOpen(Double, Double)
    /// 0, or a number in the closed range.
    case zeroOr(Double, Double)

    public func contains(_ value: Double) -> Bool {
        switch self {
        case .closed(let low, let high): value >= low && value <= high
        case .leftOpen(let low, let high): value > low && value <= high
        case .zeroOr(let low, let high): value == 0 || (value >= low && value <= high)
        }
    }

    /// The smallest bound and whether it is excluded, and the largest bound (for schemas).
    public var bounds: (lower: Double, excludesLower: Bool, upper: Double) {
        switch self {
        case .closed(let low, let high): (low, false, high)
        case .leftOpen(let low, let high): (low, true, high)
        case .zeroOr(_, let high): (0, false, high)
        }
    }

    /// As the error messages say it: "a number from 1 to 4".
    public var phrase: String {
        switch self {
        case .closed(let low, let high): "a number from \(low.shortDescription) to \(high.shortDescription)"
        case .leftOpen(let low, let high): "a number greater than \(low.shortDescription) and at most \(high.shortDescription)"
        case .zeroOr(let low, let high): "0 or a number from \(low.shortDescription) to \(high.shortDescription)"
        }
    }
}
