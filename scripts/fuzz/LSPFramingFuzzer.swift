// libFuzzer target: arbitrary bytes as what an editor writes to `juice lsp`'s input. The frame decoder must turn them
// into messages and problems without a crash, a hang or holding more than it was given, and give the same events
// fed whole as fed in two pieces cut where the first two input bytes say. Every message body must frame again into
// itself, sort (`IncomingMessage.classify`) and decode as each method's params without a crash, and the server's
// answer to an invalid one must be a message that reads back with the same id.
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import JuiceLSP

/// Stops the run with `message` on standard error unless `condition` holds (a failed property: libFuzzer keeps the
/// input). `precondition` would say nothing in an optimized build.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    failure(message())
}

/// Stops the run with `message` on standard error.
func failure(_ message: String) -> Never {
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}

/// Feeds `pieces` one after the other, taking every event after each.
func events(_ pieces: [ArraySlice<UInt8>]) -> [FrameEvent] {
    var decoder = FrameDecoder()
    var events: [FrameEvent] = []
    var fed = 0
    for piece in pieces {
        decoder.append(piece)
        fed += piece.count
        while let event = decoder.next() { events.append(event) }
        require(decoder.bufferedBytes <= fed, "the decoder holds \(decoder.bufferedBytes) bytes of \(fed) fed")
    }
    return events
}

/// Decodes `body` as `type`'s params, which may fail but must not crash; the URIs it names are read as paths.
func decode<Params: Decodable>(_ type: Params.Type, _ body: Data, uris: (Params) -> [String] = { _ in [] }) {
    guard let params = try? IncomingMessage.params(type, from: body) else { return }
    for uri in uris(params) {
        if let path = DocumentURI.path(of: uri) { _ = DocumentURI.uri(ofPath: DocumentURI.normalized(path)) }
    }
}

/// libFuzzer's entry point: one input of `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLSPFraming(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 2 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    let cut = (Int(data[0]) << 8 | Int(data[1])) % (bytes.count + 1)
    let whole = events([bytes[...]])
    let split = events([bytes[..<cut], bytes[cut...]])
    require(whole == split, "fed whole and cut at \(cut) the input gives different events: \(whole) vs \(split)")
    for case .message(let body) in whole {
        let again = events([MessageFraming.frame(body)[...]])
        require(again == [.message(body)], "a body framed again reads as \(again)")
        switch IncomingMessage.classify(body) {
        case .request(_, _, let body), .notification(_, let body):
            decode(InitializeParams.self, body)
            decode(CancelParams.self, body)
            decode(DidOpenTextDocumentParams.self, body) { [$0.textDocument.uri] }
            decode(DidChangeTextDocumentParams.self, body) { [$0.textDocument.uri] }
            decode(TextDocumentNotificationParams.self, body) { [$0.textDocument.uri] }
            decode(DidChangeWatchedFilesParams.self, body) { $0.changes.map(\.uri) }
            decode(TextDocumentPositionParams.self, body) { [$0.textDocument.uri] }
            decode(ReferenceParams.self, body)
            decode(RenameParams.self, body)
            decode(CodeActionParams.self, body)
        case .response: break
        case .invalid(let id, let problem):
            // The server's answer: an error to `id` (null without one), which must read back as an answer to it.
            let answer = OutgoingMessage.response(id: id, result: .failure(ResponseError(code: problem.code, message: "invalid")))
            guard let framed = try? answer.framed() else { failure("the answer to \(id as Any) cannot be encoded") }
            guard case .message(let echo)? = events([framed[...]]).first, case .response(let echoed) = IncomingMessage.classify(echo),
                echoed == id
            else { failure("the answer to \(id as Any) does not read back as an answer to it") }
        }
    }
    return 0
}
