import RouteBar
internal import StrictJSON

// Which planner's answer the body is, told by its structure, one top-level member at a time.
extension RequestDecoder {
    /// Reads a top-level member that belongs to a planner's answer; false when it is none.
    mutating func decodePlannerMember() throws(JSONSyntaxError) -> Bool {
        // A planner's container names the planner even when it holds no itinerary: its answer
        // is then that planner's "no itineraries", not a body of no known shape.
        if reader.keyEquals("plan") {
            try decodeOTPPlan(at: "/plan")
            saw(.otp)
        } else if reader.keyEquals("data") {
            try decodeGraphQLData()
            saw(.otp)
        } else if reader.keyEquals("metaData") {
            try decodeTMAPMetaData()
            saw(.tmap)
        } else if reader.keyEquals("journeys") {
            try decodeJourneys()
            saw(sawNavitiaContext ? .navitia : .hafas)
        } else if reader.keyEquals("itineraries") {
            saw(.motis)
            try decodeItineraries(at: "/itineraries")
        } else if reader.keyEquals("direct") {
            saw(.motis)
            try decodeMOTISDirect()
        } else if reader.keyEquals("legs") || reader.keyEquals("startTime") || reader.keyEquals("endTime") {
            var itinerary = documentItinerary ?? PlannerItinerary(pointer: "/legs")
            try decodeItineraryMember(into: &itinerary)
            documentItinerary = itinerary
        } else if reader.keyEquals("type") {
            topLevelType = try plannerWord()
        } else if reader.keyEquals("status") {
            googleStatus = try plannerWord()
        } else if reader.keyEquals("error_message") {
            googleErrorMessage = try plannerWord()
        } else if reader.keyEquals("requestParameters") || reader.keyEquals("debugOutput") || reader.keyEquals("elevationMetadata") {
            sawOTPContext = true
            try reader.skipValue()
        } else if reader.keyEquals("links") || reader.keyEquals("context") || reader.keyEquals("feed_publishers") {
            sawNavitiaContext = true
            try reader.skipValue()
        } else {
            return false
        }
        return true
    }

    /// Adds an itinerary read whole, and makes the one before it its route: so only the last
    /// itinerary keeps its legs' records (some 280 bytes each) until the body ends, and what
    /// decoding takes stays a small multiple of the body (`RouteBarRequest.decodingBytes`). The
    /// last waits because Google's fare follows its legs.
    mutating func addItinerary(_ itinerary: PlannerItinerary) {
        if let last = plannerItineraries.indices.last { plannerItineraries[last].settle(waits: waits) }
        plannerItineraries.append(itinerary)
    }

    /// The routes of a planner's answer, or its error as a problem; nil when the body is none.
    func plannerRoutes(waits: Bool) throws(RouteBarInputError) -> (Planner, [Route], pointers: [String])? {
        var itineraries = plannerItineraries + motisDirect
        var planner = detectedPlanner
        if var document = documentItinerary, !document.legs.isEmpty {
            planner = planner ?? (topLevelType == "journey" ? .hafas : .otp)
            document.pointer = "/legs"
            itineraries.append(document)
        }
        if let planner {
            var routes: [Route] = []
            routes.reserveCapacity(itineraries.count)
            for itinerary in itineraries {
                if let settled = itinerary.settled {
                    routes.append(try settled.get())
                } else {
                    routes.append(try itinerary.route(waits: waits))
                }
            }
            if routes.isEmpty, let problem = plannerError(planner) { throw problem }
            return (planner, routes, itineraries.map { String($0.pointer.split(separator: "/").dropLast().joined(separator: "/")) })
        }
        return nil
    }

    /// A planner's own error answer, naming the planner and quoting its message.
    func plannerError(_ detected: Planner?) -> RouteBarInputError? {
        var planner: Planner?
        var message: String?
        if let tmapErrorMessage {
            (planner, message) = (.tmap, tmapErrorMessage)
        } else if let googleStatus, googleStatus != "OK" {
            (planner, message) = (.google, googleErrorMessage ?? googleStatus)
        } else if let odsayError, sawGoogleErrorStatus {
            (planner, message) = (.google, odsayError.message)
        } else if let odsayError, errorHasID || sawOTPContext || sawNavitiaContext {
            (planner, message) = (sawNavitiaContext ? .navitia : .otp, odsayError.message)
        } else if let detected {
            (planner, message) = (detected, "no itineraries")
        }
        guard let planner, let message else { return nil }
        let quoted = message.isEmpty ? "" : ": \"\(message)\""
        var problem = RouteBarInputError(
            .plannerError, "the body is \(planner.title)'s error answer\(quoted); there are no routes to lay out",
            pointer: "")
        problem.planner = planner.title
        return problem
    }
}
