import RouteBar
internal import StrictJSON

// Which planner's answer the body is, told by the set of its top-level names (never their
// order), and its outcome: routes, no route (with the planner's reason), or the planner's error.
extension RequestDecoder {
    /// Reads a top-level member that belongs to a planner's answer; false when it is none.
    mutating func decodePlannerMember() throws(JSONSyntaxError) -> Bool {
        if reader.keyEquals("journeys") {
            // Navitia's, hafas-client's and TfL's: read once the other members have said whose.
            journeysMark = reader.markMember()
            try reader.skipValue()
        } else if reader.keyEquals("legs") || reader.keyEquals("startTime") || reader.keyEquals("endTime")
            || reader.keyEquals("walkDistance") || reader.keyEquals("transfers") || reader.keyEquals("fare")
            || reader.keyEquals("fares") || reader.keyEquals("price")
        {
            // One itinerary (OpenTripPlanner) or journey (hafas-client) as the whole body.
            var itinerary = documentItinerary ?? PlannerItinerary(pointer: "/legs")
            if reader.keyEquals("price") {
                try decodePrice(into: &itinerary)
            } else {
                try decodeItineraryMember(into: &itinerary)
            }
            documentItinerary = itinerary
        } else if reader.keyEquals("type") {
            topLevelType = try plannerWord()
        } else if reader.keyEquals("status") {
            // Google's word ("ZERO_RESULTS"); HERE's error has its HTTP status here.
            if try reader.peekKind() == .number {
                plannerOutcome.status = try plannerNumber().flatMap(Self.smallInteger)
            } else {
                googleStatus = try plannerWord()
            }
        } else if reader.keyEquals("code") {
            // HERE's error code ("E602000"); no other shape has a top-level `code`.
            sawUnknownMember = true
            plannerOutcome.code = try plannerWord()
        } else if reader.keyEquals("message") || reader.keyEquals("title") {
            // TfL's ApiError and HERE's error say what went wrong here.
            let message = try plannerWord()
            plannerOutcome.message = plannerOutcome.message ?? message
        } else if reader.keyEquals("errors") {
            try decodeErrorList()
        } else if reader.keyEquals("requestParameters") || reader.keyEquals("debugOutput") {
            sawOTPContext = true
            try reader.skipValue()
        } else {
            let claimants = PlannerRegistry.claimants(of: reader)
            guard let adapter = claimants.first else { return false }
            if let source, source != adapter.planner {
                sawOtherPlanner = sawOtherPlanner ?? adapter.planner
                try reader.skipValue()
                return true
            }
            claim(adapter.planner)
            try adapter.readMember(&self)
        }
        return true
    }

    /// Notes that the body has members only `planner` writes.
    mutating func claim(_ planner: Planner) {
        if !claimedPlanners.contains(planner) { claimedPlanners.append(planner) }
    }

    /// After the last member: reads `journeys` with the adapter the body's other members (or
    /// `?source=`, or the journeys themselves, one level down) name.
    mutating func readDeferredMembers() throws(JSONSyntaxError) {
        guard let mark = journeysMark, !isRefused else { return }
        let journeys = reader.reading(mark)
        let readers = PlannerRegistry.adapters.filter { $0.readsJourneys }
        let adapter =
            source.flatMap { source in readers.first { $0.planner == source } }
            ?? readers.first { claimedPlanners.contains($0.planner) }
            ?? readers.first { $0.claims(journeys: journeys) }
        guard let adapter else {
            // `{"journeys": []}`: no route, whichever planner wrote it.
            if source == nil || source.map({ PlannerRegistry.adapter(for: $0) == nil }) == true, let first = readers.first {
                claim(first.planner)
            }
            return
        }
        claim(adapter.planner)
        var deferred = journeys
        swap(&reader, &deferred)
        defer { swap(&reader, &deferred) }
        try adapter.readMember(&self)
    }

    /// GraphQL's `errors[]` (OpenTripPlanner) or transport.opendata.ch's: the first message, and
    /// whether the list is GraphQL's (its errors carry `locations`, `path` or `extensions`).
    mutating func decodeErrorList() throws(JSONSyntaxError) {
        try eachElement { decoder, _ throws(JSONSyntaxError) in
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                if decoder.reader.keyEquals("message") {
                    let message = try decoder.plannerWord()
                    decoder.plannerOutcome.errorList = decoder.plannerOutcome.errorList ?? message
                } else if decoder.reader.keyEquals("locations") || decoder.reader.keyEquals("path") || decoder.reader.keyEquals("extensions") {
                    decoder.plannerOutcome.errorListIsGraphQL = true
                    try decoder.reader.skipValue()
                } else {
                    try decoder.reader.skipValue()
                }
            }
        }
        if plannerOutcome.errorList == nil { plannerOutcome.errorList = "" }
    }

    /// Adds an itinerary read whole, and makes the one before it its route: so only the last
    /// itinerary keeps its legs' records (some 280 bytes each) until the body ends, and what
    /// decoding takes stays a small multiple of the body (`RouteBarRequest.decodingBytes`). The
    /// last waits because Google's fare follows its legs.
    mutating func addItinerary(_ itinerary: PlannerItinerary) {
        if let last = plannerItineraries.indices.last { plannerItineraries[last].settle(waits: waits, shortestLeg: shortestLeg) }
        var itinerary = itinerary
        itinerary.timeZone = itinerary.timeZone ?? plannerTimeZone
        plannerItineraries.append(itinerary)
    }

    /// The planner the body is, from the names it has; a problem when two claim it.
    func detectedPlanner() throws(RouteBarInputError) -> Planner? {
        if let source, PlannerRegistry.adapter(for: source) != nil {
            let read =
                claimedPlanners.contains(source) || (documentItinerary != nil && (source == .otp || source == .hafas))
                || (plannerOutcome.errorList != nil && (source == .otp || source == .opendatach))
                || ((errorIDWord != nil || errorIDNumber != nil) && (source == .otp || source == .navitia))
                || (googleStatus != nil && source == .google)
            return read ? source : nil
        }
        if claimedPlanners.count > 1 {
            let names = claimedPlanners.map { "\($0.title)'s" }.joined(separator: " and ")
            throw .init(
                .unknownShape,
                "the body has members only \(names) answers have; pass ?source= ("
                    + claimedPlanners.map(\.rawValue).joined(separator: " or ") + ") to say which it is",
                parameter: "source")
        }
        if let claimed = claimedPlanners.first { return claimed }
        if tmapErrorMessage != nil { return .tmap }
        if let document = documentItinerary, !document.legs.isEmpty || topLevelType == "journey" {
            return topLevelType == "journey" ? .hafas : .otp
        }
        if let errorList = plannerOutcome.errorList, errorList.isEmpty == false || plannerOutcome.errorListIsGraphQL {
            return plannerOutcome.errorListIsGraphQL || sawOTPContext ? .otp : .opendatach
        }
        if odsayError != nil, sawGoogleErrorStatus { return .google }
        if odsayError != nil, errorIDWord != nil { return .navitia }
        if odsayError != nil, errorIDNumber != nil || sawOTPContext { return .otp }
        if googleStatus != nil { return .google }
        return nil
    }

    /// The routes of a planner's answer (none where the planner says there is no route), or its
    /// error as a problem; nil when the body is no planner's. An itinerary with an inconsistent
    /// leg is left out and its problem returned, so the others are still laid out; when every
    /// itinerary is left out, the first problem is thrown.
    func plannerRoutes(waits: Bool) throws(RouteBarInputError) -> PlannerRoutes? {
        guard let planner = try detectedPlanner() else { return nil }
        var itineraries = plannerItineraries + motisDirect.map { $0.inZone(plannerTimeZone) }
        if var document = documentItinerary, !document.legs.isEmpty {
            document.pointer = "/legs"
            itineraries.append(document.inZone(plannerTimeZone))
        }
        var result = PlannerRoutes(planner: planner)
        if itineraries.isEmpty {
            if let problem = plannerError(planner) { throw problem }
            return result
        }
        result.routes.reserveCapacity(itineraries.count)
        for itinerary in itineraries {
            let route = itinerary.settled ?? Result { () throws(RouteBarInputError) in try itinerary.route(waits: waits, shortestLeg: shortestLeg) }
            switch route {
            case .success(let route):
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

    /// A planner's own error answer, naming the planner and quoting its message, with what it
    /// means for an app (`reason`, from the planner's table in its folder), the planner's code
    /// and message whole; nil where the planner says only that there is no route.
    func plannerError(_ detected: Planner?) -> RouteBarInputError? {
        var planner: Planner?
        var message: String?
        var code: String?
        var status = plannerOutcome.status
        if let tmapErrorMessage {
            guard !(11...14).contains(tmapStatus ?? 0) else { return nil }
            (planner, message, code) = (.tmap, tmapErrorMessage, tmapStatus.map { String($0) })
        } else if let googleStatus, googleStatus != "OK", googleStatus != "ZERO_RESULTS", detected == nil || detected == .google {
            (planner, message, code) = (.google, googleErrorMessage ?? googleStatus, googleStatus)
        } else if let odsayError, sawGoogleErrorStatus {
            (planner, message, code) = (.google, odsayError.message, odsayError.code)
        } else if let odsayError, errorIDWord != nil || errorIDNumber != nil {
            // Navitia's `id` is a word ("no_solution"), OpenTripPlanner's a number (404), which
            // is an HTTP status of its own.
            let navitia = detected == .navitia || (detected != .otp && errorIDWord != nil)
            guard !(navitia ? Self.navitiaNoRoute(errorIDWord) : Self.otpNoRoute(errorIDNumber)) else { return nil }
            (planner, message) = (navitia ? .navitia : .otp, odsayError.message)
            code = navitia ? errorIDWord : errorIDNumber.map { String($0) }
            if !navitia { status = status ?? errorIDNumber }
        } else if let errorList = plannerOutcome.errorList, detected == .otp || detected == .opendatach || detected == nil {
            (planner, message) = (detected ?? (plannerOutcome.errorListIsGraphQL ? .otp : .opendatach), errorList)
            code = plannerOutcome.code
        } else if let detected, let error = plannerOutcome.errorMessage {
            (planner, message, code) = (detected, error, plannerOutcome.code)
        } else if detected == .tfl, plannerOutcome.type?.contains("ApiError") == true || plannerOutcome.type?.contains("Disambiguation") == true {
            let text = plannerOutcome.message ?? ""
            guard !text.lowercased().hasPrefix("no journey found") else { return nil }
            (planner, message, code) = (.tfl, text.isEmpty ? "the places of the journey are ambiguous" : text, plannerOutcome.code)
        } else if detected == .here, plannerOutcome.noRoute == nil,
            let title = plannerOutcome.message ?? odsayError?.message ?? plannerOutcome.cause
        {
            let cause = plannerOutcome.cause.map { $0 == title ? "" : " (\($0))" } ?? ""
            // v8's own errors have a code ("E602000"); its gateway's say only `error`
            // ("Unauthorized", "Too Many Requests").
            (planner, message, code) = (.here, title + cause, plannerOutcome.code ?? odsayError?.message)
        }
        guard let planner, let message, let adapter = PlannerRegistry.adapter(for: planner) else { return nil }
        let quoted = message.isEmpty ? "" : ": \(quoted(message))"
        var problem = RouteBarInputError(
            .plannerError, "the body is \(planner.title)'s error answer\(quoted); there are no routes to lay out",
            pointer: "")
        problem.planner = planner.title
        problem.options = plannerOutcome.options
        problem.reason =
            problem.options.isEmpty ? adapter.errorReason(code: code, status: status ?? plannerStatus) : .ambiguousPlace
        problem.plannerCode = code
        problem.plannerMessage = message.isEmpty ? nil : message
        return problem
    }

    /// Why the planner's answer has no route, in its own words, where it says.
    var plannerNotice: String? {
        if let noRoute = plannerOutcome.noRoute { return noRoute }
        if let tmapErrorMessage { return tmapErrorMessage }
        if let odsayError, !odsayError.message.isEmpty { return odsayError.message }
        if let message = plannerOutcome.message { return message }
        if let googleStatus, googleStatus != "OK" { return googleStatus }
        return nil
    }

    static func navitiaNoRoute(_ id: String?) -> Bool {
        ["no_solution", "no_origin_nor_destination"].contains(id ?? "")
    }

    static func otpNoRoute(_ id: Int?) -> Bool {
        // OpenTripPlanner 1's PATH_NOT_FOUND (404) and NO_TRANSIT_TIMES (406).
        id == 404 || id == 406
    }
}

/// A planner's answer read: its routes, where each is in the body, and the itineraries left out.
struct PlannerRoutes {
    var planner: Planner
    var routes: [Route] = []
    var pointers: [String] = []
    var problems: [RouteBarInputError] = []
}

extension RouteBarInputError {
    /// The first of `count` itineraries' problems, thrown when none is left to lay out.
    func leavingOut(_ count: Int) -> RouteBarInputError {
        var error = self
        error.detail = "every itinerary has an inconsistent leg (\(count) in all); the first: " + detail
        return error
    }
}
