import RouteBar
internal import StrictJSON

/// Deutsche Bahn's bahn.de web answer, as db-vendo-client reads it (`POST /web/api/angebote/fahrplan`,
/// `PlannerReader+DBWeb.swift`): `verbindungen[].verbindungsAbschnitte[]`. Its times are
/// Germany's local time with no offset: Europe/Berlin, which `?timeZone=` does not change.
enum DBWebAdapter: PlannerAdapter {
    static let planner = Planner("dbweb")
    static let title = "bahn.de"
    static let shape = "verbindungen[].verbindungsAbschnitte"
    static let claimingNames: [StaticString] = ["verbindungen", "verbindungReference", "fehlerNachricht"]
    /// The zone of its times (db-vendo-client's `p/dbweb` profile: `timezone`).
    static let timeZone = "Europe/Berlin"

    /// A connection's sections, each with `verkehrsmittel.typ` and its departure or its
    /// seconds (public-transport/db-vendo-client, `parse/journey.js` and `parse/leg.js`).
    static let signatures: [PlannerSignature] = [
        .itineraries(
            at: "verbindungen",
            each: [
                "verbindungsAbschnitte:a", "verbindungsAbschnitte[].verkehrsmittel.typ:s",
                "verbindungsAbschnitte[].abfahrtsZeitpunkt:s | verbindungsAbschnitte[].abschnittsDauer:n",
            ]),
        // An error answer: `fehlerNachricht` with its `code`, `ueberschrift` (headline) and
        // `text` (db-vendo-client's `lib/request.js`, `checkIfResponseIsOk`).
        .answer(["fehlerNachricht.code:s | fehlerNachricht.ueberschrift:s | fehlerNachricht.text:s"]),
    ]

    static let cardFacts: KeyValuePairs<CardFact, String> = [
        .departurePlatform: "`halte[0].gleis`",
        .arrivalPlatform: "the last `halte[].gleis`",
        .stops: "`halte` whose `risNotizen` do not cancel the stop, minus 1",
        .realTime: "`ezAbfahrtsZeitpunkt` or `ezAnkunftsZeitpunkt` given",
        .departureDelay: "`ezAbfahrtsZeitpunkt` − `abfahrtsZeitpunkt`",
        .arrivalDelay: "`ezAnkunftsZeitpunkt` − `ankunftsZeitpunkt`",
        .cancelled: "`risNotizen[].key` `text.realtime.stop.cancelled` at either end's stop, or `text.realtime.connection.cancelled`",
        .fare: "`angebotsPreis` (`betrag`, `waehrung`)",
    ]

    /// `verkehrsmittel.produktGattung` (db-vendo-client's `p/dbweb/products.js`: ICE, EC_IC,
    /// IR, REGIONAL, SBAHN, BUS, SCHIFF, UBAHN, TRAM, ANRUFPFLICHTIG).
    static let modeNames: [(TransitMode, [String])] = [
        (.train, ["EC_IC", "SBAHN"]), (.subway, ["UBAHN"]), (.ferry, ["SCHIFF"]), (.bus, ["ANRUFPFLICHTIG"]),
    ]

    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError) {
        if decoder.reader.keyEquals("verbindungen") {
            try decoder.decodeDBWebConnections()
        } else if decoder.reader.keyEquals("fehlerNachricht") {
            try decoder.decodeErrorObject()
        } else {
            try decoder.reader.skipValue()
        }
    }

    /// A `fehlerNachricht` is the planner's error, its headline and text the message. Its
    /// codes are not documented: the reason is the HTTP status's (`?plannerStatus=`).
    static func settle(_ outcome: inout PlannerOutcome) {
        let code = outcome.facts["error.code"]
        let words = [outcome.facts["error.ueberschrift"], outcome.facts["error.text"]].compactMap { $0 }.filter { !$0.isEmpty }
        guard code != nil || !words.isEmpty else { return }
        outcome.error = (words.joined(separator: ": "), code, nil)
    }
}

extension Planner {
    public static let dbweb = DBWebAdapter.planner
}
