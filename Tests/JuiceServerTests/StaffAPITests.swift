import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceShop
import Testing
@testable import JuiceServer

@Suite struct StaffAPITests {
    static let addFive = #"{"changes": [{"fruit": "banana", "add": 5}]}"#

    @Test(arguments: [
        ("POST", "/api/stock", addFive), ("POST", "/api/undo", ""), ("GET", "/api/history", ""), ("GET", "/api/refusals", ""),
        ("GET", "/api/reload", ""), ("POST", "/api/reload", ""), ("GET", "/api/sales/today", ""), ("GET", "/api/plan", ""),
    ])
    func staffActionsWithoutOrWithAWrongTokenAre401AndChangeNothing(method: String, path: String, body: String) async throws {
        let shop = try TestShop()
        _ = try await shop.store.perform(.change([.set("kiwi", 3)], kind: .set), book: await shop.menu.current.book, command: "test")
        let before = try await shop.stock()
        try await shop.application().test(.router) { client in
            for (headers, code) in [
                (TestShop.jsonHeaders, "staff-only"),
                ([.authorization: "Bearer wrong-token", .contentType: "application/json"] as HTTPFields, "wrong-token"),
                ([.authorization: "Basic \(TestShop.token)"] as HTTPFields, "staff-only"),
            ] {
                try await client.execute(uri: path, method: .init(method)!, headers: headers, body: json(body)) { response throws in
                    #expect(response.status == .unauthorized)
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                    #expect(try response.body.decoded(ErrorBody.self).error.code == code)
                }
            }
        }
        #expect(try await shop.stock() == before)
        #expect(try await shop.journalCount() == 1)
    }

    @Test func staffChangeStockAllOrNoneThenUndoAndReadHistory() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(
                uri: "/api/stock", method: .post, headers: TestShop.staffHeaders,
                body: json(#"{"changes": [{"fruit": "바나나", "add": 5}, {"fruit": "kiwi", "set": 0}]}"#)
            ) { response throws in
                #expect(response.status == .ok)
                #expect(try response.body.decoded(ReceiptJSON.self).stock["banana"] == 15)
            }
            // The second change is refused, so the first is not applied either.
            try await client.execute(
                uri: "/api/stock", method: .post, headers: TestShop.staffHeaders,
                body: json(#"{"changes": [{"fruit": "banana", "add": 5}, {"fruit": "mango", "remove": 11}]}"#)
            ) { response throws in
                #expect(response.status == .conflict)
                #expect(try response.body.decoded(ErrorBody.self).error.code == "below-zero")
            }
            try await client.execute(
                uri: "/api/stock", method: .post, headers: TestShop.staffHeaders, body: json(#"{"changes": [{"fruit": "mango", "set": 101}]}"#)
            ) { response throws in
                #expect(response.status == .conflict)
                #expect(try response.body.decoded(ErrorBody.self).error.code == "above-capacity")
            }
            #expect(try await shop.stock()["banana"] == 15)
            try await client.execute(uri: "/api/undo", method: .post, headers: TestShop.staffHeaders) { response throws in
                #expect(response.status == .ok)
                #expect(try response.body.decoded(ReceiptJSON.self).entry?.undoes == 1)
            }
            #expect(try await shop.stock() == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
            let history = try await client.execute(uri: "/api/history?limit=5", method: .get, headers: TestShop.staffHeaders) {
                try $0.body.decoded(HistoryBody.self)
            }
            #expect(history.entries.map(\.kind) == ["undo", "set"])
            try await client.execute(uri: "/api/undo", method: .post, headers: TestShop.staffHeaders) { response throws in
                #expect(response.status == .conflict)
                #expect(try response.body.decoded(ErrorBody.self).error.code == "nothing-to-undo")
            }
        }
    }

    @Test(
        arguments: [
            (#"{"changes": [{"fruit": "banan", "add": 1}]}"#, 404, "unknown-fruit"),
            (#"{"changes": [{"fruit": "banana", "add": 1, "set": 3}]}"#, 400, "ambiguous-change"),
            (#"{"changes": [{"fruit": "banana"}]}"#, 400, "ambiguous-change"),
            (#"{"changes": [{"fruit": "banana", "add": -1}]}"#, 400, "out-of-range"),
            (#"{"changes": [{"fruit": "banana", "add": 9223372036854775807}]}"#, 400, "too-large"),
            (#"{"changes": [{"fruit": "banana", "add": 1e40}]}"#, 400, "not-an-integer"),
            (#"{"changes": []}"#, 400, "out-of-range"),
            (#"{"changes": {"banana": 1}}"#, 400, "wrong-type"),
            (#"{"changes": [{"fruit": "banana", "add": 1}], "dryRun": true}"#, 400, "unknown-field"),
            (#"{"changes": [{"fruit": "banana", "add": 1, "add": 5}]}"#, 400, "duplicate-field"),
            (#"{"changes": [{"fruit": "kiwi", "set": 1}], "changes": [{"fruit": "banana", "set": 1}]}"#, 400, "duplicate-field"),
        ] as [(String, Int, String)])
    func badStockChangesAreRefusedWithNothingChanged(body: String, status: Int, code: String) async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/stock", method: .post, headers: TestShop.staffHeaders, body: json(body)) { response throws in
                #expect(response.status.code == status)
                #expect(try response.body.decoded(ErrorBody.self).error.code == code)
            }
        }
        #expect(try await shop.journalCount() == 0)
    }

    @Test(arguments: ["0", "1001", "abc", "-1"])
    func aBadHistoryLimitIs400(limit: String) async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/history?limit=\(limit)", method: .get, headers: TestShop.staffHeaders) { response throws in
                #expect(response.status == .badRequest)
                #expect(try response.body.decoded(ErrorBody.self).error.field == "limit")
            }
        }
    }

    @Test func withoutAStaffTokenOnLoopbackStaffActionsAreOpen() async throws {
        let shop = try TestShop(staffToken: nil)
        try await shop.application().test(.router) { client in
            try await client.execute(uri: "/api/stock", method: .post, headers: TestShop.jsonHeaders, body: json(Self.addFive)) { response throws in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func reloadReportsTheLiveVersionAndABrokenEditsPlace() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            let first = try await client.execute(uri: "/api/reload", method: .get, headers: TestShop.staffHeaders) {
                try $0.body.decoded(ReloadBody.self)
            }
            #expect(first.version == (await shop.menu.current.version))
            try "juices:\n  banana-juice:\n    recipe: {banana: two}\n".write(
                to: shop.recipes.appendingPathComponent("juices.yaml"), atomically: true, encoding: .utf8)
            let after = try await client.execute(uri: "/api/reload", method: .post, headers: TestShop.staffHeaders) {
                try $0.body.decoded(ReloadBody.self)
            }
            #expect(after.version == first.version)
            let attempt = try #require(after.lastAttempt)
            #expect(attempt.result == "rejected")
            let problem = try #require(attempt.diagnostics.first { $0.severity == "error" })
            #expect(problem.file.hasSuffix("juices.yaml"))
            #expect(problem.location == "\(problem.file):\(problem.line):\(problem.column)")
            // Customers keep the last good menu.
            let menu = try await client.execute(uri: "/api/menu", method: .get) { try $0.body.decoded(MenuBody.self) }
            #expect(menu.juices.count == 7)
        }
    }

    @Test func aRejectedReloadsProblemsFollowTheRequestsLanguage() async throws {
        let shop = try TestShop()
        try await shop.application().test(.router) { client in
            try "juices:\n  banana-juice:\n    recipe: {bananna: 2}\n".write(
                to: shop.recipes.appendingPathComponent("juices.yaml"), atomically: true, encoding: .utf8)
            var headers = TestShop.staffHeaders
            headers[.acceptLanguage] = "ko-KR"
            let korean = try await client.execute(uri: "/api/reload", method: .post, headers: headers) { try $0.body.decoded(ReloadBody.self) }
            let problems = try #require(korean.lastAttempt?.diagnostics)
            let unknown = try #require(problems.first { $0.rule == "unknown-fruit" })
            #expect(unknown.message.contains("bananna"))
            #expect(unknown.message.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(unknown.message)")
            #expect(!unknown.message.contains("unknown fruit"))
            headers[.acceptLanguage] = "en"
            let english = try await client.execute(uri: "/api/reload", method: .get, headers: headers) { try $0.body.decoded(ReloadBody.self) }
            let same = try #require(english.lastAttempt?.diagnostics.first { $0.rule == "unknown-fruit" })
            #expect(same.message.hasPrefix("unknown fruit 'bananna'"))
            #expect(same.location == unknown.location)
        }
    }
}
