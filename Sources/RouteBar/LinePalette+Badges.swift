extension LinePalette {
    /// The text of a leg's badge: the number of a numbered subway line ("3" for 수도권 3호선), the
    /// short name of a named one ("신분당"), the bus number, the train's class ("KTX"); nil for a walk
    /// or a leg no source names.
    public static func badge(mode: TransitMode, line: TransitLine?, trainType: Int? = nil, locale: LabelLocale = .ko) -> String? {
        switch mode {
        case .walk, .wait:
            return nil
        case .subway:
            if line?.shortName == nil, let entry = subwayEntry(line), let badge = !locale.isKorean ? entry.englishBadge : entry.badge { return badge }
            return shortName(mode: mode, line: line, locale: locale)
        case .train:
            if let train = TrainClass.entry(trainType: trainType) { return !locale.isKorean ? train.englishName : train.name }
            return shortName(mode: mode, line: line, locale: locale)
        case .bus, .expressBus, .intercityBus, .airplane, .other, .tram, .ferry, .cableCar, .bicycle, .car:
            return shortName(mode: mode, line: line, locale: locale)
        }
    }

    /// The line's English name where the tables know it ("Line 3", "Shinbundang Line", "KTX").
    public static func englishName(mode: TransitMode, line: TransitLine?, trainType: Int? = nil) -> String? {
        switch mode {
        case .subway: subwayEntry(line)?.englishName
        case .train: TrainClass.entry(trainType: trainType)?.englishName
        default: nil
        }
    }

    /// The line a leg shows: its first lane, or for a train leg without one (ODsay gives trains
    /// none), its class as ODsay's `trainType` names it.
    public static func displayedLine(_ leg: SubPath) -> TransitLine? {
        if let line = leg.line { return line }
        guard leg.mode == .train, let train = TrainClass.entry(trainType: leg.trainType) else { return nil }
        return TransitLine(name: train.name)
    }
}
