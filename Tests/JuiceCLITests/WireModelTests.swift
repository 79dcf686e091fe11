import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceTestSupport
import Testing

/// `--json` output is the API's wire model: each command's JSON decodes into the type the API answers with and,
/// written again, gives exactly what the command printed (no member more or less, in the same order).
@Suite("the command line's JSON is the API's wire model")
struct WireModelTests {
    /// `outcome`'s standard output read as `Model`, written again as the command line writes JSON.
    func rewritten<Model: Codable>(_ outcome: JuiceBinary.Outcome, as model: Model.Type) throws -> String {
        let decoded = try JSONDecoder().decode(Model.self, from: Data(outcome.stdout.utf8))
        return JSONValue(encoding: decoded).rendered(pretty: true) + "\n"
    }

    @Test("receipts (an undo's too), journal entries, refusals and counts round-trip through the wire types")
    func everyShapeRoundTrips() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let order = try await shop.run(["order", "banana-juice", "--json"])
        #expect(order.status == 0)
        #expect(try rewritten(order, as: ReceiptJSON.self) == order.stdout)
        let received = try await shop.run(["receive", "kiwi=4", "--expires", "2099-01-05", "--cost", "300", "--json"])
        #expect(received.status == 0, "\(received.stderr)")
        let delivery = try JSONDecoder().decode(ReceiptJSON.self, from: Data(received.stdout.utf8))
        #expect(delivery.entry?.lots == [DeliveryLineJSON(DeliveryLine(fruit: "kiwi", quantity: 4, expires: "2099-01-05", cost: 300))])
        #expect(try rewritten(received, as: ReceiptJSON.self) == received.stdout)
        let wasted = try await shop.run(["waste", "kiwi=1", "--reason", "dropped", "--json"])
        #expect(wasted.status == 0, "\(wasted.stderr)")
        #expect(try rewritten(wasted, as: ReceiptJSON.self) == wasted.stdout)
        let undone = try await shop.run(["undo", "--json"])
        #expect(undone.status == 0)
        let undo = try JSONDecoder().decode(ReceiptJSON.self, from: Data(undone.stdout.utf8))
        #expect(undo.undone?.kind == "waste" && undo.undone?.undoneBy == undo.entry?.id)
        #expect(try rewritten(undone, as: ReceiptJSON.self) == undone.stdout)
        let started = try await shop.run(["count", "--start", "--json"])
        #expect(try rewritten(started, as: CountSessionJSON.self) == started.stdout)
        let session = try JSONDecoder().decode(CountSessionJSON.self, from: Data(started.stdout.utf8))
        #expect(session.expected?["kiwi"] == 14)
        let counted = try await shop.run(["count", "kiwi=14", "--session", session.session, "--json"])
        #expect(counted.status == 0, "\(counted.stderr)")
        #expect(try rewritten(counted, as: CountResultJSON.self) == counted.stdout)
        _ = try await shop.run(["order", "strawberry-juice", "--count", "5"])
        let history = try await shop.run(["history", "--json"])
        #expect(try rewritten(history, as: [JournalEntryJSON].self) == history.stdout)
        let refused = try await shop.run(["history", "--refused", "--json"])
        let refusals = try JSONDecoder().decode([RefusedOrderJSON].self, from: Data(refused.stdout.utf8))
        #expect(refusals.first?.shortages.first == ShortageJSON(Shortage(fruit: "strawberry", needed: 80, inStock: 10)))
        #expect(try rewritten(refused, as: [RefusedOrderJSON].self) == refused.stdout)
    }

    @Test("the stock with its shelf, and the menu, round-trip through the API's types")
    func stockAndMenuRoundTrip() async throws {
        let shop = try ShopSandbox()
        defer { shop.remove() }
        let received = try await shop.run(["receive", "kiwi=4", "--expires", "2099-01-05", "--cost", "300"])
        #expect(received.status == 0, "\(received.stderr)")
        let stock = try await shop.run(["stock", "--json"])
        #expect(stock.status == 0, "\(stock.stderr)")
        #expect(try rewritten(stock, as: StockShowJSON.self) == stock.stdout)
        let shown = try JSONDecoder().decode(StockShowJSON.self, from: Data(stock.stdout.utf8))
        #expect(shown.stock.stock["kiwi"] == 14 && shown.stock.makeable["kiwi-juice"] == 4)
        #expect(shown.shelf.lots.map(\.remaining) == [4] && shown.shelf.lots.first?.expires == "2099-01-05" && shown.shelf.reasons == nil)
        #expect(shown.shelf.fruits.map(\.fruit) == shown.stock.fruits.map(\.id))
        let menu = try await shop.run(["menu", "--json"])
        #expect(try rewritten(menu, as: [MenuJuiceJSON].self) == menu.stdout)
        let juices = try JSONDecoder().decode([MenuJuiceJSON].self, from: Data(menu.stdout.utf8))
        #expect(juices.first { $0.id == "kiwi-juice" }?.makeable == 4)
    }
}
