import RouteBar
internal import StrictJSON

/// Navitia `journeys[].sections[]` (`RequestDecoder+Navitia.swift`).
enum NavitiaAdapter: PlannerAdapter {
    static let planner = Planner("navitia")
    static let title = "Navitia"
    static let shape = "journeys[].sections"
    static let claimingNames: [StaticString] = ["feed_publishers", "links", "context", "exceptions", "notes", "disruptions"]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .stops: "`stop_date_times`, minus 1",
        .network: "`display_informations.network`",
        .realTime: "`data_freshness` `realtime`",
        .fare: "`fare.total` (`value` in centimes)",
    ]

    /// Navitia's physical modes, by id and by name (https://doc.navitia.io/#physical-mode:
    /// "physical_mode:RapidTransit", "Train de banlieue / RER"), commercial modes met in its
    /// answers (TER, RER), and street-network modes (walking, bike, bss, car, ridesharing…).
    static let modeNames: [(TransitMode, [String])] = [
        (.walk, ["walking", "street_network", "crow_fly"]),
        (.bus, ["Bus", "BusRapidTransit", "Shuttle"]), (.subway, ["Metro", "Métro"]), (.tram, ["Tramway", "LightRail"]),
        (
            .train,
            [
                "Train", "LocalTrain", "LongDistanceTrain", "RapidTransit", "Train de banlieue / RER", "Trains de banlieue / RER", "TER", "RER",
                "Train de région",
            ]
        ),
        (.intercityBus, ["Coach"]), (.ferry, ["Ferry", "Boat"]), (.cableCar, ["Funicular", "Cableway"]), (.airplane, ["Air"]),
        (.bicycle, ["Bike", "bss"]), (.car, ["Car", "Taxi", "ridesharing", "car_no_park"]), (.wait, ["waiting"]),
    ]

    static let readsJourneys = true

    static func readMember(_ decoder: inout RequestDecoder) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("journeys") {
            try decoder.decodeNavitiaJourneys()
        } else if decoder.reader.keyEquals("context") {
            // {"timezone": "Europe/Paris", …}: the zone of every local time in the answer. Read
            // before `journeys`, which waits until the other members are read.
            decoder.plannerTimeZone = try decoder.plannerMember("timezone") ?? decoder.plannerTimeZone
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// Journeys of sections.
    static func claims(journeys reader: JSONReader) -> Bool {
        reader.firstElementHas("sections")
    }
}

extension Planner {
    public static let navitia = NavitiaAdapter.planner
}
