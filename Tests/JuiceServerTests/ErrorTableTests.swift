import Foundation
import Hummingbird
import JuiceShop
import JuiceTestSupport
import Testing
@testable import JuiceServer

/// docs/errors.md is the one table of error kinds: every kind the shop and the server give is there, with the HTTP
/// status the server answers and the exit status the command line uses.
@Suite struct ErrorTableTests {
    /// The table's rows: kind → (exit status, HTTP status), nil where a column says "—".
    static let table: [String: (exit: Int?, http: Int?)] = {
        let url = TestDirectories.packageRoot.appendingPathComponent("docs/errors.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var rows: [String: (exit: Int?, http: Int?)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = (Int(cells[1]), Int(cells[2]))
        }
        return rows
    }()

    /// Every state error, one of each case.
    static let stateErrors: [StateError] = [
        .cannotOpen(path: "/x", reason: "r"), .notADatabase(path: "/x"), .readOnly(path: "/x"), .diskFull(path: "/x"),
        .ioError(path: "/x", detail: "d"), .busy(path: "/x"), .newerSchema(path: "/x", version: 9),
        .invariantBroken(path: "/x", fruits: ["kiwi"]), .failed(path: "/x", message: "m"), .invalidLocation("postgres://", reason: "r"),
        .postgresNotBuiltIn(location: "postgres://h/db"), .unreachable(location: "postgres://h/db", host: "h", port: 5432, reason: "r"),
        .authenticationFailed(location: "postgres://h/db", user: "u"), .noSuchDatabase(location: "postgres://h/db", database: "db"),
        .permissionDenied(location: "postgres://h/db", detail: "d"), .connectionLost(location: "postgres://h/db", detail: "d"),
        .conflict(location: "postgres://h/db", attempts: 3),
        .outcomeUnknown(location: "postgres://h/db", request: "r-1", detail: "d"),
    ]

    @Test(arguments: APIErrorTests.shopErrors + stateErrors.map(ShopError.state))
    func everyShopKindIsInTheTableWithItsExitAndHTTPStatus(error: ShopError) throws {
        let row = try #require(Self.table[error.kind], "docs/errors.md has no row for \(error.kind)")
        let exit: Int
        if case .state(.outcomeUnknown) = error { exit = 3 } else { exit = error.category == .request ? 2 : 1 }
        #expect(row.exit == exit, "\(error.kind)")
        #expect(row.http == Int(APIError.shop(error, book: APIErrorTests.book).status.code), "\(error.kind)")
    }

    @Test(arguments: APIErrorTests.serverErrors)
    func everyServerKindIsInTheTableWithItsHTTPStatus(error: APIError) throws {
        let row = try #require(Self.table[error.kind], "docs/errors.md has no row for \(error.kind)")
        #expect(row.http == Int(error.status.code), "\(error.kind)")
    }
}
