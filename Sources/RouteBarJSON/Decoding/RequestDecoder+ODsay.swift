import RouteBar
import RouteBarPlanners
internal import StrictJSON

/// ODsay's `searchPubTransPathT` response as it is: `{"result": {"path": [{"info":
/// {"totalTime": …}, "subPath": [...]}]}}`, or its error response.
extension RequestDecoder {
    mutating func decodeODsayResult() throws(JSONSyntaxError) {
        guard try expect(.object, "result", at: "/result") else { return }
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals("path") {
                odsayRoutes = try decodeRoutes(at: "/result/path", name: "path") { decoder, index throws(JSONSyntaxError) in
                    try decoder.decodeODsayPath(index: index)
                }
            } else {
                try reader.skipValue()
            }
        }
    }

    /// One of ODsay's paths: `info.totalTime` and `subPath`.
    mutating func decodeODsayPath(index: Int) throws(JSONSyntaxError) -> Route {
        var route = Route(subPaths: [])
        func base() -> String { "/result/path/\(index)" }
        guard try expect(.object, "a route", at: base()) else { return route }
        var sawSubPath = false
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals("subPath") {
                sawSubPath = true
                route.subPaths = try decodeSubPaths(at: base() + "/subPath")
            } else if reader.keyEquals("info") {
                route.totalTime = try decodeODsayInfo(at: base() + "/info")
            } else {
                try reader.skipValue()
            }
        }
        if !sawSubPath {
            note(.init(.missingField, "subPath is required: every route needs its legs", pointer: base()))
        }
        return route
    }

    mutating func decodeODsayInfo(at pointer: @autoclosure () -> String) throws(JSONSyntaxError) -> Double? {
        guard try expect(.object, "info", at: pointer()) else { return nil }
        var totalTime: Double?
        try reader.beginObject()
        while try reader.nextKey() {
            if reader.keyEquals("totalTime") {
                totalTime = try number("totalTime", at: pointer() + "/totalTime")
            } else {
                try reader.skipValue()
            }
        }
        return totalTime
    }

    /// ODsay reports failures as `{"error": {"code": …, "msg": …}}` or `{"error": [{"code": …, "message": …}]}`;
    /// returns the message to quote back and ODsay's code, where there are.
    mutating func decodeODsayError() throws(JSONSyntaxError) -> (message: String, code: String?) {
        var message = ""
        var code: String?
        switch try reader.peekKind() {
        case .object:
            try reader.beginObject()
            while try reader.nextKey() {
                if reader.keyEquals("msg") || reader.keyEquals("message"), try reader.peekKind() == .string {
                    message = try reader.readString()
                } else if reader.keyEquals("code"), try reader.peekKind() == .string {
                    code = try reader.readString()
                } else if reader.keyEquals("code"), try reader.peekKind() == .number {
                    code = Self.smallInteger(try reader.readNumber()).map { String($0) }
                } else {
                    try reader.skipValue()
                }
            }
        case .array:
            try reader.beginArray()
            while try reader.nextElement() {
                if message.isEmpty, code == nil, try reader.peekKind() == .object {
                    (message, code) = try decodeODsayError()
                } else {
                    try reader.skipValue()
                }
            }
        default:
            try reader.skipValue()
        }
        return (message, code)
    }
}
