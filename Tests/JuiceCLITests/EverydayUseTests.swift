import Foundation
import JuiceTestSupport
import Testing

/// A run of commands written down as a person would see it: the command, what it printed, and how it exited, with
/// times and the sandbox's path made stable.
struct Transcript {
    let shop: ShopSandbox
    let lang: String
    private(set) var text = ""
    /// Further text made stable: each pair's first replaced by its second.
    var replacements: [(String, String)] = []
    /// The shop's clock for every command (`JUICE_NOW`, in `TZ`), when the transcript fixes it.
    var clock: (now: String, timeZone: String)?

    /// The clock the stock room's transcripts run at: 06:15 on 2 December 2026 in Seoul (21:15 UTC the day before).
    static let seoulMorning = (now: "2026-12-02T06:15:00+09:00", timeZone: "Asia/Seoul")

    init(_ shop: ShopSandbox, lang: String) {
        self.shop = shop
        self.lang = lang
    }

    /// Runs `juice arguments…` and writes it down; returns the outcome.
    @discardableResult
    mutating func run(_ arguments: [String]) async throws -> JuiceBinary.Outcome {
        let environment = clock.map { ["JUICE_NOW": $0.now, "TZ": $0.timeZone] } ?? [:]
        let outcome = try await shop.run(arguments, lang: lang, environment: environment)
        text += "$ juice " + arguments.joined(separator: " ") + "\n"
        if !outcome.stdout.isEmpty {
            text += outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 + "\n" }.joined()
        }
        if !outcome.stderr.isEmpty {
            text += outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "! " + $0 + "\n" }.joined()
        }
        text += "[exit \(outcome.status)]\n"
        return outcome
    }

    /// The transcript with request ids (UUIDs) replaced by REQUEST and the sandbox's path by SANDBOX; unless the
    /// transcript fixes the clock (then every time is the clock's, and is kept), times by TIME: ISO 8601 ones (JSON)
    /// and the local `YYYY-MM-DD HH:MM` people read.
    var stable: String {
        let timeless =
            clock != nil
            ? text
            : text.replacingOccurrences(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#, with: "TIME", options: .regularExpression)
                .replacingOccurrences(of: #"\d{4}-\d\d-\d\d \d\d:\d\d"#, with: "TIME", options: .regularExpression)
        let requestless = timeless.replacingOccurrences(
            of: #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, with: "REQUEST", options: .regularExpression)
        return replacements.reduce(requestless.replacingOccurrences(of: shop.directory.path, with: "SANDBOX")) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }

    /// Compares with the golden file `name` (JUICE_UPDATE_GOLDEN=1 rewrites it).
    func expectGolden(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/\(name)")
        #expect(stable == (try Golden.expected(for: stable, at: url)), sourceLocation: sourceLocation)
    }
}

extension ShopSandbox {
    /// Takes kiwi out of the recipes (the fruit, its stock line and the juices that need it).
    func removeKiwiFromRecipes() throws {
        let recipes = directory.appendingPathComponent("recipes")
        func edit(_ file: String, _ change: (String) -> String) throws {
            let url = recipes.appendingPathComponent(file)
            try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        try edit("fruits.yaml") { $0.replacingOccurrences(of: "  kiwi:\n    name: {ko: 키위, en: Kiwi}\n    emoji: 🥝\n", with: "") }
        try edit("store.yaml") { $0.replacingOccurrences(of: "    kiwi: 10\n", with: "") }
        try edit("juices.yaml") { text in
            var kept: [Substring] = []
            var skipping = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("  ") && !line.hasPrefix("    ") { skipping = line.contains("kiwi") }
                if !skipping { kept.append(line) }
            }
            return kept.joined(separator: "\n")
        }
    }
}

@Suite("everyday use: Korean and English throughout, JSON errors, status, retiring (golden transcripts)")
struct EverydayUseTests {
    static let languages = [("ko", "ko_KR.UTF-8"), ("en", "en_US.UTF-8")]

    @Test("orders, refusals and stock errors, in each language", arguments: languages)
    func ordersAndStock(language: String, lang: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        var transcript = Transcript(shop, lang: lang)
        try await transcript.run(["status"])
        try await transcript.run(["order", "딸바쥬스"])
        try await transcript.run(["order", "strawberry-juice"])
        try await transcript.run(["order", "strawberry-juice", "--count", "7"])
        try await transcript.run(["order", "bananna juice"])
        try await transcript.run(["order", "banana-juice", "--count", "0"])
        try await transcript.run(["order", "banana-juice", "--count", "9223372036854775807"])
        try await transcript.run(["stock", "remove", "키위", "50"])
        try await transcript.run(["stock", "add", "망고", "101"])
        try await transcript.run(["stock", "add", "망고", "-3"])
        try await transcript.run(["stock", "remove", "kiwi", "-2"])
        try await transcript.run(["stock", "add", "mango", "9223372036854775807"])
        try await transcript.run(["stock", "set", "mango=5", "망고=6"])
        try await transcript.run(["stock", "set", "mango"])
        try await transcript.run(["stock", "add", "bananna"])
        try await transcript.run(["stock", "add", "mango", "0"])
        try await transcript.run(["stock", "add", "kiwi", "2"])
        try await transcript.run(["undo"])
        try await transcript.run(["stock", "--bogus"])
        try await transcript.run(["menu"])
        try await transcript.run(["history"])
        try transcript.expectGolden("orders-and-stock.\(language).txt")
    }

    @Test("prices: the menu shows them in won (text and JSON), an order's receipt the amount; none without a price", arguments: languages)
    func prices(language: String, lang: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let juices = shop.directory.appendingPathComponent("recipes/juices.yaml")
        let original = try String(contentsOf: juices, encoding: .utf8)
        let priced = original.replacingOccurrences(of: "    recipe: {banana: 2}\n", with: "    recipe: {banana: 2}\n    price: 3500\n")
            .replacingOccurrences(of: "    recipe: {mango: 3}\n", with: "    recipe: {mango: 3}\n    price: 12000\n")
        #expect(priced != original)
        try priced.write(to: juices, atomically: true, encoding: .utf8)
        var transcript = Transcript(shop, lang: lang)
        try await transcript.run(["menu"])
        try await transcript.run(["menu", "--json"])
        try await transcript.run(["order", "banana-juice", "--count", "2", "--json"])
        try await transcript.run(["order", "kiwi-juice", "--json"])
        try await transcript.run(["order", "망고쥬스"])
        try await transcript.run(["stock", "add", "mango", "1", "--json"])
        try transcript.expectGolden("prices.\(language).txt")
    }

    @Test("a fruit taken out of the recipes: noted until retired, retire journaled, undo brings it back", arguments: languages)
    func retiring(language: String, lang: String) async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        var transcript = Transcript(shop, lang: lang)
        try await transcript.run(["stock", "add", "kiwi", "2"])
        try shop.removeKiwiFromRecipes()
        try await transcript.run(["stock"])
        try await transcript.run(["stock", "remove", "kiwi", "12"])
        try await transcript.run(["stock", "retire", "mango"])
        try await transcript.run(["status"])
        try await transcript.run(["stock", "retire", "kiwi"])
        try await transcript.run(["stock"])
        try await transcript.run(["undo"])
        try await transcript.run(["stock", "retire", "kiwi"])
        try await transcript.run(["stock", "reset"])
        try await transcript.run(["history"])
        try await transcript.run(["doctor"])
        try transcript.expectGolden("retiring.\(language).txt")
    }

    @Test(
        "a negative amount is stock add/remove's problem only: elsewhere 'stock add x -3' are arguments like any other",
        arguments: [
            (["--lang", "en", "stock", "add", "banana", "-3"], "juice: error: amounts are 0 or more, not '-3'"),
            (["--lang=ko", "stock", "remove", "바나나", "-2"], "juice: 오류: 수량은 0 이상이어야 해요: '-2'"),
            (["--lang", "en", "lint", "stock", "add", "banana", "-3"], "juice: error: Unknown option '-3'"),
            (["--lang", "en", "simulate", "--orders", "stock", "add", "-3"], "juice: error: Unknown option '-3'"),
        ])
    func negativeAmountOnlyForStock(arguments: [String], firstLine: String) async throws {
        let outcome = try await JuiceBinary.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix(firstLine), "\(outcome.stderr)")
    }

    @Test("JSON: every failure of a --json command prints an error object on standard output, with the same exit code")
    func jsonErrors() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        var transcript = Transcript(shop, lang: "en_US.UTF-8")
        let cases: [([String], Int32, String)] = [
            (["order", "strawberry-juice", "--json"], 1, "insufficient-stock"),
            (["order", "nothing-juice", "--json"], 2, "unknown-juice"),
            (["order", "banana-juice", "--count", "0", "--json"], 2, "usage"),
            (["stock", "add", "망고", "-3", "--json"], 2, "negative-amount"),
            (["stock", "remove", "kiwi", "11", "--json"], 1, "below-zero"),
            (["stock", "set", "mango=101", "--json"], 1, "above-capacity"),
            (["stock", "set", "mango=5", "mango=6", "--json"], 2, "duplicate-fruit"),
            (["stock", "add", "bananna", "--json"], 2, "unknown-fruit"),
            (["stock", "retire", "kiwi", "--json"], 2, "fruit-in-recipes"),
            (["undo", "--json"], 1, "nothing-to-undo"),
            (["stock", "--json", "--state", "no/such/dir/state.sqlite", "--recipes", "no-such-recipes"], 2, "recipes-unreadable"),
            (["stock", "add", "kiwi", "--json", "--state", "no/such/dir/state.sqlite"], 2, "state-directory-missing"),
            (["history", "--json", "--bogus"], 2, "usage"),
        ]
        for (arguments, status, kind) in cases {
            let outcome = try await transcript.run(arguments)
            #expect(outcome.status == status, "\(arguments)")
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            #expect(error?["kind"] as? String == kind, "\(arguments): \(outcome.stdout)")
            #expect((error?["message"] as? String)?.isEmpty == false, "\(arguments)")
            #expect(outcome.stderr.hasPrefix("juice: error: ") || kind == "insufficient-stock", "\(arguments): \(outcome.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: shop.directory.appendingPathComponent("no").path), "a mistyped --state creates nothing")
        #expect(try await transcript.run(["stock", "add", "kiwi", "--json"]).status == 0)
        try shop.removeKiwiFromRecipes()
        let orphan = try await transcript.run(["stock", "remove", "kiwi", "11", "--json"])
        #expect(orphan.status == 2)
        #expect(orphan.stdout.contains("\"kind\": \"fruit-not-in-recipes\""))
        try transcript.expectGolden("json-errors.en.txt")
    }

    @Test("a change of nothing is not journaled; a new state file is announced; a too-large count exits 2 for order and stock alike")
    func journalRules() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let first = try await shop.run(["stock", "reset"])
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("Nothing changed; nothing was journaled.\n"))
        #expect(first.stderr.contains("juice: note: started a new shop: created the state file .juice/state.sqlite (recipes: recipes;"))
        #expect(try await shop.run(["stock", "add", "mango", "0"]).stderr.isEmpty, "announced once")
        #expect(try await shop.history().isEmpty)
        #expect(try await shop.run(["order", "banana-juice", "--count", "9223372036854775807"]).status == 2)
        #expect(try await shop.run(["stock", "add", "mango", "9223372036854775807"]).status == 2)
        #expect(try await shop.run(["stock", "set", "mango=5", "mango=6"]).status == 2)
        #expect(try await shop.stock()["mango"] == 10)
        #expect(try await shop.history().isEmpty)
        #expect(try await shop.run(["stock", "add", "kiwi", "2"]).status == 0)
        let undo = try await shop.run(["undo", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(undo.stdout.utf8)) as? [String: Any])
        #expect((object["undone"] as? [String: Any])?["command"] as? String == "juice stock add kiwi 2")
        #expect((object["undone"] as? [String: Any])?["undoneBy"] as? Int == (object["entry"] as? [String: Any])?["id"] as? Int)
        #expect((object["stock"] as? [String: Int])?["kiwi"] == 10)
    }

    @Test("--version, completions (juice and fruit names from the recipes), and the man page is current")
    func discover() async throws {
        let version = try await JuiceBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        for shell in ["bash", "zsh", "fish"] {
            let script = try await JuiceBinary.run(["completions", shell])
            #expect(script.status == 0)
            #expect(script.stdout == (try await JuiceBinary.run(["--generate-completion-script", shell])).stdout)
            #expect(script.stdout.contains("juice"))
        }
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let juices = try await shop.run(["---completion", "order", "--", "positional@0", "2", "1", "juice", "order", "딸"])
        #expect(juices.stdout.split(separator: "\n").contains("딸바쥬스"), "\(juices)")
        #expect(!juices.stdout.contains("banana-juice"))
        let fruits = try await shop.run(["---completion", "stock", "add", "--", "positional@0", "3", "1", "juice", "stock", "add", "m"])
        #expect(fruits.stdout.split(separator: "\n").map(String.init) == ["mango"], "\(fruits)")
        let assignments = try await shop.run(["---completion", "stock", "set", "--", "positional@0", "3", "2", "juice", "stock", "set", "ba"])
        #expect(assignments.stdout.split(separator: "\n").map(String.init) == ["banana="], "\(assignments)")
        let broken = try await JuiceBinary.run(
            ["---completion", "order", "--", "positional@0", "2", "0", "juice", "order", ""], environment: ["JUICE_RECIPES": "/no/such/recipes"])
        #expect(broken.status == 0)
        #expect(broken.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(broken.stderr.isEmpty)
    }

    @Test("the committed man page (docs/man/juice.1, scripts/man-page.sh) has every command, its abstract and every long option")
    func manPage() async throws {
        let page = try String(contentsOf: JuiceBinary.packageRoot.appendingPathComponent("docs/man/juice.1"), encoding: .utf8)
        let dump = try await JuiceBinary.run(["--experimental-dump-help"])
        let root = try #require((try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])?["command"] as? [String: Any])
        var pending = [root]
        var commands = 0
        while let command = pending.popLast() {
            let name = try #require(command["commandName"] as? String)
            commands += 1
            if command["superCommands"] != nil {
                #expect(page.contains(".It Em \(name)\n"), "command \(name)")
            }
            // The generator leaves out characters outside ASCII; compare the abstract's ASCII words.
            if let abstract = command["abstract"] as? String, let word = abstract.split(separator: " ").first(where: { $0.allSatisfy(\.isASCII) }) {
                #expect(page.contains(word), "\(name): \(abstract)")
            }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for case let option as [String: String] in argument["names"] as? [Any] ?? [] where option["kind"] == "long" {
                    #expect(page.contains("Fl -\(option["name"] ?? "")"), "\(name) --\(option["name"] ?? "")")
                }
            }
            pending += command["subcommands"] as? [[String: Any]] ?? []
        }
        #expect(commands > 15)
    }
}
