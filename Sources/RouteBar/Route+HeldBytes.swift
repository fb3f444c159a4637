// What a decoded route holds on the heap, for the server's memory account: arrays at their
// capacity, boxes at their instance size, strings past the 15 bytes Swift keeps inline.
// An estimate from the values' own layout, not the allocator's: malloc's rounding (at most 16
// bytes a block) is left out.

extension Route {
    /// Heap bytes this route holds beyond its own inline size.
    package var heldBytes: Int {
        var bytes = HeldBytes.array(subPaths.capacity, of: SubPath.self) + HeldBytes.string(id)
        if let card {
            bytes +=
                HeldBytes.objectHeader
                + MemoryLayout<(String?, String?, Double?, Double?, String?, Int?, [RouteFare], String?, CardTime?, CardTime?)>.size
            bytes += HeldBytes.string(card.departure) + HeldBytes.string(card.arrival) + HeldBytes.string(card.fareCurrency)
            bytes += HeldBytes.array(card.fares.capacity, of: RouteFare.self)
            for fare in card.fares {
                for text in [fare.riderCategory, fare.medium, fare.currency] { bytes += HeldBytes.string(text) }
                bytes += HeldBytes.array(fare.productIDs.capacity, of: String.self)
                for id in fare.productIDs { bytes += HeldBytes.string(id) }
            }
        }
        // Read in place through a pointer, and only legs with a box: a copy of each leg went
        // through generic value witnesses, and so did `guard let` on its box (the account of a
        // batch1000 request cost 1.48M instructions, 0.62M this way; callgrind of the server).
        subPaths.withUnsafeBufferPointer { legs in
            guard let start = legs.baseAddress else { return }
            for leg in start..<start + legs.count where holdsValue(leg.pointee.details) { bytes += leg.pointee.heldBytes }
        }
        return bytes
    }
}

extension SubPath {
    /// Heap bytes this leg holds beyond its own inline size: its details box, if it has one.
    package var heldBytes: Int {
        guard let details else { return 0 }
        var bytes = HeldBytes.objectHeader + MemoryLayout<(TransitLine?, [TransitLine], Int?, String?, String?, LegCard?)>.size
        bytes += HeldBytes.string(details.color) + HeldBytes.string(details.textColor)
        if let line = details.line { bytes += line.heldBytes }
        bytes += HeldBytes.array(details.otherLines.capacity, of: TransitLine.self)
        for line in details.otherLines { bytes += line.heldBytes }
        if let card = details.card {
            bytes += HeldBytes.objectHeader + MemoryLayout<(String?, String?, Double?, String?, String?, String?, CardTime?, CardTime?)>.size
            for text in [card.departure, card.arrival, card.from, card.to, card.headsign] { bytes += HeldBytes.string(text) }
            bytes += card.facts.heldBytes
        }
        return bytes
    }
}

extension LegFacts {
    /// Its inline size (it is stored in the card's box) and its strings' and arrays' storage.
    package var heldBytes: Int {
        var bytes = MemoryLayout<LegFacts>.size
        for text in [departurePlatform, arrivalPlatform, network] { bytes += HeldBytes.string(text) }
        bytes += HeldBytes.array(alerts.capacity, of: String.self)
        for alert in alerts { bytes += HeldBytes.string(alert) }
        bytes += HeldBytes.array(fareProducts.capacity, of: FareProduct.self)
        for product in fareProducts {
            for text in [product.id, product.name, product.riderCategory, product.medium, product.currency] { bytes += HeldBytes.string(text) }
        }
        return bytes
    }
}

extension TransitLine {
    package var heldBytes: Int {
        HeldBytes.string(name) + HeldBytes.string(shortName) + HeldBytes.string(agency)
    }
}

/// The sizes the estimate is made of.
package enum HeldBytes {
    /// A Swift object's header: its metadata pointer and reference counts.
    package static let objectHeader = 16

    /// An array's buffer: its header (count, capacity and the object header) and its elements.
    package static func array<Element>(_ capacity: Int, of: Element.Type) -> Int {
        capacity == 0 ? 0 : 32 + capacity * MemoryLayout<Element>.stride
    }

    /// A native string's storage: none up to 15 UTF-8 bytes (kept inline), else its bytes, a
    /// NUL and a 32-byte header.
    package static func string(_ text: String?) -> Int {
        guard let count = text?.utf8.count, count > 15 else { return 0 }
        return 33 + count
    }
}
