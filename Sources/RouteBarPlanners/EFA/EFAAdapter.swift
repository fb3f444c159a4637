import RouteBar
internal import StrictJSON

/// Mentz's EFA, as its rapidJSON interface answers a trip request (`XML_TRIP_REQUEST2` with
/// `outputFormat=rapidJSON`: Transport for NSW's `/v1/tp/trip`, SL's journey planner 2, VRR,
/// VVS, KVV, Linz AG): `journeys[].legs[]` (`PlannerReader+EFA.swift`, product classes in
/// `EFAProductClass.swift`). Its times are UTC (`Z`).
enum EFAAdapter: PlannerAdapter {
    static let planner = Planner("efa")
    static let title = "EFA"
    static let shape = "journeys[].legs[].transportation"
    static let claimingNames: [StaticString] = ["systemMessages", "version"]

    /// A journey's legs each carry `transportation` (the footpath's too: product class 99 or
    /// 100) and `origin`/`destination` stop objects with their times; an error is a
    /// `systemMessages[]` entry of `type` `error` (with a negative `code`).
    static let signatures: [PlannerSignature] = [
        .itineraries(
            at: "journeys",
            each: ["legs:a", "legs[].transportation:o", "legs[].origin.departureTimePlanned:s | legs[].duration:n"]),
        .answer(["systemMessages[].type:s", "systemMessages[].code:n"]),
    ]

    /// Its system messages' codes are the request's faults (no stop found for a name: -8011).
    static let unlistedErrorReason = PlannerErrorReason.invalidRequest

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`origin.properties.platformName`, else `platform`",
        .arrivalPlatform: "`destination.properties.platformName`, else `platform`",
        .stops: "`stopSequence` entries with a time, minus 1",
        .realTime: "`isRealtimeControlled`",
        .occupancy: "`origin.properties.occupancy`: `MANY_SEATS`, `FEW_SEATS`, `STANDING_ONLY`",
        .alerts: "`infos[]` (`subtitle`)",
        .departureDelay: "`origin.departureTimeEstimated` − `departureTimePlanned`, where real-time",
        .arrivalDelay: "`destination.arrivalTimeEstimated` − `arrivalTimePlanned`, where real-time",
        .fareProducts: "`fare.tickets[]` of the leg alone (`fromLeg` = `toLeg`): `name`, `properties.riderCategoryName`, `priceBrutto`, `currency`",
        .fare: "`fare.tickets[]`: the `ADULT` one whose `fromLeg`…`toLeg` take in every ticket's (`priceBrutto`, `currency`)",
    ]

    /// Transport for NSW's occupancy at a stop (`properties.occupancy`), which its schema leaves
    /// undocumented: the values its answers hold (Krail, a client of it, lists `MANY_SEATS` and
    /// `STANDING_ONLY`; `FEW_SEATS` between them). Any other says nothing.
    static func occupancy(_ name: String) -> Occupancy? {
        switch name {
        case "MANY_SEATS": .manySeatsAvailable
        case "FEW_SEATS": .fewSeatsAvailable
        case "STANDING_ONLY": .standingRoomOnly
        default: nil
        }
    }

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeEFAJourneys()
        } else if decoder.reader.keyEquals("systemMessages") {
            try decoder.decodeEFASystemMessages()
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// The codes of an error that says there is no journey, not that the request was wrong
    /// (SL's journey planner 2 OpenAPI, `systemmessagesObject.code`: -4000 "No journey found for
    /// the time entered", -10015 "No journey found", -4006 "Only a walk has been found").
    static let noJourneyCodes: Set<String> = ["-4000", "-10015", "-4006"]

    /// A system message of `type` `error` beside no journey is the planner's error, or its
    /// answer that there is no route.
    static func settle(_ outcome: inout PlannerOutcome) {
        guard let text = outcome.facts["systemMessages.error"] else { return }
        if let code = outcome.facts["systemMessages.code"], noJourneyCodes.contains(code) {
            outcome.noRoute = text
        } else {
            outcome.error = (text, outcome.facts["systemMessages.code"], nil)
        }
    }
}

extension Planner {
    public static let efa = EFAAdapter.planner
}
