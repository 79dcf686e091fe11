import Foundation
import HummingbirdTesting
import Testing
import JuiceServer

/// A real server on loopback, driven over raw sockets: a client slow over its header or its body, or idle between
/// requests, is closed at the deadline (give or take a slack for a loaded machine), whether it stalls or trickles.
@Suite struct ConnectionDeadlineTests {
    static let deadlines = ConnectionDeadlines(header: .seconds(1), body: .milliseconds(1500), idle: .seconds(2))
    /// How late a close may come on a loaded CI machine (a ceiling, not a measure).
    static let slack = Duration.seconds(4)

    /// A shop with the short deadlines (or `custom`).
    static func shop(_ custom: ConnectionDeadlines = deadlines) throws -> TestShop { try TestShop { $0.deadlines = custom } }

    /// Sends one byte of `text` every 200 ms (ignoring failures once the server has closed) until it is all sent.
    static func trickle(_ text: String, on connection: RawConnection) -> Task<Void, Never> {
        Task {
            for character in text {
                guard (try? await connection.send(String(character))) != nil else { return }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// How long after `started` the server closed `connection` (nil: still open after the deadline plus slack, and more).
    static func closeTime(of connection: RawConnection, since started: ContinuousClock.Instant, deadline: Duration) async throws -> Duration? {
        let (_, closed) = try await connection.readUntilClosed(seconds: Double((deadline + slack + .seconds(2)).components.seconds))
        return closed ? ContinuousClock.now - started : nil
    }

    @Test func aClientThatStallsOrTricklesItsHeaderIsClosedAtTheHeaderDeadline() async throws {
        try await Self.shop().application().test(.live) { client in
            let port = try #require(client.port)
            // Half a header, then nothing (timed from before the connection: the deadline counts from the server's accept).
            let started = ContinuousClock.now
            let stalled = try await RawConnection.open(port: port)
            try await stalled.send("GET /api/menu HTTP/1.1\r\nHost: local")
            // A header sent a byte every 200 ms: always busy, never done.
            let slow = try await RawConnection.open(port: port)
            let trickling = Self.trickle(
                "GET /api/menu HTTP/1.1\r\nHost: localhost\r\nAccept: */*\r\nX-Slow: " + String(repeating: "x", count: 80), on: slow)
            defer { trickling.cancel() }
            for connection in [stalled, slow] {
                let took = try #require(try await Self.closeTime(of: connection, since: started, deadline: Self.deadlines.header), "still open")
                #expect(took >= Self.deadlines.header - .milliseconds(50))
                #expect(took < Self.deadlines.header + Self.slack, "\(took)")
            }
        }
    }

    @Test func aClientThatStallsOrTricklesItsBodyIsClosedAtTheBodyDeadline() async throws {
        // A header deadline well past the body's: on a loaded machine the header may reach the server more than a
        // second after the connection was accepted, and then the header deadline, not the body's, would close it.
        let deadlines = ConnectionDeadlines(header: .seconds(6), body: Self.deadlines.body, idle: .seconds(6))
        try await Self.shop(deadlines).application().test(.live) { client in
            let port = try #require(client.port)
            let head = "POST /api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            let stalled = try await RawConnection.open(port: port)
            let slow = try await RawConnection.open(port: port)
            let started = ContinuousClock.now
            try await stalled.send(head + #"{"juice": "#)
            try await slow.send(head)
            let trickling = Self.trickle(String(repeating: " ", count: 100), on: slow)
            defer { trickling.cancel() }
            for connection in [stalled, slow] {
                let took = try #require(try await Self.closeTime(of: connection, since: started, deadline: Self.deadlines.body), "still open")
                #expect(took >= Self.deadlines.body - .milliseconds(50))
                #expect(took < Self.deadlines.body + Self.slack, "\(took)")
            }
            #expect(try await shopOrders(port: port) == 0, "no half-sent order was served")
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedAtTheIdleDeadlineAfterServingItsRequests() async throws {
        // Header and body deadlines far past the idle one: on a busy machine this test may send its first request
        // more than a second after the server accepted the connection, and the header deadline (counted from the
        // accept) would then close it before it was answered. Only the idle deadline is under test here.
        let deadlines = ConnectionDeadlines(header: .seconds(30), body: .seconds(30), idle: .seconds(3))
        try await Self.shop(deadlines).application().test(.live) { client in
            let port = try #require(client.port)
            let connection = try await RawConnection.open(port: port)
            // Two requests on one connection, the second within the idle deadline of the first's response.
            var lastSent = ContinuousClock.now
            for _ in 0..<2 {
                lastSent = ContinuousClock.now
                try await connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let response = try await connection.read(seconds: 10) { RawResponse.isComplete($0) }
                #expect(RawResponse(response.text).status == 200)
                #expect(!response.closed)
            }
            // Timed from before the last request was sent: the server's idle deadline counts from its response, which
            // comes after that whatever the load, so the close can never come earlier than the deadline from here.
            let took = try #require(try await Self.closeTime(of: connection, since: lastSent, deadline: deadlines.idle), "still open")
            #expect(took >= deadlines.idle - .milliseconds(50))
            #expect(took < deadlines.idle + Self.slack, "\(took)")
        }
    }

    @Test func anEventStreamOutlivesEveryDeadline() async throws {
        // A header deadline long enough for the request to arrive on a busy machine (it counts from the accept, and
        // does not apply once the head is read); the body and idle deadlines stay short.
        let deadlines = ConnectionDeadlines(header: .seconds(30), body: Self.deadlines.body, idle: Self.deadlines.idle)
        try await Self.shop(deadlines).application().test(.live) { client in
            let port = try #require(client.port)
            let stream = try await RawConnection.open(port: port)
            try await stream.send("GET /api/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let opened = try await stream.read(seconds: 10) { $0.contains("event: stock") }
            #expect(opened.text.hasPrefix("HTTP/1.1 200"))
            // Longer than the body and idle deadlines together: the stream is answering, not idle.
            let later = try await stream.readUntilClosed(seconds: 5)
            #expect(!later.closed)
        }
    }
}

/// How many orders the shop on `port` has served (from its public stock: banana-juice takes 2 bananas of 10).
func shopOrders(port: Int) async throws -> Int {
    let stock = try await RawConnection.request(port: port, "GET", "/api/stock")
    guard let section = stock.body.range(of: #""stock":"#),
        let range = stock.body.range(of: #""banana":"#, range: section.upperBound..<stock.body.endIndex),
        let bananas = Int(stock.body[range.upperBound...].prefix { $0.isNumber })
    else { return -1 }
    return (10 - bananas) / 2
}
