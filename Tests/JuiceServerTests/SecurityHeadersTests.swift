import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceTestSupport
import Testing
import JuiceServer

/// The page and the API carry the security headers, error responses included; the page has nothing inline that the
/// policy would block.
@Suite struct SecurityHeadersTests {
    static func expectHeaders(_ headers: HTTPFields, _ what: String) {
        let policy = headers[.contentSecurityPolicy] ?? ""
        #expect(policy.contains("default-src 'self'"), "\(what)")
        #expect(policy.contains("frame-ancestors 'none'"), "\(what)")
        #expect(!policy.contains("unsafe-inline"), "\(what)")
        #expect(headers[.xContentTypeOptions] == "nosniff", "\(what)")
        #expect(headers.contains { $0.name.canonicalName == "referrer-policy" && $0.value == "no-referrer" }, "\(what)")
    }

    @Test(arguments: [
        ("GET", "/", "", 200), ("GET", "/app.js", "", 200), ("GET", "/api/menu", "", 200), ("GET", "/nowhere", "", 404),
        ("DELETE", "/api/menu", "", 405), ("POST", "/api/orders", "{", 400), ("POST", "/api/orders", #"{"juice": "nothing-juice"}"#, 404),
        ("GET", "/api/history", "", 401),
    ])
    func everyAnswerCarriesTheSecurityHeaders(method: String, path: String, body: String, status: Int) async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: path, method: .init(method)!, headers: TestShop.jsonHeaders, body: json(body)) { response in
                #expect(response.status.code == status)
                Self.expectHeaders(response.headers, "\(method) \(path)")
            }
        }
    }

    @Test func aRefusedEventStreamCarriesThemToo() async throws {
        let shop = try TestShop { $0.streamLimits = StreamLimits(total: 0, perClient: 0) }
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/events", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                Self.expectHeaders(response.headers, "GET /api/events")
            }
        }
    }

    @Test func thePageHasNoInlineScriptOrStyleThePolicyWouldBlock() throws {
        let page = TestDirectories.packageRoot.appendingPathComponent("Sources/JuiceServer/Page")
        let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        let scripts = try ["api.js", "app.js", "menu.js", "stockroom.js"].map {
            try String(contentsOf: page.appendingPathComponent($0), encoding: .utf8)
        }
        for tag in html.components(separatedBy: "<script").dropFirst() {
            #expect(tag.prefix { $0 != ">" }.contains("src="), "an inline <script>")
        }
        for text in [html] + scripts {
            #expect(!text.contains("<style"))
            #expect(!text.contains(" style="))
            #expect(!text.contains("javascript:"))
            #expect(text.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) == nil, "an inline event handler")
        }
        for script in scripts {
            #expect(!script.contains("eval("))
            #expect(!script.contains("new Function"))
        }
    }
}
