import MicroHTTP
import StrictJSON

/// The server's events as `LogLine`s: every line routebar writes to stderr is one JSON object.
struct JSONLineLogger: HTTPServerLogger {
    func log(_ event: HTTPServerEvent) {
        switch event {
        case .request(let record):
            LogLine.write(event: "request") { line in
                line.field("method", record.method)
                line.field("path", record.path)
                line.field("status", record.status)
                line.field("requestBytes", record.requestBytes)
                line.field("responseBytes", record.responseBytes)
                line.field("durationMicros", record.durationMicroseconds)
                line.field("requestId", record.requestId)
                if let problem = record.problemType { line.field("problem", problem) }
            }
        case .library(let message):
            LogLine.write(level: "warning", event: "libmicrohttpd", message: message)
        case .warning(let message):
            LogLine.write(level: "warning", event: "warning", message: message)
        }
    }
}
