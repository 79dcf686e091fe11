import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceReload
import JuiceShop
import Testing
@testable import JuiceServer

@Suite struct ServerSetupTests {
    /// Nothing the server builds holds the menu or the store beyond it (a cycle would keep the menu, its book and the
    /// store, an open database, alive after the server was gone).
    @Test func aServerLeavesNothingBehind() async throws {
        weak var menu: LiveMenu?
        weak var store: SQLiteStore?
        var directory: URL?
        do {
            let shop = try TestShop()
            directory = shop.directory
            _ = shop.server.router()
            menu = shop.menu
            store = shop.store as? SQLiteStore
            #expect(menu != nil && store != nil)
        }
        // Released at the end of the scope above, unless something still holds them.
        #expect(menu == nil, "the live menu outlived its server")
        #expect(store == nil, "the store outlived its server")
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func theStaffCredentialAcceptsOnlyTheToken() {
        let credential = StaffCredential(token: "open sesame")
        #expect(credential.accepts("open sesame"))
        #expect(!credential.accepts("open sesamE"))
        #expect(!credential.accepts(""))
        #expect(StaffCredential.bearerToken(in: "Bearer abc") == "abc")
        #expect(StaffCredential.bearerToken(in: "bearer   abc ") == "abc")
        #expect(StaffCredential.bearerToken(in: "Basic abc") == nil)
        #expect(StaffCredential.bearerToken(in: "Bearer") == nil)
    }

    @Test func theTokenComesFromTheFileOrTheEnvironment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        let fileToken = "from-file-0123456789abcdef0123456789"
        let environmentToken = "from-env-0123456789abcdef0123456789"
        try "\(fileToken)\nignored\n".write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try #require(try StaffCredential.load(file: file.path, environment: ["JUICE_STAFF_TOKEN": environmentToken]))
        #expect(fromFile.accepts(fileToken))
        let fromEnvironment = try #require(try StaffCredential.load(file: nil, environment: ["JUICE_STAFF_TOKEN": environmentToken]))
        #expect(fromEnvironment.accepts(environmentToken))
        #expect(try StaffCredential.load(file: nil, environment: [:]) == nil)
        #expect(throws: ServerStartError.emptyStaffToken(source: "JUICE_STAFF_TOKEN")) {
            try StaffCredential.load(file: nil, environment: ["JUICE_STAFF_TOKEN": " "])
        }
        #expect(throws: ServerStartError.self) { try StaffCredential.load(file: "/nonexistent/token", environment: [:]) }
    }

    @Test(
        arguments: [
            ("s3cret", 32, false), ("0123456789abcdef0123456789abcde", 32, false), ("0123456789abcdef0123456789abcdef", 32, true),
            ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 32, false), ("q2Vx7PZk1mN0bYc9Lr3TfA", 22, true), ("q2Vx7PZk1mN0bYc9Lr3Tf", 22, false),
            ("q2Vx7PZk1mN0bYc9Lr3TfA==", 22, true), ("q2Vx-PZk1mN0_Yc9Lr3TfA", 22, true), ("correct horse battery staple", 32, false),
            ("browser-test-staff-token", 32, false),
            ("correct horse battery staple, twice", 32, true),
        ] as [(String, Int, Bool)])
    func aStaffTokenNeeds128BitsByItsLengthAndCharacters(token: String, required: Int, strong: Bool) throws {
        let weakness = StaffTokenRule.weakness(of: token)
        #expect((weakness == nil) == strong, "\(token)")
        if let weakness { #expect(weakness.required == required, "\(token)") }
        if strong {
            #expect(try StaffCredential.load(file: nil, environment: ["JUICE_STAFF_TOKEN": token])?.accepts(token) == true)
        } else {
            #expect(throws: ServerStartError.self) { try StaffCredential.load(file: nil, environment: ["JUICE_STAFF_TOKEN": token]) }
        }
    }

    @Test func anAddressBeyondLoopbackNeedsAStaffToken() throws {
        #expect(throws: ServerStartError.staffTokenRequired(host: "0.0.0.0")) { try ServerConfiguration(host: "0.0.0.0").validate() }
        try ServerConfiguration(host: "0.0.0.0", staff: StaffCredential(token: "t")).validate()
        try ServerConfiguration(host: "127.0.0.1").validate()
        try ServerConfiguration(host: "localhost").validate()
        #expect(ServerStartError.staffTokenRequired(host: "0.0.0.0").description.contains("JUICE_STAFF_TOKEN"))
    }

    @Test func acceptLanguagePicksTheBestOfKoreanAndEnglish() {
        #expect(Language.preferred(byAcceptLanguage: "en-US,en;q=0.9,ko;q=0.8") == .english)
        #expect(Language.preferred(byAcceptLanguage: "fr, ko-KR;q=0.5, en;q=0.4") == .korean)
        #expect(Language.preferred(byAcceptLanguage: "en;q=0, ko;q=0.1") == .korean)
        #expect(Language.preferred(byAcceptLanguage: "fr, de") == nil)
    }

    @Test func thePageIsServedInTheRequestsLanguage() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response throws in
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
                #expect(response.body.text.contains("<html lang=\"ko\">"))
                #expect(response.body.text.contains("맛있는 쥬스를 만들어 드려요!"))
            }
            try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "en"]) { response throws in
                #expect(response.body.text.contains("<html lang=\"en\">"))
            }
            try await client.execute(uri: "/app.js", method: .get) { response throws in
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
                #expect(Array(response.body.readableBytesView) == PackageResources.app_js)
            }
            // The scripts are modules: a browser runs one only when it is served with a JavaScript type.
            for (path, bytes) in [
                ("/api.js", PackageResources.api_js), ("/menu.js", PackageResources.menu_js), ("/stockroom.js", PackageResources.stockroom_js),
            ] {
                try await client.execute(uri: path, method: .get) { response throws in
                    #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
                    #expect(Array(response.body.readableBytesView) == bytes)
                }
            }
            try await client.execute(uri: "/", method: .get) { response throws in
                #expect(response.body.text.contains(#"<script type="module" src="/app.js"></script>"#))
            }
            try await client.execute(uri: "/openapi.yaml", method: .get) { response throws in
                #expect(response.body.text.hasPrefix("openapi: 3.1.0"))
            }
        }
    }

    @Test func healthAndMetricsReportTheShop() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "banana-juice"}"#)) {
                _ in
            }
            try await client.execute(uri: "/api/orders", method: .post, headers: TestShop.jsonHeaders, body: json(#"{"juice": "strawberry-juice"}"#))
            { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response throws in
                let text = response.body.text
                #expect(text.contains(#"juice_orders_total{result="served"} 1"#))
                #expect(text.contains(#"juice_orders_total{result="refused"} 1"#))
                #expect(text.contains(#"juice_stock{fruit="banana"} 8"#))
                #expect(text.contains("juice_order_duration_seconds_bucket"))
            }
        }
    }
}
