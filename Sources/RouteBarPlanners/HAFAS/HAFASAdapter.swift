import RouteBar
internal import StrictJSON

/// HAFAS as hafas-client writes it: `journeys[].legs`, one journey as the whole body
/// (`{"type": "journey", "legs": …}`, read as the body's own members), or `refreshJourney`'s
/// answer, one under `journey`.
enum HAFASAdapter: PlannerAdapter {
    static let planner = Planner("hafas")
    static let title = "HAFAS"
    static let shape = "journeys[].legs, journey.legs, or one journey"
    static let claimingNames: [StaticString] = ["earlierRef", "laterRef", "realtimeDataUpdatedAt", "refreshToken"]
    /// HAFAS's own endpoint (`mgate.exe`) answers in `svcResL`, each result's connections in
    /// `outConL`, with stops, lines and times in tables (`common`) its journeys index into;
    /// hafas-client turns that into the journeys read here.
    static let unreadForms: KeyValuePairs<StaticString, String> = [
        "svcResL": "the body is HAFAS's own mgate.exe answer (svcResL), which routebar does not read: \(mgateAdvice)",
        "outConL": "the body is a result of HAFAS's own mgate.exe answer (outConL), which routebar does not read: \(mgateAdvice)",
    ]
    private static let mgateAdvice = "send the journeys hafas-client makes of it (journeys[].legs), or a HAFAS REST answer (Trip[].LegList.Leg)"

    /// FPTF journeys (https://github.com/public-transport/friendly-public-transport-format):
    /// legs with `origin`, `destination` and a departure (`departure` is null where cancelled,
    /// `plannedDeparture` is not); in `journeys` (`journeys()`), in `journey`
    /// (`refreshJourney()`, https://github.com/public-transport/hafas-client/blob/main/docs/refresh-journey.md),
    /// or one journey as the body.
    static let signatures: [PlannerSignature] = {
        let journey = ["legs:a", "legs[].origin:o", "legs[].destination:o", "legs[].departure:s | legs[].plannedDeparture:s"]
        return [.itineraries(at: "journeys", each: journey), .oneItinerary(at: "journey", journey), .oneItinerary(journey)]
    }()

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`departurePlatform`, else `plannedDeparturePlatform`",
        .arrivalPlatform: "`arrivalPlatform`, else `plannedArrivalPlatform`",
        .stops: "`stopovers` not `cancelled`, minus 1",
        .departureDelay: "`departureDelay` (s)",
        .arrivalDelay: "`arrivalDelay` (s)",
        .occupancy: "`loadFactor`",
        .alerts: "`remarks[]` of `type` `warning`: `summary`, else `text`",
        .cancelled: "`cancelled`",
        .reachable: "`reachable`",
        .fare: "`price` (`amount`, `currency`)",
    ]

    /// hafas-client's products (its profiles: nationalExpress, national, regionalExpress,
    /// regional, suburban, bus, ferry, subway, tram, taxi), the FPTF modes
    /// (https://github.com/public-transport/friendly-public-transport-format: train, bus,
    /// watercraft, taxi, gondola, aircraft, car, bicycle, walking), and the product names of its
    /// long-distance trains (`line.productName`: ICE, IC, EC, TGV…).
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["walking"]), (.bus, ["bus"]), (.subway, ["subway"]), (.tram, ["tram"]),
        (
            .train,
            [
                "train", "nationalExpress", "national", "regionalExpress", "regionalExp", "regional", "interregional", "intercity",
                "suburban", "ICE", "IC", "EC", "TGV", "Nightjet", "Eurostar",
            ]
        ),
        (.ferry, ["ferry", "watercraft"]), (.cableCar, ["gondola"]), (.airplane, ["aircraft"]),
        (.bicycle, ["bicycle"]), (.car, ["taxi", "car"]),
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeHAFASJourneys()
        } else if decoder.reader.keyEquals("journey"), try decoder.reader.peekKind() == .object {
            try decoder.decodeHAFASJourney(at: "/journey")
        } else {
            // One journey as the whole body: `legs`, `price`… at the top.
            try decoder.decodeDocumentItineraryMember()
        }
    }
}

extension Planner {
    public static let hafas = HAFASAdapter.planner
}
