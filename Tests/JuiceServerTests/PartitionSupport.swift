#if PostgreSQL
import Foundation
import JuiceTestSupport
import Synchronization
import Testing

// Helpers for the partition tests: requests timed from the client's side, and the history of every request and
// answer checked against the journal. The test hosts are in NamespaceHost.swift and DatabaseHost.swift.

/// One request as a client saw it: what it asked, what came back and how long that took.
struct TimedAnswer: Sendable, CustomStringConvertible {
    /// "POST /api/orders at A", say.
    var label: String
    /// The HTTP status (0 when no response came).
    var status: Int
    /// Seconds from sending to the whole answer (curl's `time_total`).
    var seconds: Double
    /// The `Retry-After` header, if any.
    var retryAfter: String?
    /// The error body's `code`, if any.
    var code: String?
    /// An order's request id: the receipt's `entry.request` (201) or the error's `request` (unknown outcome).
    var request: String?
    /// The body as it arrived.
    var body: String

    var description: String { "\(label): \(status) \(code ?? "") in \(String(format: "%.2f", seconds)) s" }
}

/// Sends one request with curl (on a thread of its own) and times it; `staff` adds the fleet's staff token.
func timedRequest(
    _ method: String, _ url: String, label: String, body: String? = nil, staff: Bool = false, timeout: Double = 20
) async throws -> TimedAnswer {
    var arguments = ["-i", "-X", method, "-H", "Accept-Language: en", "-H", "Connection: close", "-w", "\n%{http_code} %{time_total}"]
    if let body { arguments += ["-H", "Content-Type: application/json", "-d", body] }
    if staff { arguments += ["-H", "Authorization: Bearer \(ServeInstance.token)"] }
    let outcome = try await curlChild(arguments + [url], timeout: timeout)
    var lines = outcome.stdout.components(separatedBy: "\n")
    let summary = (lines.popLast() ?? "").split(separator: " ")
    let status = summary.first.flatMap { Int($0) } ?? 0
    let seconds = summary.count > 1 ? Double(summary[1]) ?? -1 : -1
    let text = lines.joined(separator: "\n")
    let parts = text.components(separatedBy: "\r\n\r\n")
    let headers = parts.first ?? ""
    let payload = parts.dropFirst().joined(separator: "\r\n\r\n")
    var retryAfter: String?
    for line in headers.components(separatedBy: "\r\n") where line.lowercased().hasPrefix("retry-after:") {
        retryAfter = line.dropFirst("retry-after:".count).trimmingCharacters(in: .whitespaces)
    }
    let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    let request = (object?["entry"] as? [String: Any])?["request"] as? String ?? error?["request"] as? String
    return TimedAnswer(
        label: label, status: status, seconds: seconds, retryAfter: retryAfter, code: error?["code"] as? String, request: request,
        body: payload)
}

/// `POST /api/orders` of one banana juice at `base`.
func timedOrder(at base: String, label: String) async throws -> TimedAnswer {
    try await timedRequest("POST", "\(base)/api/orders", label: "order at \(label)", body: #"{"juice": "banana-juice"}"#)
}

/// Every request a fault test made, and every answer, for the history check.
final class RequestHistory: Sendable {
    private let answers = Mutex<[TimedAnswer]>([])

    /// Records `answer` and returns it.
    @discardableResult
    func record(_ answer: TimedAnswer) -> TimedAnswer {
        answers.withLock { $0.append(answer) }
        return answer
    }

    /// Everything so far.
    var all: [TimedAnswer] { answers.withLock { $0 } }
}

/// The journal at `url` (read by the built `juice history --json`): each entry's id, kind and request id.
func journal(state url: String) async throws -> [(id: Int, kind: String, request: String?)] {
    let history = try await juice(["history", "--json", "--state", url])
    guard history.status == 0, let entries = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] else {
        throw FleetError(description: "juice history failed (\(history.status)): \(history.stderr)")
    }
    return entries.map { (($0["id"] as? NSNumber)?.intValue ?? 0, $0["kind"] as? String ?? "", $0["request"] as? String) }
}

/// The history check after a fault: no oversell (the bananas never below 0, and the orders journaled are what the
/// bananas paid for), every 201 journaled exactly once, no request journaled twice, no order journaled that the
/// client was told was not made (an answer other than 201 or an unknown outcome), every unknown outcome looked up
/// (at `lookUpAt`) as the journal has it, the invariant and `juice doctor` clean.
func checkHistory(
    _ history: RequestHistory, state url: String, initialBananas: Int, lookUpAt base: String, fault: String
) async throws {
    let answers = history.all.filter { $0.label.hasPrefix("order") }
    let entries = try await journal(state: url)
    let orders = entries.filter { $0.kind == "order" }
    let journaledRequests = orders.compactMap(\.request)
    #expect(journaledRequests.count == orders.count, "\(fault): every order is journaled with its request id")
    #expect(Set(journaledRequests).count == journaledRequests.count, "\(fault): no request journaled twice")
    #expect(Set(entries.map(\.id)).count == entries.count, "\(fault): no entry twice")
    let served = answers.filter { $0.status == 201 }
    for answer in served {
        #expect(journaledRequests.filter { $0 == answer.request }.count == 1, "\(fault): \(answer) is journaled exactly once")
    }
    let unknown = answers.filter { $0.code == "state-outcome-unknown" }
    for answer in unknown {
        let request = try #require(answer.request, "\(fault): an unknown outcome names its request id: \(answer.body)")
        let lookUp = try await timedRequest("GET", "\(base)/api/orders/\(request)", label: "look-up")
        #expect(lookUp.status == (journaledRequests.contains(request) ? 200 : 404), "\(fault): look-up of \(request): \(lookUp.body)")
    }
    let mayBeServed = Set(served.compactMap(\.request) + unknown.compactMap(\.request))
    #expect(
        journaledRequests.allSatisfy { mayBeServed.contains($0) },
        "\(fault): nothing the clients were told was not made is journaled (\(journaledRequests.filter { !mayBeServed.contains($0) }))")
    let (bananas, doctor) = try await bananasAndDoctor(state: url, recipes: nil)
    let left = try #require(bananas)
    #expect(left >= 0, "\(fault): no oversell")
    #expect(left == initialBananas - 2 * orders.count, "\(fault): the bananas are what the journaled orders took")
    #expect(doctor.status == 0 && doctor.stdout.contains("healthy"), "\(fault): juice doctor: \(doctor.stdout)\(doctor.stderr)")
}

#endif
