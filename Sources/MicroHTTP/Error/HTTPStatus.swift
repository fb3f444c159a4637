/// The statuses the server and its handlers send, with their reason phrases (RFC 9110 §15):
/// the one list the status line and the metrics' `status` labels read.
public enum HTTPStatus {
    static let sent: [(status: Int, reason: String)] = [
        (200, "OK"), (204, "No Content"), (304, "Not Modified"),
        (400, "Bad Request"), (404, "Not Found"), (405, "Method Not Allowed"), (408, "Request Timeout"),
        (412, "Precondition Failed"), (413, "Content Too Large"), (414, "URI Too Long"),
        (415, "Unsupported Media Type"), (422, "Unprocessable Content"), (431, "Request Header Fields Too Large"),
        (500, "Internal Server Error"), (501, "Not Implemented"), (503, "Service Unavailable"),
        (505, "HTTP Version Not Supported"),
    ]

    public static func reasonPhrase(_ status: Int) -> String {
        sent.first { $0.status == status }?.reason ?? "Error"
    }
}
