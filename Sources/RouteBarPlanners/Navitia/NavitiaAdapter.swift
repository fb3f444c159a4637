import RouteBar
internal import StrictJSON

/// Navitia `journeys[].sections[]` (`PlannerReader+Navitia.swift`).
enum NavitiaAdapter: PlannerAdapter {
    static let planner = Planner("navitia")
    static let title = "Navitia"
    static let shape = "journeys[].sections, or one journey"
    static let claimingNames: [StaticString] = ["feed_publishers", "links", "context", "exceptions", "notes", "disruptions"]

    /// `journeys[]` of `sections[]`, each with its `type` and its seconds or times
    /// (https://doc.navitia.io/#journeys), or one journey as the body; the error object's `id`
    /// is a word (`no_solution`).
    static let signatures: [PlannerSignature] = {
        let journey = ["sections:a", "sections[].type:s", "sections[].duration:n | sections[].departure_date_time:s"]
        return [.itineraries(at: "journeys", each: journey), .oneItinerary(journey), .answer(["error.id:s", "error.message:s"])]
    }()

    /// The error object's `id` (https://doc.navitia.io/#errors); `no_solution` and
    /// `no_origin_nor_destination` are no route, not errors.
    static let errorReasons: KeyValuePairs<String, PlannerErrorReason> = [
        "date_out_of_bounds": .invalidRequest, "no_origin": .invalidRequest, "no_destination": .invalidRequest,
        "unknown_object": .invalidRequest, "bad_filter": .invalidRequest, "unable_to_parse": .invalidRequest,
        "bad_format": .invalidRequest, "unknown_api": .invalidRequest, "internal_error": .plannerFailure,
        "service_unavailable": .plannerFailure,
    ]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .stops: "`stop_date_times`, minus 1",
        .network: "`display_informations.network`",
        .realTime: "`data_freshness` `realtime`",
        .departureDelay: "`departure_date_time` − `base_departure_date_time`, where `realtime`",
        .arrivalDelay: "`arrival_date_time` − `base_arrival_date_time`, where `realtime`",
        .fare: "`fare.total` (`value` in centimes)",
    ]

    /// Navitia's physical modes, by id and by name (https://doc.navitia.io/#physical-mode:
    /// "physical_mode:RapidTransit", "Train de banlieue / RER"), commercial modes met in its
    /// answers (TER, RER), and street-network modes (walking, bike, bss, car, ridesharing…).
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["walking", "street_network", "crow_fly"]),
        (.bus, ["Bus", "BusRapidTransit", "Shuttle"]), (.subway, ["Metro", "Métro", "RailShuttle"]), (.tram, ["Tramway", "LightRail"]),
        (
            .train,
            [
                "Train", "LocalTrain", "LongDistanceTrain", "RapidTransit", "Train de banlieue / RER", "Trains de banlieue / RER", "TER", "RER",
                "Train de région",
            ]
        ),
        (.intercityBus, ["Coach"]), (.ferry, ["Ferry", "Boat"]), (.cableCar, ["Funicular", "Cableway", "SuspendedCableCar"]), (.airplane, ["Air"]),
        (.bicycle, ["Bike", "bss"]), (.car, ["Car", "Taxi", "ridesharing", "car_no_park"]), (.wait, ["waiting"]),
    ]

    /// After `context`, which names the zone of its times.
    static let membersReadLast: [StaticString] = ["journeys"]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeNavitiaJourneys()
        } else if decoder.reader.keyEquals("context") {
            // {"timezone": "Europe/Paris", …}: the zone of every local time in the answer.
            decoder.plannerTimeZone = try decoder.plannerMember("timezone").flatMap(ZoneDatabase.system.known) ?? decoder.plannerTimeZone
        } else if decoder.reader.keyEquals("error") {
            try decoder.decodeErrorObject()
        } else {
            // One journey as the whole body: `sections`, `departure_date_time`… at the top.
            try decoder.decodeNavitiaDocumentJourneyMember()
        }
    }

    /// The error object: `no_solution` and `no_origin_nor_destination` say there is no route.
    static func settle(_ outcome: inout PlannerOutcome) {
        guard let id = outcome.facts["error.id"] else { return }
        let message = outcome.facts["error.message"] ?? ""
        if id == "no_solution" || id == "no_origin_nor_destination" {
            outcome.noRoute = message.isEmpty ? id : message
        } else {
            outcome.error = (message, id, nil)
        }
    }
}

extension Planner {
    public static let navitia = NavitiaAdapter.planner
}
