// The fuzz target's property, shared by the fuzzer (Tools/routebar-fuzz, `make fuzz`) and the
// regression tests that replay Tests/FuzzCorpus in process.
//
// An input is a request body, optionally preceded by a query string on its own first line
// ("?width=343&scale=3\n{...}").

import RouteBarJSON
import RouteBarService
import StrictJSON

/// Splits an input into its query parameters and its body.
package func splitInput(_ input: UnsafeBufferPointer<UInt8>) -> (query: [String: String], body: [UInt8]) {
    guard input.first == UInt8(ascii: "?"), let newline = input.firstIndex(of: 0x0A) else {
        return ([:], Array(input))
    }
    var query: [String: String] = [:]
    let line = String(decoding: input[1..<newline], as: UTF8.self)
    for pair in line.split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    return (query, Array(input[(newline + 1)...]))
}

/// The property under test: nil when it holds, else what is wrong. Every input must either be
/// refused with a `RouteBarInputError` that says why, and whose `pointer`, where it has one,
/// names a value the body has; or be answered with valid JSON without a single null (every
/// number finite); and the service's simdjson path (`FastRoutes`) must come to the same answer
/// or the same refusal as StrictJSON alone.
package func fuzzCheck(_ input: UnsafeBufferPointer<UInt8>) -> String? {
    let (query, body) = splitInput(input)
    let outcome = Result { () throws(RouteBarInputError) in try RouteBarResponse.answer(json: body, query: { query[$0] }).bytes }
    let simdjsonOutcome = body.withUnsafeBufferPointer { buffer in
        Result { () throws(RouteBarInputError) in
            try RouteBarResponse.encodeAnswer(RouteBarRequest(json: buffer, query: { query[$0] }, predecoded: FastRoutes.read(buffer))).bytes
        }
    }
    if outcome != simdjsonOutcome { return "simdjson's routes and StrictJSON's differ: \(outcome) against \(simdjsonOutcome)" }
    let answer: [UInt8]
    do {
        answer = try outcome.get()
    } catch {
        if error.detail.isEmpty { return "a refusal must say why" }
        if let pointer = error.pointer, !body.withUnsafeBufferPointer({ has(pointer, in: $0) }) {
            return "the refusal points at \(pointer), which the body does not have: \(error.detail)"
        }
        return nil
    }
    return answer.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        do throws(JSONSyntaxError) {
            if try holdsNull(&reader) { return "the answer holds a null: a number was not finite" }
            try reader.finish()
            return nil
        } catch {
            return "the answer is not valid JSON: \(error.message)"
        }
    }
}

private func holdsNull(_ reader: inout JSONReader) throws(JSONSyntaxError) -> Bool {
    switch try reader.peekKind() {
    case .object:
        try reader.beginObject()
        while try reader.nextKey() { if try holdsNull(&reader) { return true } }
    case .array:
        try reader.beginArray()
        while try reader.nextElement() { if try holdsNull(&reader) { return true } }
    case .null:
        return true
    default:
        try reader.skipValue()
    }
    return false
}

/// Whether `body`, read as JSON, has a value at `pointer` (RFC 6901); a body that is not JSON
/// has none but the whole.
package func has(_ pointer: String, in body: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !pointer.isEmpty else { return true }
    guard pointer.hasPrefix("/") else { return false }
    // "~1" is "/" and "~0" is "~", in that order.
    let tokens = pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
        var text = ""
        var escaped = false
        for character in token {
            if escaped {
                text.append(character == "1" ? "/" : character == "0" ? "~" : character)
                escaped = false
            } else if character == "~" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
    var reader = JSONReader(body)
    do throws(JSONSyntaxError) {
        for token in tokens {
            switch try reader.peekKind() {
            case .object:
                try reader.beginObject()
                var found = false
                while try reader.nextKey() {
                    if reader.key == token {
                        found = true
                        break
                    }
                    try reader.skipValue()
                }
                if !found { return false }
            case .array:
                guard let index = Int(token), index >= 0, String(index) == token else { return false }
                try reader.beginArray()
                var position = 0
                var found = false
                while try reader.nextElement() {
                    if position == index {
                        found = true
                        break
                    }
                    try reader.skipValue()
                    position += 1
                }
                if !found { return false }
            default:
                return false
            }
        }
        return true
    } catch {
        return false
    }
}
