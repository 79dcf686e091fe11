import Foundation
import JuiceRecipeText
import Testing

@testable import JuiceLSP

/// JSON-RPC messages: sorting what arrives, encoding what goes out, `file://` URIs.
@Suite struct ProtocolMessageTests {
    static func classify(_ text: String) -> IncomingMessage { IncomingMessage.classify(Data(text.utf8)) }

    @Test func requestsNotificationsResponsesAndInvalidMessages() {
        guard case .request(.number(1), "initialize", _) = Self.classify(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#) else {
            Issue.record("not a request")
            return
        }
        guard case .request(.string("a"), "shutdown", _) = Self.classify(#"{"jsonrpc":"2.0","id":"a","method":"shutdown"}"#) else {
            Issue.record("not a request with a string id")
            return
        }
        guard case .notification("exit", _) = Self.classify(#"{"jsonrpc":"2.0","method":"exit"}"#) else {
            Issue.record("not a notification")
            return
        }
        guard case .response(.number(7)) = Self.classify(#"{"jsonrpc":"2.0","id":7,"result":null}"#) else {
            Issue.record("not a response")
            return
        }
        guard case .invalid(nil, let parse) = Self.classify("{not json") else {
            Issue.record("invalid JSON accepted")
            return
        }
        #expect(parse == .notJSON && parse.code == -32700)
        guard case .invalid(nil, let notObject) = Self.classify("[1, 2]") else {
            Issue.record("an array accepted")
            return
        }
        #expect(notObject == .notAnObject && notObject.code == -32600)
        guard case .invalid(.number(3), let noMethod) = Self.classify(#"{"jsonrpc":"2.0","id":3}"#) else {
            Issue.record("a message without method accepted")
            return
        }
        #expect(noMethod == .noMethod && noMethod.code == -32600)
    }

    @Test func nullIDsAndNullResultsAreWrittenOut() throws {
        let error = OutgoingMessage.response(id: nil, result: .failure(ResponseError(code: -32700, message: "bad")))
        let errorJSON = try JSONSerialization.jsonObject(with: try error.encoded()) as? [String: Any]
        #expect(errorJSON?["id"] is NSNull)
        #expect((errorJSON?["error"] as? [String: Any])?["code"] as? Int == -32700)
        let null = OutgoingMessage.response(id: .number(2), result: .success(JSONNull()))
        let nullJSON = try JSONSerialization.jsonObject(with: try null.encoded()) as? [String: Any]
        #expect(nullJSON?["result"] is NSNull)
        #expect(nullJSON?["id"] as? Int == 2)
    }

    @Test func versionlessDocumentEditsSayNull() throws {
        let edit = TextDocumentEdit(textDocument: OptionalVersionedTextDocumentIdentifier(uri: "file:///a", version: nil), edits: [])
        let json = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(edit)) as? [String: Any]
        #expect((json?["textDocument"] as? [String: Any])?["version"] is NSNull)
    }

    @Test func diagnosticsOfOtherServersDecodeWithoutOurData() throws {
        let text = #"{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"message":"x","code":42,"data":[1,2]}"#
        let diagnostic = try JSONDecoder().decode(LSPDiagnostic.self, from: Data(text.utf8))
        #expect(diagnostic.data == nil)
        #expect(diagnostic.code == nil)
        #expect(diagnostic.range.start == TextPosition(line: 0, character: 1))
    }

    @Test func fileURIsWithHangulSpacesAndPercentEncoding() {
        let path = "/tmp/메뉴 판/딸기🍓.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        #expect(uri.allSatisfy { $0.isASCII })
        #expect(uri.hasPrefix("file:///tmp/%EB%A9%94%EB%89%B4%20"))
        #expect(DocumentURI.path(of: uri) == path)
        #expect(DocumentURI.path(of: "file:///tmp/%eb%a9%94%eb%89%b4%20%ed%8c%90/a.yaml") == "/tmp/메뉴 판/a.yaml")
        #expect(DocumentURI.path(of: "file://localhost/tmp/./x/../a.yaml") == "/tmp/a.yaml")
        #expect(DocumentURI.path(of: "FILE:///tmp/a.yaml") == "/tmp/a.yaml")
        #expect(DocumentURI.path(of: "file:/tmp/a.yaml") == "/tmp/a.yaml")
        #expect(DocumentURI.path(of: "file:tmp/a.yaml") == nil)
        #expect(DocumentURI.path(of: "files:///tmp/a.yaml") == nil)
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
        #expect(DocumentURI.path(of: "file://server/share/a.yaml") == nil)
        #expect(DocumentURI.path(of: "file:///tmp/100%.yaml") == "/tmp/100%.yaml")
    }
}
