import CEmbeddedFiles

/// The files compiled into the binary (CEmbeddedFiles): the contract, the playground and the
/// `<route-bar>` web component.
enum EmbeddedDocuments {
    static let openAPISpec: [UInt8] = {
        var length = 0
        let bytes = routebar_openapi_yaml(&length)
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }()

    static let playgroundPage: [UInt8] = {
        var length = 0
        let bytes = routebar_playground_html(&length)
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }()

    static let webComponent: [UInt8] = {
        var length = 0
        let bytes = routebar_route_bar_js(&length)
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }()
}
