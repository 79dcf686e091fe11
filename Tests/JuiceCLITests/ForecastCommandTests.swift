import Foundation
import JuicePlanning
import JuiceTestSupport
import Testing

@Suite("juice forecast (end to end)")
struct ForecastCommandTests {
    static let juices = [
        "strawberry-juice", "banana-juice", "kiwi-juice", "pineapple-juice", "strawberry-banana-juice", "mango-juice", "mango-kiwi-juice",
    ]

    /// A sandbox holding a generated 84-day history of the built-in juices as sales.csv.
    func sandboxWithHistory() throws -> ShopSandbox {
        let shop = try ShopSandbox()
        let history = HistoryGenerator(juices: Self.juices, days: 84, seed: 21).csv()
        try history.write(to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        return shop
    }

    @Test("a report in each language, byte for byte (golden), and the same every run")
    func golden() async throws {
        let shop = try sandboxWithHistory()
        defer { shop.remove() }
        for (lang, name) in [("en", "forecast-en.txt"), ("ko", "forecast-ko.txt")] {
            let outcome = try await shop.run(["forecast", "--history", "sales.csv", "--backtest", "14", "--lang", lang])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/\(name)")
            #expect(outcome.stdout == (try Golden.expected(for: outcome.stdout, at: url)))
        }
    }

    @Test("JSON gives each juice's model, forecast with intervals, MASE and WAPE, and the overall accuracy")
    func json() async throws {
        let shop = try sandboxWithHistory()
        defer { shop.remove() }
        let outcome = try await shop.run(["forecast", "--history", "sales.csv", "--backtest", "14", "--horizon", "3", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(report["from"] as? String == HistoryGenerator(juices: [], days: 84).start.adding(days: 84).description)
        let juices = try #require(report["juices"] as? [[String: Any]])
        #expect(juices.compactMap { $0["id"] as? String } == Self.juices)
        for juice in juices {
            #expect(ForecastModel(rawValue: juice["model"] as? String ?? "") != nil)
            let days = try #require(juice["forecast"] as? [[String: Any]])
            #expect(days.count == 3)
            for day in days {
                let (lower, mean, upper) = (day["lower"] as? Double ?? -1, day["mean"] as? Double ?? -1, day["upper"] as? Double ?? -1)
                #expect(0 <= lower && lower <= mean && mean <= upper)
            }
            #expect(juice.keys.contains("mase") && juice.keys.contains("wape"))
        }
        let overall = try #require(report["overall"] as? [String: Any])
        // The generated demand has a weekly pattern the chosen models follow: they beat "same weekday last week".
        #expect((overall["mase"] as? Double ?? 9) < 1)
    }

    @Test("from the shop's own journal: orders made are the history")
    func fromTheJournal() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        #expect(try await shop.run(["forecast"]).status == 1, "no sales yet")
        for juice in ["banana-juice", "banana-juice", "kiwi-juice"] { #expect(try await shop.run(["order", juice]).status == 0) }
        let outcome = try await shop.run(["forecast", "--model", "window", "--horizon", "1", "--format", "csv"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("banana-juice,window,"))
        let banana = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("banana-juice,") }
        #expect(banana?.split(separator: ",")[3] == "2.0")
    }

    @Test("every problem of a history file at its line and column, nothing forecast, exit 2")
    func badHistory() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        try
            "time,juice,count\n2026-11-01T10:00,bananna juice,1\n2026-11-01 10:00,kiwi-juice,0\n2026-11-01T10:00,kiwi-juice,1\n2026-11-02T10:00,bananna juice,2\n"
            .write(
                to: shop.directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
        let outcome = try await shop.run(["forecast", "--history", "sales.csv"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("sales.csv:2:1: no juice 'bananna juice' on the menu; did you mean 'Banana Juice'?"))
        #expect(outcome.stderr.contains("sales.csv:3:29: the count must be a whole number from 1 to 1000000, not '0'"))
        #expect(outcome.stderr.contains("sales.csv:5:1: no juice 'bananna juice' on the menu"), "every line, not only the first")
        let usage = try await shop.run(["forecast", "--model", "prophet"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("--model 'prophet' is not a model"))
        let missing = try await shop.run(["forecast", "--history", "nope.csv"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.csv: no such file"))
    }
}
