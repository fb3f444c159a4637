import RouteBar

extension RequestDecoder {
    /// The request the body describes, with the query string's options merged in.
    func request(mergingQuery query: (String) -> String?) throws(RouteBarInputError) -> RouteBarRequest {
        let (shape, routes) = try shapeAndRoutes()
        var options = self.options
        let fromQuery = try options.merge(query: query)
        guard let width = widths?.first ?? options.width else {
            throw shape == .odsay
                ? .init(.missingField, "width is required: pass the bar's width in points in the query string, as ?width=343",
                        parameter: "width")
                : .init(.missingField, "width is required: the bar's width in points", pointer: "/width")
        }
        if widths != nil && self.options.isSet(.width) {
            throw .init(.invalidType, "give either width or widths, not both", pointer: "/widths")
        }
        return RouteBarRequest(options: options.layoutOptions(width: width), routes: routes, shape: shape,
                               optionsFromQuery: fromQuery, widths: widths)
    }

    /// Which shape the body has, and its routes; an ODsay error response is refused here.
    private func shapeAndRoutes() throws(RouteBarInputError) -> (RouteBarRequest.Shape, [Route]) {
        if let routes { return (.routeBar, routes) }
        if sawResult {
            guard let odsayRoutes else {
                throw .init(.missingField, "result.path is required: an ODsay response lists its routes there", pointer: "/result/path")
            }
            return (.odsay, odsayRoutes)
        }
        if let (message, code) = odsayError {
            let quoted = message.isEmpty ? "" : ": \"\(message)\""
            var problem = RouteBarInputError(
                .odsayError, "the body is an ODsay error response\(quoted); there are no routes to lay out", pointer: "/error")
            problem.odsayCode = code
            throw problem
        }
        throw .init(.missingField,
                    "routes is required (or send an ODsay searchPubTransPathT response, with width in the query string)",
                    pointer: "/routes")
    }
}
