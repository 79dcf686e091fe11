import Foundation
import Hummingbird

/// JSON responses: UTF-8, keys sorted so that bodies are stable.
///
/// A body that conforms to `JSONWritable` (a receipt) is written by its own fast writer, found at run time, so it is
/// the value that decides, never the static type it is passed as; everything else goes through `JSONEncoder`. Both
/// make the same bytes (`JSONWriterTests`).
package enum JSONResponse {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as a JSON response with `status`.
    package static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let buffer = written(value).map { ByteBuffer(bytes: $0) } ?? ByteBuffer(bytes: encoded(value))
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: buffer))
    }

    /// `value` as JSON text (for event streams).
    static func text(_ value: some Encodable) -> String {
        if let bytes = written(value) { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: encoded(value), as: UTF8.self)
    }

    /// `value`'s JSON from its own writer when it is `JSONWritable` (whatever type it was passed as); nil otherwise.
    static func written(_ value: some Encodable) -> [UInt8]? {
        guard let writable = value as? any JSONWritable else { return nil }
        var writer = JSONWriter()
        writable.writeJSON(to: &writer)
        return writer.bytes
    }

    /// `value`'s JSON from `JSONEncoder` (`{}` if it cannot be encoded).
    static func encoded(_ value: some Encodable) -> Data {
        (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
