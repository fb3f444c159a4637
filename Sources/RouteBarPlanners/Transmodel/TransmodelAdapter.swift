import RouteBar
internal import StrictJSON

/// OpenTripPlanner 2's Transmodel GraphQL API, the one Entur's Journey Planner v3 serves
/// (`PlannerReader+Transmodel.swift`): `{"data": {"trip": {"tripPatterns": [...]}}}`, with or
/// without `data`, the query under any alias. A GraphQL answer of `errors` alone says nothing of
/// which of OpenTripPlanner's two APIs wrote it, and is read as OpenTripPlanner's.
enum TransmodelAdapter: PlannerAdapter {
    static let planner = Planner("transmodel")
    static let title = "OpenTripPlanner Transmodel"
    static let shape = "trip.tripPatterns[].legs, or data.trip.tripPatterns"
    static let claimingNames: [StaticString] = ["trip"]

    /// `Trip.tripPatterns` (https://developer.entur.org/pages-journeyplanner-journeyplanner,
    /// https://api.entur.io/journey-planner/v3/graphql's schema): each pattern's `legs`, a leg
    /// known by its `mode` and its times or `duration`; a query chooses its fields.
    static let signatures: [PlannerSignature] = {
        let pattern = ["legs:a", "legs[].mode:s", "legs[].expectedStartTime:s | legs[].aimedStartTime:s | legs[].duration:n"]
        return [
            .itineraries(at: "trip.tripPatterns", each: pattern),
            .itineraries(at: "data.*.tripPatterns", each: pattern),
        ]
    }()

    /// Its answer renamed by a query's aliases to OpenTripPlanner's other API's names
    /// (KDE KPublicTransport asks Entur for `plan: trip { itineraries: tripPatterns { legs {
    /// startTime: aimedStartTime, expectedStartTime … } } }`): its legs keep Transmodel's aimed
    /// and expected times, which OpenTripPlanner's own answers never have (its signature's
    /// vetoes), and `startTime` is no forecast there.
    static let unreadForms: KeyValuePairs<StaticString, String> = [
        "plan.itineraries[].legs[].expectedStartTime": aliased, "plan.itineraries[].legs[].aimedStartTime": aliased,
        "data.*.itineraries[].legs[].expectedStartTime": aliased, "data.*.itineraries[].legs[].aimedStartTime": aliased,
    ]
    private static let aliased =
        "the body is OpenTripPlanner Transmodel's answer (legs with its expected and aimed times) under names a query's aliases "
        + "gave it (itineraries, startTime), which routebar does not read: ask for trip.tripPatterns[].legs[] under the names "
        + "the API gives them (expectedStartTime, aimedStartTime, duration, mode)"

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`fromEstimatedCall.quay.publicCode`",
        .arrivalPlatform: "`toEstimatedCall.quay.publicCode`",
        .stops: "`intermediateEstimatedCalls` without `cancellation` nor closed (`forBoarding` and `forAlighting` false), plus 1",
        .realTime: "`realtime`",
        .departureDelay: "`expectedStartTime` − `aimedStartTime`, where `realtime`",
        .arrivalDelay: "`expectedEndTime` − `aimedEndTime`, where `realtime`",
        .cancelled: "`fromEstimatedCall.cancellation` or `toEstimatedCall.cancellation`",
    ]

    /// Transmodel's `TransportMode` as the API writes it, in lower case
    /// (https://developer.entur.org/pages-journeyplanner-journeyplanner: air, bus, cableway,
    /// water, funicular, lift, rail, metro, tram, coach, monorail, trolleybus, taxi, and the
    /// street modes foot, bicycle, car, scooter).
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["foot"]), (.bus, ["bus", "trolleybus"]), (.subway, ["metro"]), (.tram, ["tram", "monorail"]),
        (.train, ["rail"]), (.intercityBus, ["coach"]), (.ferry, ["water"]), (.cableCar, ["cableway", "funicular", "lift"]),
        (.airplane, ["air"]), (.bicycle, ["bicycle", "scooter"]), (.car, ["car", "taxi"]),
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("trip") {
            try decoder.decodeTransmodelTrip(at: "/trip")
        } else if decoder.reader.keyEquals("data") {
            // Every member is a query's answer, under its name or an alias.
            try decoder.eachMember { decoder throws(JSONSyntaxError) in
                let name = decoder.reader.key
                try decoder.decodeTransmodelTrip(at: "/data/\(PlannerReader.pointerToken(name))")
            }
        } else if decoder.reader.keyEquals("errors") {
            try decoder.decodeErrorList()
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// GraphQL's errors answer a query the server could not run: an unlisted one is the request's.
    static let unlistedErrorReason = PlannerErrorReason.invalidRequest

    /// GraphQL's `errors[]` beside no pattern.
    static func settle(_ outcome: inout PlannerOutcome) {
        if let message = outcome.facts["errors"] { outcome.error = (message, outcome.facts["errors.classification"], nil) }
    }
}

extension Planner {
    public static let transmodel = TransmodelAdapter.planner
}
