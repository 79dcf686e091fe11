import Foundation
import Hummingbird

/// JSON responses: UTF-8, keys sorted so that bodies are stable.
enum JSONResponse {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as a JSON response with `status`.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A receipt as a JSON response with `status` (written directly: the same bytes, a fraction of the work).
    static func make(_ receipt: ReceiptBody, status: HTTPResponse.Status = .ok) -> Response {
        var writer = JSONWriter()
        writer.write(receipt)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: writer.bytes)))
    }

    /// `value` as JSON text (for event streams).
    static func text(_ value: some Encodable) -> String {
        String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
