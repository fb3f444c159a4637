import RouteBar
internal import StrictJSON

// A planner's answer, read by its adapter alone once the body is known to be that planner's
// (`?source=`, or `PlannerRecognition`), and its outcome: routes, no route (with the planner's
// reason), or the planner's error. Nothing here names a planner: each adapter reads its own
// members (`PlannerAdapter.readMember`) and settles what its answer says (`settle`).
extension PlannerReader {
    /// Adds an itinerary read whole, and makes the one before it its route: so only the last
    /// itinerary keeps its legs' records (some 280 bytes each) until the body ends, and what
    /// decoding takes stays a small multiple of the body (`RouteBarRequest.decodingBytes`). The
    /// last waits because Google's fare follows its legs.
    mutating func addItinerary(_ itinerary: PlannerItinerary) {
        // A time of its own (not of a leg, which `keepsLeg` refuses) that is not one.
        if let (text, offset) = unreadableTime {
            unreadableTime = nil
            let detail = "the itinerary has a time that is not one (RFC 3339 or ISO 8601): \"\(text)\""
            return note(.init(.invalidType, detail, pointer: pointer(toTimeAt: offset, in: itinerary.routePointer)))
        }
        if let last = plannerItineraries.indices.last {
            plannerItineraries[last].settle(waits: waits, shortestLeg: shortestLeg)
            if case .success(let route)? = plannerItineraries[last].settled, !modelBytes.add(route) {
                note(modelBytes.problem(at: plannerItineraries[last].routePointer))
            }
        }
        plannerItineraries.append(itinerary.inZone(plannerTimeZone))
    }

    /// An error object's members that are strings or numbers, into `plannerOutcome.facts` as
    /// `error.<name>` (`error.id`, `error.msg`); an error that is a string, as `error`.
    mutating func decodeErrorObject() throws(JSONSyntaxError) {
        switch try reader.peekKind() {
        case .string:
            plannerOutcome.facts["error"] = try reader.readString()
        case .object:
            try eachMember { decoder throws(JSONSyntaxError) in
                let name = "error." + decoder.reader.key
                switch try decoder.reader.peekKind() {
                case .string: decoder.plannerOutcome.facts[name] = try decoder.reader.readString()
                case .number: decoder.plannerOutcome.facts[name] = Self.smallInteger(try decoder.reader.readNumber()).map { String($0) }
                default: try decoder.reader.skipValue()
                }
            }
        default:
            try reader.skipValue()
        }
    }

    /// A list of errors (GraphQL's `errors[]`, transport.opendata.ch's): the first `message` as
    /// the fact `errors` ("" where none has one), and GraphQL's `extensions.classification` as
    /// `errors.classification`.
    mutating func decodeErrorList() throws(JSONSyntaxError) {
        plannerOutcome.facts["errors"] = plannerOutcome.facts["errors"] ?? ""
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("message") {
                    if let message = try decoder.plannerWord(), decoder.plannerOutcome.facts["errors"]?.isEmpty != false {
                        decoder.plannerOutcome.facts["errors"] = message
                    }
                } else if decoder.reader.keyEquals("extensions") {
                    let classification = try decoder.plannerMember("classification")
                    decoder.plannerOutcome.facts["errors.classification"] = decoder.plannerOutcome.facts["errors.classification"] ?? classification
                } else {
                    try decoder.reader.skipValue()
                }
            }
        }
    }

    /// A top-level member of a body that is one itinerary or journey (`legs` at the top).
    mutating func decodeDocumentItineraryMember() throws(JSONSyntaxError) {
        var itinerary = documentItinerary ?? PlannerItinerary(pointer: "/legs")
        if reader.keyEquals("price") {
            try decodePrice(into: &itinerary)
        } else {
            try decodeItineraryMember(into: &itinerary)
        }
        documentItinerary = itinerary
    }

    /// The routes of `adapter`'s answer (none where the planner says there is no route), or its
    /// error as a problem. An itinerary with an inconsistent leg is left out and its problem
    /// returned, so the others are still laid out; when every itinerary is left out, the first
    /// problem is thrown.
    package mutating func routes() throws(RouteBarInputError) -> PlannerRoutes {
        adapter.settle(&plannerOutcome)
        var itineraries = plannerItineraries + trailingItineraries.map { $0.inZone(plannerTimeZone) }
        if let document = documentItinerary, !document.legs.isEmpty {
            itineraries.append(document.inZone(plannerTimeZone))
        }
        var result = PlannerRoutes(planner: adapter.planner)
        if itineraries.isEmpty {
            if let problem = plannerError() { throw problem }
            return result
        }
        result.routes.reserveCapacity(itineraries.count)
        for (position, itinerary) in itineraries.enumerated() {
            let route = itinerary.settled ?? Result { () throws(RouteBarInputError) in try itinerary.route(waits: waits, shortestLeg: shortestLeg) }
            switch route {
            case .success(var route):
                // The routes settled as the body was read are counted already.
                if itinerary.settled == nil, !modelBytes.add(route) { throw modelBytes.problem(at: itinerary.routePointer) }
                // After an itinerary left out, the planner's numbering, not the list's.
                if position != result.routes.count { route.position = position }
                result.routes.append(route)
                result.pointers.append(itinerary.routePointer)
            case .failure(let problem) where problem.type == .inconsistentLeg:
                result.problems.append(problem)
            case .failure(let problem):
                throw problem
            }
        }
        if result.routes.isEmpty, let first = result.problems.first {
            throw result.problems.count == 1 ? first : first.leavingOut(result.problems.count)
        }
        return result
    }

    /// The planner's error answer as a problem, naming the planner and quoting its message,
    /// with what it means for an app (`reason`, from the adapter's table), the planner's code
    /// and message whole; nil where its answer has no error.
    func plannerError() -> RouteBarInputError? {
        guard let error = plannerOutcome.error else { return nil }
        let quoted = error.message.isEmpty ? "" : ": \(quoted(error.message))"
        var problem = RouteBarInputError(
            .plannerError, "the body is \(adapter.title)'s error answer\(quoted); there are no routes to lay out", pointer: "")
        problem.planner = adapter.title
        problem.options = plannerOutcome.options
        problem.reason =
            problem.options.isEmpty ? adapter.errorReason(code: error.code, status: error.status ?? plannerStatus) : .ambiguousPlace
        problem.plannerCode = error.code
        problem.plannerMessage = error.message.isEmpty ? nil : error.message
        return problem
    }
}

/// A planner's answer read: its routes, where each is in the body, and the itineraries left out.
package struct PlannerRoutes {
    package var planner: Planner
    package var routes: [Route] = []
    package var pointers: [String] = []
    package var problems: [RouteBarInputError] = []
}

extension RouteBarInputError {
    /// The first of `count` itineraries' problems, thrown when none is left to lay out.
    func leavingOut(_ count: Int) -> RouteBarInputError {
        var error = self
        error.detail = "every itinerary has an inconsistent leg (\(count) in all); the first: " + detail
        return error
    }
}
