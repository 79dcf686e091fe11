import FoundationEssentials

/// The id of a JSON-RPC request: a number or a string, as the sender chose.
package enum JSONRPCID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A numeric id.
    case number(Int)
    /// A string id.
    case string(String)

    /// Decodes a number or a string.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Encodes the number or the string.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        }
    }

    /// The id as JSON shows it.
    package var description: String {
        switch self {
        case .number(let number): return String(number)
        case .string(let string): return "\"\(string)\""
        }
    }
}

/// The error of a failed request (the protocol's `ResponseError`): a code and a message a person can read.
package struct ResponseError: Error, Hashable, Sendable, Codable {
    /// The error's code (see the static members).
    package var code: Int
    /// What went wrong.
    package var message: String

    /// An error with `code` and `message`.
    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The message is not valid JSON.
    package static let parseErrorCode = -32700
    /// The JSON is not a valid request.
    package static let invalidRequestCode = -32600
    /// No such method.
    package static let methodNotFoundCode = -32601
    /// The params do not have the method's shape.
    package static let invalidParamsCode = -32602
    /// The server failed on its own.
    package static let internalErrorCode = -32603
    /// A request arrived before `initialize`.
    package static let serverNotInitializedCode = -32002
    /// The request was cancelled before it ran.
    package static let requestCancelledCode = -32800
    /// The request was valid but could not be done (a refused rename).
    package static let requestFailedCode = -32803
}

/// One message as it arrived, sorted by what it is, with its body kept for decoding its params.
package enum IncomingMessage: Sendable {
    /// A request: it has an id and a method and wants an answer.
    case request(id: JSONRPCID, method: String, body: Data)
    /// A notification: a method without an id; nothing is answered.
    case notification(method: String, body: Data)
    /// An answer to a request the server sent (nothing waits for it).
    case response(id: JSONRPCID?)
    /// Not a message: answered with an error for `problem` (to `id`, or to null when it had none).
    case invalid(id: JSONRPCID?, problem: MessageProblem)

    /// Sorts the JSON text `body`: invalid JSON is a parse error, JSON without the shape of a message an invalid request.
    package static func classify(_ body: Data) -> IncomingMessage {
        let header: MessageHeader
        do {
            header = try JSONDecoder().decode(MessageHeader.self, from: body)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return .invalid(id: nil, problem: .notJSON)
        } catch {
            return .invalid(id: nil, problem: .notAnObject)
        }
        if header.badID {
            return .invalid(id: nil, problem: .badID)
        }
        switch (header.id, header.method) {
        case (let id?, let method?): return .request(id: id, method: method, body: body)
        case (nil, let method?): return .notification(method: method, body: body)
        case (let id, nil) where header.isResponse: return .response(id: id)
        case (let id, nil):
            return .invalid(id: id, problem: .noMethod)
        }
    }

    /// The params of `body` decoded as `Params`.
    package static func params<Params: Decodable>(_ type: Params.Type, from body: Data) throws -> Params {
        try JSONDecoder().decode(ParamsEnvelope<Params>.self, from: body).params
    }
}

/// Why a body is not a JSON-RPC message.
package enum MessageProblem: Hashable, Sendable {
    /// Not valid JSON (a parse error).
    case notJSON
    /// JSON, but not an object.
    case notAnObject
    /// An id that is neither a number nor a string.
    case badID
    /// Neither a method nor a result or error.
    case noMethod

    /// The JSON-RPC error code: -32700 for invalid JSON, -32600 for the rest.
    package var code: Int { self == .notJSON ? ResponseError.parseErrorCode : ResponseError.invalidRequestCode }
}

/// What the server reads of every message before it knows the method: its id, its method, whether it is an answer.
private struct MessageHeader: Decodable {
    var id: JSONRPCID?
    var badID = false
    var method: String?
    var isResponse = false

    enum CodingKeys: String, CodingKey {
        case id, method, result, error
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.id), !((try? container.decodeNil(forKey: .id)) ?? false) {
            id = try? container.decode(JSONRPCID.self, forKey: .id)
            badID = id == nil
        }
        method = try? container.decodeIfPresent(String.self, forKey: .method)
        isResponse = container.contains(.result) || container.contains(.error)
    }
}

/// A message's `params` member, decoded as `Params`.
private struct ParamsEnvelope<Params: Decodable>: Decodable {
    var params: Params
}

/// One message the server sends, ready to be encoded.
package enum OutgoingMessage: Sendable {
    /// The answer to request `id` (null when `id` is nil): `result`, or an error.
    case response(id: JSONRPCID?, result: Result<any Encodable & Sendable, ResponseError>)
    /// A notification.
    case notification(method: String, params: any Encodable & Sendable)
    /// A request to the client.
    case request(id: JSONRPCID, method: String, params: any Encodable & Sendable)

    /// The message as JSON text.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try encoder.encode(Envelope(message: self))
    }

    /// The message as a frame: the `Content-Length` header and the JSON text.
    package func framed() throws -> [UInt8] {
        MessageFraming.frame(try encoded())
    }
}

/// The JSON-RPC object around an outgoing message, with `"id": null` and `"result": null` written out where they are.
private struct Envelope: Encodable {
    let message: OutgoingMessage

    enum CodingKeys: String, CodingKey {
        case jsonrpc, id, method, params, result, error
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("2.0", forKey: .jsonrpc)
        switch message {
        case .response(let id, let result):
            if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
            switch result {
            case .success(let value): try container.encode(value, forKey: .result)
            case .failure(let error): try container.encode(error, forKey: .error)
            }
        case .notification(let method, let params):
            try container.encode(method, forKey: .method)
            try container.encode(params, forKey: .params)
        case .request(let id, let method, let params):
            try container.encode(id, forKey: .id)
            try container.encode(method, forKey: .method)
            try container.encode(params, forKey: .params)
        }
    }
}
