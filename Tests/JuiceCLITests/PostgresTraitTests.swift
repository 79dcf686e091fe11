import Foundation
import JuiceTestSupport
import Testing

/// PostgreSQL support is the `PostgreSQL` package trait: without it `juice` refuses a URL and says how to get it;
/// and a test run that has a PostgreSQL server to test against must have been built with it, so that the
/// PostgreSQL suites can never be skipped silently.
@Suite struct PostgresTraitTests {
    #if PostgreSQL
    static let builtIn = true
    #else
    static let builtIn = false
    #endif

    @Test func aTestServerMeansThePostgreSQLSuitesAreBuiltIn() {
        let serverRunning = ProcessInfo.processInfo.environment["JUICE_TEST_POSTGRES_URL"] != nil
        #expect(
            !serverRunning || Self.builtIn,
            """
            JUICE_TEST_POSTGRES_URL is set but the tests were built without the PostgreSQL trait, so the PostgreSQL \
            suites did not run: build and test with --traits PostgreSQL (as .ci/run does)
            """)
    }

    @Test(.enabled(if: !builtIn, "this juice has PostgreSQL support"))
    func withoutTheTraitAURLIsRefusedSayingHowToBuildIt() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let url = "postgres://juice:secret@127.0.0.1:1/shop"
        let english = try await JuiceBinary.run(
            ["order", "banana-juice", "--state", url], in: shop.directory,
            environment: ["LANG": "en_US.UTF-8", "LC_ALL": ""])
        #expect(english.status == 2)
        #expect(english.stderr.contains("built without PostgreSQL support"))
        #expect(english.stderr.contains("--traits PostgreSQL"))
        #expect(!english.stderr.contains("secret"))
        let json = try await JuiceBinary.run(["stock", "--json", "--state", url], in: shop.directory)
        #expect(json.status == 2)
        #expect(!json.stdout.contains("secret"))
        #expect(json.stdout.contains(#""kind":"state-postgres-not-built-in""#) || json.stdout.contains(#""kind": "state-postgres-not-built-in""#))
        let korean = try await JuiceBinary.run(
            ["order", "banana-juice", "--state", url], in: shop.directory,
            environment: ["LANG": "ko_KR.UTF-8", "LC_ALL": ""])
        #expect(korean.status == 2)
        #expect(korean.stderr.contains("PostgreSQL 지원 없이"))
    }
}
