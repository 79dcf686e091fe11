import Foundation
import JuiceCore
import JuicePlanning
import JuiceShop
import JuiceUseCases
import Testing

/// The planners' use cases: where the sales come from, what a plan starts from, and why none can be made, the same
/// for `juice plan`, `juice forecast`, `juice report` and the staff panel.
@Suite struct PlanningActionsTests {
    static let book = RecipeBook(
        fruits: ["kiwi", "mango"].map { Fruit(id: FruitID($0), name: LocalizedName(korean: $0, english: $0), shelfLife: 3) },
        juices: [
            Juice(id: "kiwi-juice", name: LocalizedName(korean: "키위쥬스", english: "Kiwi Juice"), recipe: [Ingredient(fruit: "kiwi", amount: 3)])
        ],
        store: Store(defaultCapacity: 100, initialStock: ["kiwi": 10, "mango": 7]))

    /// Noon UTC on 1 December 2026, in the machine's time zone (the one the shop's sales are read in): a day that does
    /// not change while a test runs.
    static func clock() throws -> ShopClock {
        ShopClock.fixed(at: try #require(ShopClock.instant(ofJournalTime: "2026-12-01T12:00:00Z")), timeZone: .current)
    }

    /// A history file of `text`, in a new temporary directory.
    static func history(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-planning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("sales.csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A history's problems come back together, in file order (a malformed line and a juice the menu does not
    /// have), and nothing is planned or forecast; a missing file is said as such.
    @Test func aHistorysProblemsComeTogetherInFileOrder() async throws {
        let path = try Self.history(
            "time,juice,count\n2026-11-01T10:00,kiwi-juice,1\n2026-11-01T11:00,grape-juice,2\nnot a time,kiwi-juice,1\n")
        let actions = PlanningActions(book: Self.book)
        do {
            _ = try await actions.forecast(from: .file(path: path), horizon: 7, choice: .auto, level: 0.8, backtestDays: nil)
            Issue.record("a history with problems was forecast")
        } catch {
            guard case .historyProblems(let problems) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(problems.map(\.line) == [3, 4], "the unknown juice and the bad time, in file order")
        }
        do {
            _ = try await actions.salesReport(from: .file(path: path + ".missing"), grouping: .day)
            Issue.record("a missing file was read")
        } catch {
            guard case .unreadableHistory(.notFound(let missing)) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(missing == path + ".missing")
        }
    }

    /// A shop with no sales has nothing to forecast or plan from, named by its state; with sales, the forecast
    /// starts the day after them and the report counts what was served.
    @Test func theShopsJournalIsTheSalesAndAnEmptyOneHasNone() async throws {
        let clock = try Self.clock()
        let store = MemoryStore(clock: clock)
        let sales = SalesSource.shop(store, name: "shop.sqlite")
        let actions = PlanningActions(book: Self.book)
        let request = StockPlanRequest(settings: SalesPlanSettings(objective: .serviceLevel(0.9), scenarios: 1_000))
        do {
            _ = try await actions.history(for: request, from: sales)
            Issue.record("an empty journal was planned from")
        } catch {
            guard case .noSales(let source) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(source == "shop.sqlite")
        }
        let shop = Shop(book: Self.book, store: store)
        for _ in 0..<2 { _ = try await shop.order("kiwi-juice", command: "t") }
        let today = clock.today
        let forecast = try await actions.forecast(from: sales, horizon: 3, choice: .auto, level: 0.8, backtestDays: nil)
        #expect(forecast.firstDay == today.adding(days: 1))
        let report = try await actions.salesReport(from: sales, grouping: .juice)
        #expect(report.total.served == 2)
        let history = try await actions.history(for: request, from: sales)
        let outcome = try await actions.planStock(request, history: history, stock: .initial(of: Self.book))
        #expect(outcome.report.firstDay == today.adding(days: 1))
        #expect(outcome.report.plan.reachable)
        #expect(outcome.unusedOrderTime == nil)
    }

    /// The profit objective needs every fruit's cost and every juice's price: those missing are named (after the
    /// sales are found to hold a day: a shop with no sales hears that first).
    @Test func profitNamesWhatHasNoCostOrPrice() async throws {
        let path = try Self.history("time,juice,count\n2026-11-01T10:00,kiwi-juice,1\n")
        let actions = PlanningActions(book: Self.book)
        let request = StockPlanRequest(settings: SalesPlanSettings(objective: .profit, scenarios: 1_000))
        do {
            _ = try await actions.history(for: request, from: .file(path: path))
            Issue.record("a profit plan was made without costs")
        } catch {
            guard case .profitNeedsCosts(let fruits, let juices) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(fruits == ["kiwi", "mango"])
            #expect(juices == ["kiwi-juice"])
        }
    }

    /// Without suppliers a plan starts from the stock alone (no lots, nothing on order, even after a delivery); from
    /// the recipes, from their initial stock.
    @Test func withoutSuppliersOnlyTheStockCounts() async throws {
        #expect(StartingStock.initial(of: Self.book).onHand == [10, 7])
        let today = try Self.clock().today
        let store = MemoryStore(clock: try Self.clock())
        let shop = Shop(book: Self.book, store: store)
        _ = try await shop.receive([DeliveryLine(fruit: "mango", quantity: 4)], supplier: nil, received: today, command: "t")
        _ = try await shop.order("kiwi-juice", command: "t")
        let stock = try await StartingStock.now(in: store, book: Self.book) { () async throws(ShopError) in try await shop.shelf(today: today) }
        #expect(stock.onHand == [7, 11])
        #expect(stock.lots.isEmpty && stock.onOrder.isEmpty)
    }
}
