import Foundation
import HummingbirdTesting
import JuiceTestSupport
import Testing
@testable import JuiceServer

/// Wrong staff tokens are throttled per client address: after N in a window, 429 with `Retry-After` (whatever token
/// comes next), logged once; other addresses keep their own count; memory stays bounded.
@Suite struct StaffThrottleTests {
    @Test func afterNWrongTokensAnAddressGets429WhileAnotherAddressWithTheRightTokenIsServed() async throws {
        let shop = try TestShop { $0.staffThrottle = StaffThrottleSettings(failures: 3, window: .seconds(60)) }
        let log = RecordedLog()
        try await shop.application(logger: log.logger).test(.live) { client in
            let port = try #require(client.port)
            func history(from source: String, token: String) async throws -> RawResponse {
                try await RawConnection.request(
                    port: port, from: source, "GET", "/api/history", headers: ["Authorization": "Bearer \(token)", "Accept-Language": "en"])
            }
            for _ in 0..<3 { #expect(try await history(from: "127.0.0.1", token: "wrong-token-wrong-token").status == 401) }
            for token in ["wrong-token-wrong-token", TestShop.token] {
                let refused = try await history(from: "127.0.0.1", token: token)
                #expect(refused.status == 429)
                let retryAfter = try #require(refused.headers["retry-after"].flatMap(Int.init))
                #expect((1...60).contains(retryAfter))
                let body = try JSONDecoder().decode(ErrorBody.self, from: Data(refused.body.utf8))
                #expect(body.error.code == "too-many-attempts")
                #expect(body.error.message.hasPrefix("3 wrong staff tokens within 60 s; try again in"))
            }
            // Another address: the right token works, and a wrong one counts only against it.
            #expect(try await history(from: "127.0.0.2", token: TestShop.token).status == 200)
            #expect(try await history(from: "127.0.0.2", token: "wrong-token-wrong-token").status == 401)
            #expect(try await history(from: "127.0.0.2", token: TestShop.token).status == 200)
            // Customers on the throttled address are still served.
            #expect(try await RawConnection.request(port: port, from: "127.0.0.1", "GET", "/api/menu").status == 200)
        }
        let throttled = log.lines.filter { $0.contains("staff authentication throttled") }
        #expect(throttled.count == 1, "\(throttled)")
        #expect(throttled.first?.contains("client=127.0.0.1") == true)
    }

    @Test func theWindowPassesAndOtherClientsSuccessesChangeNothing() {
        let throttle = StaffThrottle(settings: StaffThrottleSettings(failures: 3, window: .seconds(60)))
        let start = ContinuousClock.now
        let a = ClientAddress(named: "192.0.2.1")
        let b = ClientAddress(named: "192.0.2.2")
        #expect(throttle.recordFailure(of: a, now: start) == nil)
        #expect(throttle.recordFailure(of: a, now: start + .seconds(1)) == nil)
        // Failures outside the window start a new count.
        #expect(throttle.recordFailure(of: a, now: start + .seconds(61)) == nil)
        #expect(throttle.recordFailure(of: a, now: start + .seconds(62)) == nil)
        #expect(throttle.recordFailure(of: a, now: start + .seconds(63)) == StaffThrottle.Lockout(client: a, failures: 3))
        #expect(throttle.refusal(for: a, now: start + .seconds(64)) == 59)
        #expect(throttle.refusal(for: b, now: start + .seconds(64)) == nil)
        // Still refused (and logged no more) however many tries come; free after the window.
        #expect(throttle.recordFailure(of: a, now: start + .seconds(65)) == nil)
        #expect(throttle.refusal(for: a, now: start + .seconds(122.5)) == 1)
        #expect(throttle.refusal(for: a, now: start + .seconds(124)) == nil)
        #expect(throttle.recordFailure(of: a, now: start + .seconds(124)) == nil)
    }

    @Test func onlyAFewThousandAddressesAreRememberedTheOldestForgottenFirst() {
        let throttle = StaffThrottle(settings: StaffThrottleSettings(failures: 2, window: .seconds(60), maxClients: 100))
        let start = ContinuousClock.now
        let first = ClientAddress(named: "198.51.100.0")
        _ = throttle.recordFailure(of: first, now: start)
        _ = throttle.recordFailure(of: first, now: start)
        for index in 1..<1000 {
            _ = throttle.recordFailure(of: ClientAddress(named: "203.0.113.\(index)"), now: start + .milliseconds(index))
        }
        #expect(throttle.rememberedCount <= 100)
        // A throttled client is forgotten only as the least recently seen, never ahead of newer ones.
        #expect(throttle.refusal(for: ClientAddress(named: "203.0.113.999"), now: start + .seconds(1)) == nil)
    }
}
