import Foundation
import Hummingbird
import JuiceUseCases
import NIOCore

/// A coding key for any name, so that bodies can list the keys they were sent.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// Throws `unknownField` for the first key not in `allowed` (named with its full path).
    func rejectUnknownKeys(allowed: [String]) throws {
        for key in allKeys where !allowed.contains(key.stringValue) {
            throw APIError.unknownField(fieldPath(codingPath + [key]), allowed: allowed)
        }
    }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// The integer at `key`; a number that is not one a 64-bit integer holds (a fraction, 1e30) is `notAnInteger`,
    /// and `null` is a wrong type, not an absent field.
    func decodeInteger(_ key: String) throws -> Int {
        do {
            return try decode(Int.self, forKey: AnyKey(key))
        } catch let error as DecodingError {
            throw error  // a string, null, an object: reported with the field's path
        } catch {
            // Foundation's parser rejects a number Int cannot hold (1.5, 1e30) with an error of its own, without a
            // path; a number it is, if it reads as a Double.
            guard (try? decode(Double.self, forKey: AnyKey(key))) != nil else { throw error }
            throw APIError.notAnInteger(field: fieldPath(codingPath + [AnyKey(key)]))
        }
    }
}

/// `changes[0].add`: a coding path as a request field's name.
func fieldPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
    }
    return text
}

/// `POST /api/orders`: `{"juice": name, "count": n}` (count defaults to 1).
package struct OrderRequest: Decodable, Sendable {
    /// The juice asked for, as the client wrote it (an id, name or alias).
    package var juice: String
    /// How many.
    package var count: Int

    static let fields = ["juice", "count"]

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: Self.fields)
        juice = try container.decode(String.self, forKey: AnyKey("juice"))
        count = container.contains(AnyKey("count")) ? try container.decodeInteger("count") : 1
    }
}

extension OrderRequest {
    /// The order body of `request`, checked: a juice name and a count within the configuration's range. The plain
    /// reading takes no key twice, so a body with one goes to `decodeJSON`, which refuses it (`duplicateField`).
    package static func checked(_ request: Request, configuration: ServerConfiguration) async throws -> OrderRequest {
        let buffer = try await collectBody(of: request, limit: configuration.bodyLimit)
        let body = try OrderRequest(plainJSON: buffer.readableBytesView) ?? decodeJSON(OrderRequest.self, from: buffer)
        guard (1...configuration.maxOrderCount).contains(body.count) else {
            throw APIError.outOfRange(field: "count", value: body.count, range: 1...configuration.maxOrderCount)
        }
        return body
    }
}

/// `POST /api/stock`: `{"changes": [{"fruit": f, "add"|"remove"|"set": n}, …]}`.
struct StockChangeRequest: Decodable, Sendable {
    /// One change as sent: the fruit's name and exactly one operation.
    struct Change: Decodable, Sendable {
        /// The operation's key: `add`, `remove` or `set`.
        typealias Operation = StockEdit.Operation
        var fruit: String
        var operation: Operation
        var amount: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            try container.rejectUnknownKeys(allowed: ["fruit", "add", "remove", "set"])
            fruit = try container.decode(String.self, forKey: AnyKey("fruit"))
            let operations = container.allKeys.compactMap { Operation(rawValue: $0.stringValue) }
            guard operations.count == 1, let operation = operations.first else {
                throw APIError.ambiguousChange(field: fieldPath(decoder.codingPath))
            }
            self.operation = operation
            amount = try container.decodeInteger(operation.rawValue)
            guard amount >= 0 else {
                throw APIError.outOfRange(field: fieldPath(decoder.codingPath + [AnyKey(operation.rawValue)]), value: amount, range: 0...Int.max)
            }
        }
    }

    var changes: [Change]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["changes"])
        changes = try container.decode([Change].self, forKey: AnyKey("changes"))
    }
}

/// Reads a JSON body of at most `limit` bytes as `T`, turning every failure into the `APIError` that names it.
func decodeBody<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
    try decodeJSON(type, from: try await collectBody(of: request, limit: limit))
}

/// The body of `request`, at most `limit` bytes (else `bodyTooLarge`).
func collectBody(of request: Request, limit: Int) async throws -> ByteBuffer {
    do {
        return try await request.body.collect(upTo: limit)
    } catch is NIOTooManyBytesError {
        throw APIError.bodyTooLarge(limit: limit)
    }
}

/// `buffer` as JSON for `T`, turning every failure into the `APIError` that names it. A key given twice in any object
/// is `duplicateField` (`JSONDecoder` would keep one of them): checked once the text is known to be JSON, and said
/// before any other problem of the fields.
func decodeJSON<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
    let bytes = buffer.readableBytesView
    let decoded: Result<T, APIError>
    do {
        decoded = .success(try JSONDecoder().decode(T.self, from: Data(bytes)))
    } catch let problem as APIError {
        decoded = .failure(problem)
    } catch let error as DecodingError {
        decoded = .failure(APIError(error))
    }
    // Not JSON at all: that is the problem to say. Otherwise a key twice comes first: it may be why a field looks
    // wrong, and a body that decoded has one of its values dropped.
    if case .failure(.malformedJSON) = decoded { return try decoded.get() }
    if let duplicate = DuplicateKeyScanner.firstDuplicate(in: bytes) { throw APIError.duplicateField(duplicate) }
    return try decoded.get()
}

extension APIError {
    /// The problem a `DecodingError` describes, naming the field.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self = .missingField(fieldPath(context.codingPath + [key]))
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let field = fieldPath(context.codingPath)
            guard !field.isEmpty else {
                self = .malformedJSON(detail: "expected an object")
                return
            }
            self = .wrongType(field: field, expected: Self.expectation(type))
        case .dataCorrupted(let context):
            let field = fieldPath(context.codingPath)
            if field.isEmpty {
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                self = .malformedJSON(detail: underlying ?? context.debugDescription)
            } else {
                self = .notAnInteger(field: field)
            }
        @unknown default:
            self = .malformedJSON(detail: "\(error)")
        }
    }

    private static func expectation(_ type: Any.Type) -> JSONType {
        if type == String.self { return .string }
        if type == Int.self { return .integer }
        if type == Bool.self { return .boolean }
        if type is any Collection.Type { return .array }
        return .object
    }
}
