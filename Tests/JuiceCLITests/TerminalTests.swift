import Foundation
import JuiceTestSupport
import Testing

/// Drives `juice` on a real terminal through tmux (send-keys to type, capture-pane to read the screen).
struct TmuxSession {
    let socket = "juice-test-\(UUID().uuidString.prefix(8))"
    let name = "juice"

    static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Runs tmux through the shell with its own standard streams, so a server it starts holds no pipe of ours; the
    /// wait for it happens off the cooperative pool.
    @discardableResult
    func tmux(_ arguments: [String]) async throws -> String {
        let quoted = (["/usr/bin/tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = quoted.joined(separator: " ") + " </dev/null 2>/dev/null"
        return try await offThePool {
            guard let pipe = popen(command, "r") else { return "" }
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = fread(&buffer, 1, buffer.count, pipe)
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            pclose(pipe)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Starts `command` in a new 100×24 terminal; the pane stays open after the command exits.
    func start(_ command: String) async throws {
        try await tmux(["new-session", "-d", "-s", name, "-x", "100", "-y", "24", command + "; echo EXIT=$?; sleep 60 >/dev/null"])
    }

    func send(_ keys: String...) async throws { try await tmux(["send-keys", "-t", name] + keys) }

    func screen() async throws -> String { try await tmux(["capture-pane", "-p", "-t", name]) }

    /// Waits until the screen contains `text` (at most 10 s).
    func waitFor(_ text: String) async throws -> String {
        for _ in 0..<200 {
            let current = try await screen()
            if current.contains(text) { return current }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await screen()
    }

    func stop() async { _ = try? await tmux(["kill-server"]) }
}

/// The terminal tests need tmux: optional for a newcomer's `swift test` (they are skipped without it, saying why), required
/// in CI (`CI` set), where `.ci/run` installs it and a missing tmux fails the run.
@Suite(
    "juice on a terminal", .serialized,
    .enabled(
        if: TmuxSession.available || ProcessInfo.processInfo.environment["CI"] != nil,
        "tmux is not installed (apt-get install tmux): the terminal tests are skipped"))
struct TerminalTests {
    func command(_ shop: ShopSandbox, _ arguments: String, lang: String) -> String {
        "cd '\(shop.directory.path)' && SWIFT_BACKTRACE=enable=no LANG=\(lang) '\(JuiceBinary.executable.path)' \(arguments)"
    }

    /// Runs `juice arguments` on a new terminal in a new sandbox, then `body` with both.
    func onTerminal(_ arguments: String, lang: String, _ body: (ShopSandbox, TmuxSession) async throws -> Void) async throws {
        try #require(TmuxSession.available, "tmux is needed (apt-get install tmux); .ci/run installs it")
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let session = TmuxSession()
        do {
            try await session.start(command(shop, arguments, lang: lang))
            try await body(shop, session)
        } catch {
            await session.stop()
            throw error
        }
        await session.stop()
    }

    @Test("stock edit: arrows choose, -/+ change, Enter applies everything in one transaction")
    func editApplies() async throws {
        try await onTerminal("stock edit", lang: "ko_KR.UTF-8") { shop, session in
            #expect(try await session.waitFor("재고 추가").contains("▶ 🍓 딸기  [-] 10 [+]  / 100"))
            try await session.send("Down")
            try await session.send("+")
            try await session.send("+")
            try await session.send("Down")
            try await session.send("-")
            #expect(try await session.waitFor("(10 → 9)").contains("🍌 바나나  [-] 12 [+]  / 100  (10 → 12)"))
            try await session.send("Enter")
            _ = try await session.waitFor("EXIT=0")
            #expect(try await shop.stock() == ["strawberry": 10, "banana": 12, "pineapple": 9, "kiwi": 10, "mango": 10])
            #expect(try await shop.history().count == 1, "one transaction, one journal entry")
        }
    }

    @Test("stock edit: Esc cancels and changes nothing")
    func editCancels() async throws {
        try await onTerminal("stock edit", lang: "en_US.UTF-8") { shop, session in
            _ = try await session.waitFor("Edit stock")
            try await session.send("+")
            _ = try await session.waitFor("(10 → 11)")
            try await session.send("Escape")
            #expect(try await session.waitFor("EXIT=0").contains("Cancelled; the stock is unchanged."))
            #expect(try await shop.stock()["strawberry"] == 10)
            #expect(try await shop.history().isEmpty)
        }
    }

    @Test("a refused order asks, as the app's alert did; yes opens the stock screen")
    func refusalAsksToEdit() async throws {
        try await onTerminal("order 딸기쥬스", lang: "ko_KR.UTF-8") { shop, session in
            #expect(try await session.waitFor("[예/아니오]").contains("재료가 모자라요. 재고를 수정할까요?"))
            try await session.send("예", "Enter")
            _ = try await session.waitFor("재고 추가")
            for _ in 0..<6 { try await session.send("+") }
            _ = try await session.waitFor("(10 → 16)")
            try await session.send("Enter")
            _ = try await session.waitFor("EXIT=1")
            #expect(try await shop.stock()["strawberry"] == 16)
        }
    }

    @Test("the refusal prompt asks again on an answer it does not understand; no is no")
    func refusalAsksAgain() async throws {
        try await onTerminal("order 딸기쥬스", lang: "ko_KR.UTF-8") { shop, session in
            _ = try await session.waitFor("[예/아니오]")
            try await session.send("뭐라고요", "Enter")
            #expect(try await session.waitFor("예 또는 아니오로 답해 주세요.").contains("예 또는 아니오로 답해 주세요. [예/아니오]"))
            try await session.send("아니오", "Enter")
            #expect(!(try await session.waitFor("EXIT=1")).contains("재고 추가"))
            #expect(try await shop.history().isEmpty)
        }
    }

    @Test("an order no restocking can cure is said to be impossible, without offering 예")
    func impossibleOrderDoesNotAsk() async throws {
        try await onTerminal("order 딸기쥬스 --count 7", lang: "ko_KR.UTF-8") { shop, session in
            let screen = try await session.waitFor("EXIT=1")
            #expect(screen.contains("딸기쥬스 7잔은 재고를 채워도 만들 수 없어요: 🍓 딸기 112개가 필요한데 최대 100개까지만 둘 수 있어요."))
            #expect(!screen.contains("[예/아니오]"))
        }
    }

    @Test("count --blind: each fruit asked without its expected value; a large variance asks before it is applied")
    func blindCount() async throws {
        try await onTerminal("count --blind", lang: "ko_KR.UTF-8") { shop, session in
            let first = try await session.waitFor("🍓 딸기 몇 개예요?")
            #expect(!first.contains("기록"), "the expected value is not shown while counting")
            try await session.send("10", "Enter")
            _ = try await session.waitFor("🍌 바나나 몇 개예요?")
            try await session.send("다섯", "Enter")  // not a number: asked again
            _ = try await session.waitFor("0 이상의 정수로 써 주세요")
            try await session.send("5", "Enter")
            for _ in 0..<3 {
                try await session.send("Enter")  // pineapple, kiwi, mango: skipped
            }
            // Banana: 10 expected, 5 counted: a large variance, shown with the expected value, asked about.
            let asked = try await session.waitFor("그대로 반영할까요?")
            #expect(asked.contains("🍌 바나나  기록 10, 셈 5, 차이 -5"))
            try await session.send("예", "Enter")
            _ = try await session.waitFor("EXIT=0")
            #expect(try await shop.stock()["banana"] == 5)
            #expect(try await shop.history().count == 1)
        }
    }

}
