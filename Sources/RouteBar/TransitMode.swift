/// A name for ODsay's `trafficType` code.
public enum TransitMode: String, Sendable, Hashable, CaseIterable {
    case subway
    case bus
    case walk
    case train
    case expressBus
    case intercityBus
    case airplane
    case other

    @inlinable
    public init(trafficType: Int) {
        switch trafficType {
        case 1: self = .subway
        case 2: self = .bus
        case 3: self = .walk
        case 4: self = .train
        case 5: self = .expressBus
        case 6: self = .intercityBus
        case 7: self = .airplane
        default: self = .other
        }
    }
}
