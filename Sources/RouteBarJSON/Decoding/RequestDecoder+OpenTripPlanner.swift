import RouteBar
internal import StrictJSON

/// OpenTripPlanner: REST `{"plan": {"itineraries": [...]}}`, GraphQL `{"data": {"plan": …}}` or
/// `{"data": {"planConnection": {"edges": [{"node": …}]}}}`, without the `data` wrapper, or under
/// an alias (Digitransit answers `plan: planConnection(...)`), and its error answer.
extension RequestDecoder {
    /// A `plan` (or aliased) object: `itineraries`, or GraphQL's `edges`.
    mutating func decodeOTPPlan(at pointer: String) throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("itineraries") {
                decoder.saw(.otp)
                try decoder.decodeItineraries(at: pointer + "/itineraries")
            } else if decoder.reader.keyEquals("edges") {
                decoder.saw(.otp)
                try decoder.decodeItineraries(at: pointer + "/edges", wrapped: true)
            } else {
                try decoder.reader.skipValue()
            }
        }
    }

    /// GraphQL's `data`: every member is a query's answer, under its name or an alias.
    mutating func decodeGraphQLData() throws(JSONSyntaxError) {
        try eachMember { decoder throws(JSONSyntaxError) in
            let name = decoder.reader.key
            try decoder.decodeOTPPlan(at: "/data/\(name)")
        }
    }

    /// OpenTripPlanner's and Navitia's `{"error": {"id", "msg" | "message"}}`: the message to quote.
    mutating func decodePlannerErrorObject() throws(JSONSyntaxError) -> (message: String, code: String?, hasID: Bool) {
        var message = ""
        var code: String?
        var hasID = false
        guard try reader.peekKind() == .object else {
            let (message, code) = try decodeODsayError()
            return (message, code, false)
        }
        try eachMember { decoder throws(JSONSyntaxError) in
            if decoder.reader.keyEquals("msg") || decoder.reader.keyEquals("message") {
                if let text = try decoder.plannerWord(), message.isEmpty || decoder.reader.keyEquals("msg") { message = text }
            } else if decoder.reader.keyEquals("code") {
                switch try decoder.reader.peekKind() {
                case .string: code = try decoder.reader.readString()
                case .number: code = Self.smallInteger(try decoder.reader.readNumber()).map { String($0) }
                default: try decoder.reader.skipValue()
                }
            } else if decoder.reader.keyEquals("id") {
                hasID = true
                try decoder.reader.skipValue()
            } else if decoder.reader.keyEquals("status") {
                decoder.sawGoogleErrorStatus = true
                try decoder.reader.skipValue()
            } else {
                try decoder.reader.skipValue()
            }
        }
        return (message, code, hasID)
    }
}
