import RouteBar
package import StrictJSON

/// Reads one planner's answer, member by member, with its adapter (`PlannerAdapter.readMember`):
/// its itineraries as they come, and what it says besides them (`plannerOutcome`). The reader
/// of the body's other members (RouteBarJSON's, for the layout options) lends it the JSON
/// reader for each member (`read(_:with:issue:)`), so the body is read once.
///
/// Bad JSON anywhere wins over a bad value (400 before 422): the first bad value is noted in
/// `issue`, and reading goes on to the end.
package struct PlannerReader {
    package var reader: JSONReader
    package var issue: RouteBarInputError?
    /// `issue != nil`, kept apart: the check runs per leg of a refused body.
    var isRefused = false
    /// `?waits=`: itineraries become routes as they are read.
    package var waits = true
    /// `?plannerStatus=`: the HTTP status the planner answered with, for its error's reason.
    package var plannerStatus: Int?
    /// `?shortLegSeconds=`: a planner's legs shorter than this are no segments.
    package var shortestLeg: Double
    /// The zone of times that name none: `?timeZone=`, or the one the answer names for itself
    /// (Navitia's `context.timezone`).
    package var plannerTimeZone: String?
    /// A time the planner wrote that is not one ("2024-10-18T16: 16: 00Z"), since the leg or
    /// itinerary being read began, and where it starts in the body: it is refused, pointed at,
    /// with the text quoted.
    var unreadableTime: (text: String, offset: Int)?
    /// The itineraries read; each but the last made its route when the next is added
    /// (`addItinerary`), the last once the body has been read.
    var plannerItineraries: [PlannerItinerary] = []
    /// Itineraries listed after the others whatever their place in the body (MOTIS's `direct`).
    var trailingItineraries: [PlannerItinerary] = []
    /// The body as one itinerary or journey object (`legs` at the top).
    var documentItinerary: PlannerItinerary?
    /// What the planner says besides its itineraries.
    package var plannerOutcome = PlannerOutcome()
    /// The routes' heap bytes so far, within what was set aside for the body.
    package var modelBytes = ModelBytes(limit: .max, bodyBytes: 0)
    let adapter: any PlannerAdapter.Type
    /// The planner whose answer it reads.
    package var planner: Planner { adapter.planner }

    /// A reader of `planner`'s answer; nil for our own shape and ODsay's, which are no
    /// planner's of the registry.
    package init?(_ planner: Planner, shortestLeg: Double) {
        guard let adapter = PlannerRegistry.adapter(for: planner) else { return nil }
        self.adapter = adapter
        self.shortestLeg = shortestLeg
        reader = JSONReader(UnsafeBufferPointer(start: nil, count: 0))
    }

    /// Whether `planner`'s answers are read by an adapter (every planner but ours and ODsay).
    package static func reads(_ planner: Planner) -> Bool { PlannerRegistry.adapter(for: planner) != nil }

    /// Reads the member under `reader`'s current key with the adapter, and gives the reader
    /// back; `issue` is the body's first bad value so far, which this member may note.
    package mutating func read(_ reader: inout JSONReader, issue: inout RouteBarInputError?) throws(JSONSyntaxError) {
        swap(&self.reader, &reader)
        (self.issue, isRefused) = (issue, issue != nil)
        defer {
            swap(&self.reader, &reader)
            issue = self.issue
        }
        try adapter.readMember(&self)
    }

    /// Whether the member under `reader`'s current key is one the adapter reads after all others.
    package func readsLast(_ reader: borrowing JSONReader) -> Bool {
        adapter.membersReadLast.contains { reader.keyEquals($0) }
    }

    /// The pointer to an unreadable time (`unreadableTime`), else to the leg or itinerary at
    /// `container`, which holds it.
    func pointer(toTimeAt offset: Int, in container: String) -> String {
        PlannerRecognition.pointer(toValueAt: offset, in: reader.text) ?? container
    }

    mutating func note(_ issue: RouteBarInputError) {
        guard !isRefused else { return }
        self.issue = issue
        isRefused = true
    }

    /// A number that is a whole number of small size (a count, a code), else nil.
    package static func smallInteger(_ value: Double) -> Int? {
        value.rounded(.towardZero) == value && abs(value) < 1_000_000_000 ? Int(value) : nil
    }
}
