import Foundation
import JuiceLSP
import Testing

/// The lifecycle: initialize and its capabilities, requests before it, shutdown and exit, the end of the input, bad
/// messages and cancelled requests.
@Suite(.timeLimit(.minutes(2))) struct ServerLifecycleTests {
    @Test func initializeAnswersCapabilitiesAndShutdownThenExitEndsWithZero() async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        let response = await client.initialize()
        let result = response?["result"] as? [String: Any]
        let capabilities = result?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-16")
        let sync = capabilities?["textDocumentSync"] as? [String: Any]
        #expect(sync?["openClose"] as? Bool == true)
        #expect(sync?["change"] as? Int == 1)
        #expect((sync?["save"] as? [String: Any])?["includeText"] as? Bool == false)
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        #expect((capabilities?["completionProvider"] as? [String: Any])?["triggerCharacters"] as? [String] == [" ", ":", "{", ","])
        #expect(capabilities?["definitionProvider"] as? Bool == true)
        #expect(capabilities?["referencesProvider"] as? Bool == true)
        #expect((capabilities?["renameProvider"] as? [String: Any])?["prepareProvider"] as? Bool == true)
        #expect((capabilities?["codeActionProvider"] as? [String: Any])?["codeActionKinds"] as? [String] == ["quickfix"])
        #expect((result?["serverInfo"] as? [String: Any])?["name"] as? String == "juice")
        let again = await client.call("initialize", ["capabilities": [:]])
        #expect((again?["error"] as? [String: Any])?["code"] as? Int == -32600)
        let shutdown = await client.call("shutdown")
        #expect(shutdown?.keys.contains("result") == true)
        #expect(shutdown?["result"] is NSNull)
        let late = await client.call("textDocument/hover", ["textDocument": ["uri": "file:///x.yaml"], "position": ["line": 0, "character": 0]])
        #expect((late?["error"] as? [String: Any])?["code"] as? Int == -32600)
        client.notify("exit")
        #expect(await client.exitStatus() == 0)
    }

    @Test func requestsBeforeInitializeAreRefusedAndNotificationsIgnored() async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        let early = await client.call("textDocument/hover", ["textDocument": ["uri": "file:///x.yaml"], "position": ["line": 0, "character": 0]])
        #expect((early?["error"] as? [String: Any])?["code"] as? Int == -32002)
        client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///x.yaml", "languageId": "yaml", "version": 1, "text": "x"]])
        #expect(await client.initialize()?["result"] != nil)
        #expect(await client.shutDown() == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        await client.initialize()
        client.notify("exit")
        #expect(await client.exitStatus() == 1)
    }

    @Test func theEndOfTheInputEndsTheServerEvenMidMessage() async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        await client.initialize()
        client.sendRaw(Array("Content-Length: 100\r\n\r\n{\"jsonrpc\":".utf8))
        client.closeInput()
        #expect(await client.exitStatus() == 1)
    }

    @Test func aClientThatVanishesEndsTheServer() async throws {
        let client = try TestClient(recipes: try recipeDirectory(), readingOutput: false)
        client.closeOutputReader()
        // The answer cannot be written: the server ends instead of dying of SIGPIPE.
        client.request("initialize", ["capabilities": [:]])
        for _ in 0..<20 { client.request("unknown/method") }
        #expect(await client.exitStatus() == 1)
    }

    @Test func invalidJSONUnknownMethodsAndUnknownNotifications() async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        await client.initialize()
        client.sendRaw(MessageFraming.frame(Data("{\"jsonrpc\": \"2.0\", \"id\": 5, ".utf8)))
        let parseError = await client.waitFor { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 }
        #expect(parseError?["id"] is NSNull)
        client.notify("$/setTrace", ["value": "off"])
        client.notify("workspace/somethingNew", ["x": 1])
        client.sendRaw(Array("garbage\r\n\r\n".utf8) + [0xFF, 0xFE, 0x00])
        let unknown = await client.call("workspace/unknownRequest", [:])
        #expect((unknown?["error"] as? [String: Any])?["code"] as? Int == -32601)
        let badParams = await client.call("textDocument/hover", ["nothing": true])
        #expect((badParams?["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(await client.shutDown() == 0)
    }

    @Test func aRequestCancelledWhileQueuedIsAnsweredAsCancelled() async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        await client.initialize()
        // One write: the request and its cancellation arrive together, before the server looks at either.
        let hover: [String: Any] = [
            "jsonrpc": "2.0", "id": 900, "method": "textDocument/hover",
            "params": ["textDocument": ["uri": "file:///x.yaml"], "position": ["line": 0, "character": 0]],
        ]
        let cancel: [String: Any] = ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 900]]
        client.sendRaw(
            MessageFraming.frame(try JSONSerialization.data(withJSONObject: hover))
                + MessageFraming.frame(try JSONSerialization.data(withJSONObject: cancel)))
        let response = await client.response(to: 900)
        #expect((response?["error"] as? [String: Any])?["code"] as? Int == -32800)
        #expect(await client.shutDown() == 0)
    }

    @Test(arguments: [
        (["utf-8", "utf-16"], "utf-8"), (["utf-32", "utf-16"], "utf-32"), (["utf-16"], "utf-16"), ([], "utf-16"), (["utf-7"], "utf-16"),
    ])
    func positionEncodingNegotiation(offered: [String], chosen: String) async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        let response = await client.initialize(capabilities: ["general": ["positionEncodings": offered]])
        let capabilities = (response?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == chosen)
        #expect(await client.shutDown() == 0)
    }

    @Test func watchedFilesAreRegisteredWhenTheClientCan() async throws {
        let client = try TestClient(recipes: try recipeDirectory())
        await client.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = await client.waitFor { $0["method"] as? String == "client/registerCapability" }
        let registrations = (registration?["params"] as? [String: Any])?["registrations"] as? [[String: Any]]
        #expect(registrations?.first?["method"] as? String == "workspace/didChangeWatchedFiles")
        let watchers = (registrations?.first?["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        #expect(watchers?.compactMap { $0["globPattern"] as? String } == ["**/*.yaml", "**/*.yml", "**/.juicelint.yaml"])
        if let id = registration?["id"] { client.send(["jsonrpc": "2.0", "id": id, "result": NSNull()]) }
        #expect(await client.shutDown() == 0)
    }
}
