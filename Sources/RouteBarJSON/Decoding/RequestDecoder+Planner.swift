import RouteBar
import RouteBarPlanners
internal import StrictJSON

extension RequestDecoder {
    /// Reads the body as the answer of `planner`'s adapter: layout options and `widths` as in
    /// our shape, every other member by the adapter, those it reads last (`membersReadLast`)
    /// after the rest.
    mutating func decodePlannerDocument(_ planner: inout PlannerReader) throws(JSONSyntaxError) {
        guard try expect(.object, "the body", at: "") else { return }
        var later: [JSONMemberMark] = []
        try reader.beginObject()
        while try reader.nextKey() {
            if let option = layoutOption() {
                try decodeOption(option)
            } else if reader.keyEquals("widths") {
                widths = try decodeWidths()
            } else if planner.readsLast(reader) {
                later.append(reader.markMember())
                try reader.skipValue()
            } else {
                try planner.read(&reader, issue: &issue)
                isRefused = issue != nil
            }
        }
        for mark in later where issue == nil {
            var member = reader.reading(mark)
            try planner.read(&member, issue: &issue)
        }
        isRefused = issue != nil
    }
}
