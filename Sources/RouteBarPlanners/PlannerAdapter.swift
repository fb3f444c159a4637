import RouteBar
internal import StrictJSON

/// One journey planner's answer, read as the planner writes it. Each planner has a folder
/// under `Planners/` with its adapter, its readers and its table of mode names, and one line in
/// `PlannerRegistry.adapters`; recognition, `?source=`, the spec's `source` values and the docs
/// follow from the registry.
///
/// A body is the planner's when the planner's whole signature holds (`signatures`,
/// `PlannerRecognition`); then the adapter alone reads its members (`readMember`) and says what
/// its answer means besides its itineraries (`settle`): shared code names no planner.
protocol PlannerAdapter: Sendable {
    static var planner: Planner { get }
    /// The planner's name in messages ("OpenTripPlanner").
    static var title: String { get }
    /// Where its itineraries are, for messages and docs: `plan.itineraries`.
    static var shape: String { get }
    /// Top-level members only this planner writes: where two planners' signatures hold as
    /// much, one of these tells them apart (`PlannerRecognition`).
    static var claimingNames: [StaticString] { get }
    /// Members of this planner's answers in forms routebar does not read (paths as signatures
    /// write them), each with what to send instead: a body with one is refused with that
    /// advice, pointing at the member, not as unknown.
    static var unreadForms: KeyValuePairs<StaticString, String> { get }
    /// What its answers have, in each form they take (`PlannerSignature`): how a body is
    /// recognised as this planner's, and checked to be when `?source=` names it.
    static var signatures: [PlannerSignature] { get }
    /// Reads the top-level member under the reader's current key, whatever it is: what the
    /// adapter does not use it skips. Its itineraries go to `addItinerary`, what its answer says
    /// of no route or of an error to `plannerOutcome` (its `facts` keep what `settle` needs).
    static func readMember(_ decoder: inout PlannerReader) throws(JSONSyntaxError)
    /// Top-level members read after all the others, whatever their place in the body
    /// (Navitia's `journeys`, whose times are in the zone its `context` names).
    static var membersReadLast: [StaticString] { get }
    /// Once the body is read: what its answer says besides its itineraries, from the facts
    /// its reader kept (an error, or the planner's words for no route).
    static func settle(_ outcome: inout PlannerOutcome)
    /// Its names for modes, each traced to its documentation (`PlannerMode` reads them all).
    static var modeNames: [(TransitMode, [String])] { get }
    /// Names it means otherwise than other planners do (MOTIS's `METRO`, suburban rail, where
    /// Navitia's `Metro` is a metro): read first in its answers, and only there.
    static var ownModeNames: [(TransitMode, [String])] { get }
    /// Its error codes (as `plannerCode` gives them) and what each means for an app; a code
    /// not listed takes the HTTP status's reason (the body's own, else `?plannerStatus=`),
    /// else `unlistedErrorReason`. docs/planners.md's table of reasons is checked against it.
    static var errorReasons: KeyValuePairs<String, PlannerErrorReason> { get }
    /// The reason of an error answer whose code is not listed and whose status says none.
    static var unlistedErrorReason: PlannerErrorReason { get }
    /// Where its answers give each card fact it has, in its own member names: the table in
    /// docs/planners.md ("The route card"), each cell checked by PlannerFactsTests.
    static var cardFacts: KeyValuePairs<CardFact, String> { get }
}

extension PlannerAdapter {
    static var membersReadLast: [StaticString] { [] }
    static var unreadForms: KeyValuePairs<StaticString, String> { [:] }
    static func settle(_ outcome: inout PlannerOutcome) {}
    static var modeNames: [(TransitMode, [String])] { [] }
    static var ownModeNames: [(TransitMode, [String])] { [] }
    static var cardFacts: KeyValuePairs<CardFact, String> { [:] }
    static var errorReasons: KeyValuePairs<String, PlannerErrorReason> { [:] }
    static var unlistedErrorReason: PlannerErrorReason { .plannerFailure }

    /// What an error answer with `code` means: its table's reason, else the status's, else
    /// `unlistedErrorReason`.
    static func errorReason(code: String?, status: Int?) -> PlannerErrorReason {
        if let code, let listed = errorReasons.first(where: { $0.key == code }) { return listed.value }
        return status.flatMap(PlannerErrorReason.init(httpStatus:)) ?? unlistedErrorReason
    }
}

/// Every planner routebar reads besides its own shape and ODsay's, in the order they are
/// listed to users.
enum PlannerRegistry {
    static let adapters: [any PlannerAdapter.Type] = [
        TMAPAdapter.self,
        OpenTripPlannerAdapter.self,
        GoogleAdapter.self,
        NavitiaAdapter.self,
        MOTISAdapter.self,
        HAFASAdapter.self,
        TfLAdapter.self,
        HEREAdapter.self,
        OpendataCHAdapter.self,
        HAFASRESTAdapter.self,
        TransmodelAdapter.self,
        EFAAdapter.self,
        DBWebAdapter.self,
    ]

    /// The adapter of `planner`, if it is one of the registry's.
    static func adapter(for planner: Planner) -> (any PlannerAdapter.Type)? {
        adapters.first { $0.planner == planner }
    }
}
