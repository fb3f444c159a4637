/// What a ride does at a stop listed between where the rider boards and alights, as a
/// planner's stop says it (`PlannerReader.plannerStops(ends:call:)` counts them).
enum PlannerStopCall {
    /// It calls there: the rider may get on or off.
    case served
    /// It no longer calls, or its call is not shown (cancelled; EFA's stops without a time,
    /// which a train runs through): not counted, unless no stop of the ride is served.
    case notCalled
    /// It halts without letting anyone on or off (MOTIS's pickup and drop-off `NOT_ALLOWED`):
    /// never counted.
    case skipped
}
