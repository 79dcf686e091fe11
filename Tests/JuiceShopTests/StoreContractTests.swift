import Foundation
import JuiceCore
import JuiceShop
import Testing

/// What every `ShopStore` must do. Each test runs against every kind of store in `StoreFactory.all`.
@Suite("ShopStore contract")
struct StoreContractTests {
    static func stock(_ shop: Shop) async throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try await shop.snapshot().inventory.counts.map { ($0.key.rawValue, $0.value) })
    }

    @Test("a new store: every fruit at its initial stock, no journal, token 0, healthy", arguments: StoreFactory.all)
    func fresh(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        #expect(try await Self.stock(shop) == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(try await shop.snapshot().orphans.isEmpty)
        #expect(try await shop.history().isEmpty)
        #expect(try await subject.store.changeToken() == 0)
        #expect(try await shop.checkIntegrity().isHealthy)
        await #expect(throws: ShopError.nothingToUndo) { try await shop.undo(command: "test") }
    }

    @Test("the original app's oracles; each order journaled with its juice, count, command and deltas", arguments: StoreFactory.all)
    func orders(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let receipt = try await shop.order("banana-juice", count: 2, command: "juice order banana-juice --count 2")
        #expect(receipt.entry?.kind == .order)
        #expect(receipt.entry?.juice == "banana-juice")
        #expect(receipt.entry?.count == 2)
        #expect(receipt.entry?.deltas == ["banana": -4])
        #expect(receipt.snapshot.inventory["banana"] == 6)
        _ = try await shop.order("딸바쥬스", command: "test")
        _ = try await shop.order("mango juice", command: "test")
        #expect(try await Self.stock(shop) == ["strawberry": 0, "banana": 5, "pineapple": 10, "kiwi": 10, "mango": 7])
        let history = try await shop.history()
        #expect(history.map(\.juice) == ["mango-juice", "strawberry-banana-juice", "banana-juice"])
        #expect(history.last == receipt.entry)
    }

    @Test("a refused order lists every short fruit and leaves stock, journal and token as they were", arguments: StoreFactory.all)
    func refusedOrder(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        _ = try await shop.changeStock([.set("mango", 1), .set("kiwi", 0)], kind: .set, command: "test")
        let stock = try await Self.stock(shop)
        let history = try await shop.history()
        let token = try await subject.store.changeToken()
        await #expect(
            throws: ShopError.orderRefused(
                .insufficientStock(
                    "mango-kiwi-juice", count: 1,
                    shortages: [
                        Shortage(fruit: "mango", needed: 2, inStock: 1), Shortage(fruit: "kiwi", needed: 1, inStock: 0),
                    ]))
        ) {
            try await shop.order("망키쥬스", command: "test")
        }
        await #expect(throws: ShopError.self) { try await shop.order("banana-juice", count: 6, command: "test") }
        await #expect(throws: ShopError.unknownJuice(.unknown("bananna juice", suggestion: "Banana Juice"))) {
            try await shop.order("bananna juice", command: "test")
        }
        #expect(try await Self.stock(shop) == stock)
        #expect(try await shop.history() == history)
        #expect(try await subject.store.changeToken() == token)
        _ = try await shop.order("banana-juice", count: 5, command: "test")
        #expect(try await Self.stock(shop)["banana"] == 0)
    }

    @Test("stock changes apply all or none; capacity limits growth only", arguments: StoreFactory.all)
    func stockChanges(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        await #expect(throws: ShopError.stockRefused(.aboveCapacity("mango", result: 101, capacity: 100))) {
            try await shop.changeStock([.set("banana", 3), .set("mango", 101)], kind: .set, command: "test")
        }
        await #expect(throws: ShopError.stockRefused(.belowZero("kiwi", stock: 10, result: -1))) {
            try await shop.changeStock([.add("banana", 1), .remove("kiwi", 11)], kind: .remove, command: "test")
        }
        await #expect(throws: ShopError.stockRefused(.unknownFruit("bananna", suggestion: "banana"))) {
            try await shop.changeStock([.add("bananna", 1)], kind: .add, command: "test")
        }
        #expect(try await Self.stock(shop) == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(try await shop.history().isEmpty)
        let receipt = try await shop.changeStock([.set("banana", 3), .add("mango", 5), .remove("kiwi", 2)], kind: .set, command: "juice stock set")
        #expect(receipt.entry?.deltas == ["banana": -7, "mango": 5, "kiwi": -2])
        #expect(receipt.entry?.command == "juice stock set")
        // The store section's capacity for mango drops to 12 below its stock of 15: using it up works, growth does not.
        let lowered = subject.shop(TestBook.with(capacity: 12, of: "mango"))
        #expect(try await lowered.snapshot().inventory.capacity(of: "mango") == 12)
        _ = try await lowered.changeStock([.remove("mango", 1)], kind: .remove, command: "test")
        await #expect(throws: ShopError.stockRefused(.aboveCapacity("mango", result: 15, capacity: 12))) {
            try await lowered.changeStock([.add("mango", 1)], kind: .add, command: "test")
        }
        _ = try await lowered.reset(command: "juice stock reset")
        #expect(try await Self.stock(shop) == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(try await shop.history().map(\.kind) == [.reset, .remove, .set])
    }

    @Test("a fruit new to the book joins at its initial stock; one gone from the book keeps its stock", arguments: StoreFactory.all)
    func newAndOrphanedFruits(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        _ = try await subject.shop().order("kiwi-juice", command: "test")
        let bigger = subject.shop(TestBook.withOrange)
        #expect(try await bigger.snapshot().inventory["orange"] == 7)
        _ = try await bigger.order("orange-juice", command: "test")
        #expect(try await bigger.snapshot().inventory["orange"] == 4)
        let smaller = subject.shop(TestBook.withoutKiwi)
        #expect(try await smaller.snapshot().orphans == ["kiwi": 7, "orange": 4])
        let receipt = try await smaller.order("banana-juice", command: "test")
        #expect(receipt.snapshot.orphans == ["kiwi": 7, "orange": 4])
        #expect(try await bigger.snapshot().inventory["kiwi"] == 7)
        #expect(try await bigger.snapshot().inventory["orange"] == 4)
        #expect(try await bigger.checkIntegrity().isHealthy)
    }

    @Test("undo reverts the newest change not undone, journaled; the stock must allow it", arguments: StoreFactory.all)
    func undo(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let order = try await shop.order("banana-juice", command: "test")
        let add = try await shop.changeStock([.add("kiwi", 5)], kind: .add, command: "test")
        let first = try await shop.undo(command: "juice undo")
        #expect(first.entry?.kind == .undo)
        #expect(first.entry?.undoes == add.entry?.id)
        #expect(first.entry?.deltas == ["kiwi": -5])
        #expect(try await Self.stock(shop)["kiwi"] == 10)
        // The store's capacity for bananas is lowered to 8: giving the 2 bananas back would exceed it.
        let lowered = subject.shop(TestBook.with(capacity: 8, of: "banana"))
        let history = try await shop.history()
        await #expect(
            throws: ShopError.undoRefused(entry: order.entry?.id ?? 0, kind: .order, reason: .aboveCapacity("banana", result: 10, capacity: 8))
        ) {
            try await lowered.undo(command: "test")
        }
        #expect(try await shop.history() == history)
        let second = try await shop.undo(command: "juice undo")
        #expect(second.entry?.undoes == order.entry?.id)
        #expect(try await Self.stock(shop)["banana"] == 10)
        await #expect(throws: ShopError.nothingToUndo) { try await shop.undo(command: "juice undo") }
        let entries = try await shop.history()
        #expect(entries.map(\.kind) == [.undo, .undo, .add, .order])
        #expect(entries[2].undoneBy == first.entry?.id)
        #expect(entries[3].undoneBy == second.entry?.id)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test("history is newest first, ids increasing with time; limit keeps the newest", arguments: StoreFactory.all)
    func history(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        for fruit in ["banana", "kiwi", "mango", "pineapple"] {
            _ = try await shop.changeStock([.add(FruitID(fruit), 1)], kind: .add, command: "add \(fruit)")
        }
        let all = try await shop.history()
        #expect(all.map(\.command) == ["add pineapple", "add mango", "add kiwi", "add banana"])
        #expect(all.map(\.id) == all.map(\.id).sorted(by: >))
        #expect(try await shop.history(limit: 2) == Array(all.prefix(2)))
        #expect(try await shop.history(limit: 0).isEmpty)
        #expect(try await shop.history(limit: 10) == all)
    }

    @Test("every change moves the change token; refusals and reads do not", arguments: StoreFactory.all)
    func changeToken(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        var seen = [try await subject.store.changeToken()]
        _ = try await shop.order("banana-juice", command: "test")
        seen.append(try await subject.store.changeToken())
        _ = try await shop.changeStock([.add("kiwi", 1)], kind: .add, command: "test")
        seen.append(try await subject.store.changeToken())
        _ = try await shop.undo(command: "test")
        seen.append(try await subject.store.changeToken())
        _ = try await shop.reset(command: "test")
        seen.append(try await subject.store.changeToken())
        #expect(Set(seen).count == seen.count, "\(seen)")
        await #expect(throws: ShopError.self) { try await shop.order("strawberry-juice", command: "test") }
        _ = try await shop.snapshot()
        _ = try await shop.history()
        #expect(try await subject.store.changeToken() == seen.last)
    }

    @Test("stock edited behind the store's back: found by the check, and every change refused naming the fruit", arguments: StoreFactory.all)
    func brokenInvariant(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        _ = try await shop.order("banana-juice", command: "test")
        try await subject.overwriteStock("banana", 99)
        let report = try await shop.checkIntegrity()
        #expect(!report.isHealthy)
        #expect(report.brokenFruits == [IntegrityReport.BrokenFruit(fruit: "banana", stock: 99, expected: 8)])
        let history = try await shop.history()
        let refusal = ShopError.state(.invariantBroken(path: subject.store.location, fruits: ["banana"]))
        await #expect(throws: refusal) { try await shop.order("kiwi-juice", command: "test") }
        await #expect(throws: refusal) { try await shop.changeStock([.set("banana", 8)], kind: .set, command: "test") }
        await #expect(throws: refusal) { try await shop.undo(command: "test") }
        #expect(refusal.description.contains("banana") && refusal.description.contains("juice doctor"))
        #expect(try await shop.history() == history)
        #expect(try await shop.snapshot().inventory["banana"] == 99, "reads still work, and nothing was repaired")
        try await subject.overwriteStock("banana", 8)
        #expect(try await shop.checkIntegrity().isHealthy)
        _ = try await shop.order("kiwi-juice", command: "test")
    }

    @Test("many concurrent orders against little stock: exactly enough served, the rest refused, journal exact", arguments: StoreFactory.all)
    func concurrentOrders(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let outcomes = await withTaskGroup(of: Result<ShopReceipt, ShopError>.self) { group in
            for index in 0..<200 {
                group.addTask {
                    do throws(ShopError) {
                        return .success(try await shop.order(index % 2 == 0 ? "banana-juice" : "딸바쥬스", command: "order \(index)"))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let served = outcomes.compactMap { try? $0.get() }
        for case .failure(let error) in outcomes {
            guard case .orderRefused(.insufficientStock) = error else {
                Issue.record("unexpected \(error)")
                continue
            }
        }
        let stock = try await Self.stock(shop)
        let bananas = served.reduce(0) { $0 + ($1.entry?.juice == "banana-juice" ? 2 : 1) }
        let strawberries = served.filter { $0.entry?.juice == "strawberry-banana-juice" }.count * 10
        #expect(bananas + stock["banana", default: -1] == 10)
        #expect(strawberries + stock["strawberry", default: -1] == 10)
        #expect(stock["banana", default: -1] <= 1, "no banana left that an order could use: \(stock)")
        let history = try await shop.history()
        #expect(history.count == served.count)
        #expect(Set(history.map(\.id)) == Set(served.compactMap(\.entry?.id)))
        #expect(Set(history.map(\.command)).count == history.count, "each order journaled once")
        let refusals = try await shop.refusedOrders()
        #expect(refusals.count == outcomes.count - served.count, "each refusal recorded, in the batch that refused it")
        #expect(Set(refusals.map(\.command)).isDisjoint(with: history.map(\.command)))
        #expect(Set(refusals.map(\.command)).count == refusals.count, "each refusal recorded once")
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test("a change that changes nothing writes no journal entry and moves no token; the receipt has no entry", arguments: StoreFactory.all)
    func changeOfNothing(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let nothing = try await shop.changeStock([.add("mango", 0)], kind: .add, command: "juice stock add mango 0")
        #expect(nothing.entry == nil)
        #expect(nothing.snapshot.inventory == TestBook.standard.initialInventory)
        #expect(try await shop.reset(command: "juice stock reset").entry == nil, "a reset at the initial stock")
        #expect(try await shop.changeStock([.set("kiwi", 10), .remove("banana", 0)], kind: .set, command: "test").entry == nil)
        #expect(try await shop.history().isEmpty)
        #expect(try await subject.store.changeToken() == 0)
        await #expect(throws: ShopError.nothingToUndo) { try await shop.undo(command: "test") }
        let real = try await shop.changeStock([.add("mango", 2)], kind: .add, command: "test")
        #expect(real.entry?.deltas == ["mango": 2])
        #expect(try await shop.changeStock([.set("mango", 12)], kind: .set, command: "test").entry == nil)
        #expect(try await shop.history().count == 1)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test("setting one fruit twice is refused before anything changes", arguments: StoreFactory.all)
    func duplicateSet(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        await #expect(throws: ShopError.duplicateFruit("mango")) {
            try await shop.changeStock([.set("mango", 5), .set("kiwi", 1), .set("mango", 6)], kind: .set, command: "test")
        }
        #expect(try await Self.stock(shop)["mango"] == 10)
        #expect(try await shop.history().isEmpty)
    }

    @Test("an undo's receipt names the entry it reverted", arguments: StoreFactory.all)
    func undoReceipt(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let order = try await shop.order("kiwi-juice", command: "juice order kiwi-juice")
        let undo = try await shop.undo(command: "juice undo")
        var expected = try #require(order.entry)
        expected.undoneBy = undo.entry?.id
        #expect(undo.undone == expected)
        #expect(undo.entry?.undoes == expected.id)
    }

    @Test("retiring a fruit the book no longer has: journaled, stock to 0, no longer an orphan; undo gives it back", arguments: StoreFactory.all)
    func retire(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        _ = try await subject.shop().changeStock([.add("kiwi", 2)], kind: .add, command: "test")
        let shop = subject.shop(TestBook.withoutKiwi)
        #expect(try await shop.snapshot().orphans == ["kiwi": 12])
        await #expect(throws: ShopError.fruitStillInRecipes("mango")) { try await shop.retire("mango", command: "test") }
        await #expect(throws: ShopError.stockRefused(.unknownFruit("kiwii", suggestion: "kiwi"))) { try await shop.retire("kiwii", command: "test") }
        await #expect(throws: ShopError.fruitNotInRecipes("kiwi", kept: 12)) {
            try await shop.changeStock([.remove("kiwi", 12)], kind: .remove, command: "test")
        }
        #expect(try await shop.history().count == 1)
        let retired = try await shop.retire("kiwi", command: "juice stock retire kiwi")
        let entry = try #require(retired.entry)
        #expect(entry.kind == .retire)
        #expect(entry.deltas == ["kiwi": -12])
        #expect(entry.command == "juice stock retire kiwi")
        #expect(retired.snapshot.orphans.isEmpty)
        #expect(try await shop.snapshot().orphans.isEmpty)
        #expect(try await shop.checkIntegrity().isHealthy)
        #expect(try await shop.retire("kiwi", command: "test").entry == nil, "retiring again changes nothing")
        let undo = try await shop.undo(command: "juice undo")
        #expect(undo.undone?.kind == .retire)
        #expect(undo.entry?.deltas == ["kiwi": 12])
        #expect(try await shop.snapshot().orphans == ["kiwi": 12])
        _ = try await shop.retire("kiwi", command: "test")
        // Kiwi back in the recipes: it returns at the 0 it was retired with.
        #expect(try await subject.shop().snapshot().inventory["kiwi"] == 0)
        _ = try await subject.shop().changeStock([.add("kiwi", 3)], kind: .add, command: "test")
        #expect(try await subject.shop().snapshot().inventory["kiwi"] == 3)
        #expect(try await shop.history().map(\.kind) == [.add, .retire, .undo, .retire, .add])
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test(
        "orders and stock changes from many tasks at once: none fails for a conflict or deadlock, nothing oversold",
        arguments: StoreFactory.all)
    func concurrentMixedChanges(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        // Juices whose fruits overlap in every way (one fruit, two, shared with others), and stock changes of one
        // fruit or several, so that changes lock different, overlapping sets of rows.
        let juices = ["딸바쥬스", "망키쥬스", "banana-juice", "kiwi-juice", "mango-juice"]
        let outcomes = await withTaskGroup(of: Result<ShopReceipt, ShopError>.self) { group in
            for index in 0..<120 {
                group.addTask {
                    do throws(ShopError) {
                        switch index % 6 {
                        case 5:
                            return .success(
                                try await shop.changeStock(
                                    [.add("mango", 1), .remove("banana", 1), .add("kiwi", 2)], kind: .add, command: "change \(index)"))
                        case 4: return .success(try await shop.changeStock([.add("strawberry", 3)], kind: .add, command: "change \(index)"))
                        default: return .success(try await shop.order(juices[index % juices.count], command: "order \(index)"))
                        }
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for case .failure(let error) in outcomes {
            switch error {
            case .orderRefused(.insufficientStock), .stockRefused(.belowZero), .stockRefused(.aboveCapacity): continue
            default: Issue.record("unexpected \(error)")
            }
        }
        let served = outcomes.compactMap { try? $0.get() }
        let history = try await shop.history()
        #expect(Set(history.map(\.id)) == Set(served.compactMap(\.entry?.id)))
        #expect(Set(history.map(\.command)).count == history.count, "each change journaled once")
        var expected = TestBook.standard.store.initialStock
        for entry in history { for (fruit, delta) in entry.deltas { expected[fruit, default: 0] += delta } }
        let stock = try await Self.stock(shop)
        #expect(stock == Dictionary(uniqueKeysWithValues: expected.map { ($0.key.rawValue, $0.value) }))
        #expect(stock.values.allSatisfy { $0 >= 0 }, "nothing oversold: \(stock)")
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test(
        "zero and overflow: counts below 1 and too large refused, sums past Int.max refused, stock at Int.max kept exact",
        arguments: StoreFactory.all)
    func zeroAndOverflow(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop(TestBook.with(capacity: .max, of: "banana"))
        await #expect(throws: ShopError.orderRefused(.invalidCount(0))) { try await shop.order("banana-juice", count: 0, command: "test") }
        await #expect(throws: ShopError.orderRefused(.invalidCount(-1))) { try await shop.order("banana-juice", count: -1, command: "test") }
        await #expect(throws: ShopError.orderRefused(.countTooLarge(.max))) { try await shop.order("banana-juice", count: .max, command: "test") }
        await #expect(throws: ShopError.orderRefused(.countTooLarge(.max / 2 + 1))) {
            try await shop.order("banana-juice", count: .max / 2 + 1, command: "test")
        }
        await #expect(throws: ShopError.stockRefused(.aboveCapacity("mango", result: .max, capacity: 100))) {
            try await shop.changeStock([.set("mango", .max)], kind: .set, command: "test")
        }
        await #expect(throws: ShopError.stockRefused(.belowZero("kiwi", stock: 10, result: 10 - .max))) {
            try await shop.changeStock([.remove("kiwi", .max)], kind: .remove, command: "test")
        }
        await #expect(throws: ShopError.stockRefused(.negativeAmount("kiwi", .min))) {
            try await shop.changeStock([.add("kiwi", .min)], kind: .add, command: "test")
        }
        #expect(try await shop.history().isEmpty)
        _ = try await shop.changeStock([.set("banana", .max - 1)], kind: .set, command: "test")
        _ = try await shop.changeStock([.add("banana", 1)], kind: .add, command: "test")
        #expect(try await shop.snapshot().inventory["banana"] == .max)
        await #expect(throws: ShopError.stockRefused(.overflow("banana"))) {
            try await shop.changeStock([.add("banana", 1)], kind: .add, command: "test")
        }
        let order = try await shop.order("banana-juice", count: .max / 2, command: "test")
        #expect(order.entry?.deltas == ["banana": -(.max - 1)])
        #expect(order.snapshot.inventory["banana"] == 1)
        _ = try await shop.changeStock([.remove("banana", 1)], kind: .remove, command: "test")
        await #expect(
            throws: ShopError.orderRefused(
                .insufficientStock(
                    "banana-juice", count: 1,
                    shortages: [
                        Shortage(fruit: "banana", needed: 2, inStock: 0)
                    ]))
        ) {
            try await shop.order("banana-juice", command: "test")
        }
        _ = try await shop.undo(command: "test")
        _ = try await shop.undo(command: "test")
        #expect(try await shop.snapshot().inventory["banana"] == .max)
        #expect(try await shop.history().count == 6)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    // MARK: Refused orders

    @Test(
        "an order refused for want of fruit is recorded with its shortages; stock, journal, token, integrity and undo never see it",
        arguments: StoreFactory.all)
    func refusedOrderIsRecorded(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        #expect(try await shop.refusedOrders().isEmpty)
        let set = try await shop.changeStock([.set("mango", 1), .set("kiwi", 0)], kind: .set, command: "test")
        let stock = try await Self.stock(shop)
        let history = try await shop.history()
        let token = try await subject.store.changeToken()
        await #expect(throws: ShopError.self) { try await shop.order("망키쥬스", count: 2, command: "juice order 망키쥬스 --count 2") }
        let refusals = try await shop.refusedOrders()
        let refusal = try #require(refusals.first)
        #expect(refusals.count == 1)
        #expect(refusal.juice == "mango-kiwi-juice")
        #expect(refusal.count == 2)
        #expect(refusal.command == "juice order 망키쥬스 --count 2")
        #expect(refusal.shortages == [Shortage(fruit: "mango", needed: 4, inStock: 1), Shortage(fruit: "kiwi", needed: 2, inStock: 0)])
        #expect(refusal.time.count == 20 && refusal.time.hasSuffix("Z"), "ISO 8601 in UTC, as the journal writes: \(refusal.time)")
        #expect(refusal.time >= (history.first?.time ?? ""), "not before the change before it")
        #expect(try await Self.stock(shop) == stock)
        #expect(try await shop.history() == history)
        #expect(try await subject.store.changeToken() == token)
        #expect(try await shop.checkIntegrity().isHealthy)
        let undo = try await shop.undo(command: "juice undo")
        #expect(undo.undone?.id == set.entry?.id, "undo reverts the newest change, not the refusal")
        await #expect(throws: ShopError.nothingToUndo) { try await shop.undo(command: "juice undo") }
        #expect(try await shop.refusedOrders() == refusals, "undo leaves the record")
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test(
        "only orders refused for want of fruit are recorded: not served ones, unknown juices, bad counts or a broken invariant",
        arguments: StoreFactory.all)
    func onlyShortOrdersAreRecorded(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        _ = try await shop.order("banana-juice", command: "served")
        await #expect(throws: ShopError.self) { try await shop.order("bananna juice", command: "unknown") }
        await #expect(throws: ShopError.self) { try await shop.order("banana-juice", count: 0, command: "zero") }
        await #expect(throws: ShopError.self) { try await shop.order("banana-juice", count: .max, command: "too large") }
        await #expect(throws: ShopError.self) { try await shop.changeStock([.remove("kiwi", 11)], kind: .remove, command: "below zero") }
        #expect(try await shop.refusedOrders().isEmpty)
        for command in ["first", "second", "third"] {
            await #expect(throws: ShopError.self) { try await shop.order("strawberry-juice", command: command) }
        }
        let all = try await shop.refusedOrders()
        #expect(all.map(\.command) == ["third", "second", "first"], "newest first")
        #expect(all.map(\.id) == all.map(\.id).sorted(by: >))
        #expect(try await shop.refusedOrders(limit: 2) == Array(all.prefix(2)))
        #expect(try await shop.refusedOrders(limit: 0).isEmpty)
        try await subject.overwriteStock("banana", 99)
        await #expect(throws: ShopError.state(.invariantBroken(path: subject.store.location, fruits: ["banana"]))) {
            try await shop.order("strawberry-juice", command: "invariant")
        }
        #expect(try await shop.refusedOrders() == all, "a broken invariant refuses every change; it is not demand refused")
    }

    @Test(
        "a refused order whose record cannot be written is still answered as the refusal; other orders are served",
        arguments: StoreFactory.all.filter { $0.name != "memory" })
    func unrecordableRefusal(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        let breakRecords = try #require(subject.breakRefusalRecords)
        try await breakRecords()
        await #expect(
            throws: ShopError.orderRefused(
                .insufficientStock("strawberry-juice", count: 1, shortages: [Shortage(fruit: "strawberry", needed: 16, inStock: 10)]))
        ) {
            try await shop.order("strawberry-juice", command: "test")
        }
        // Refusals and served orders together, so that they share batches.
        let outcomes = await withTaskGroup(of: Result<ShopReceipt, ShopError>.self) { group in
            for index in 0..<20 {
                group.addTask {
                    do throws(ShopError) {
                        return .success(try await shop.order(index % 2 == 0 ? "strawberry-juice" : "kiwi-juice", command: "order \(index)"))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for case .failure(let error) in outcomes {
            guard case .orderRefused(.insufficientStock) = error else {
                Issue.record("unexpected \(error)")
                continue
            }
        }
        #expect(outcomes.filter { (try? $0.get()) != nil }.count == 3, "three kiwi juices from ten kiwis")
        #expect(try await shop.refusedOrders().isEmpty)
        #expect(try await shop.history().count == 3)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    @Test(
        "a state made by the previous schema migrates on the first change, keeping stock and journal; refused orders start there",
        arguments: StoreFactory.migrating)
    func migratesPreviousSchema(factory: StoreFactory) async throws {
        let make = try #require(factory.makeAtPreviousSchema)
        let subject = try await make()
        defer { subject.remove() }
        let shop = subject.shop()
        #expect(try await shop.snapshot().inventory["banana"] == 8)
        #expect(try await shop.history().map(\.command) == [PreviousSchema.command])
        #expect(try await shop.refusedOrders().isEmpty, "read before any change: none yet")
        #expect(try await shop.checkIntegrity().isHealthy)
        await #expect(throws: ShopError.self) { try await shop.order("strawberry-juice", command: "refused after migrating") }
        #expect(try await shop.refusedOrders().map(\.command) == ["refused after migrating"])
        #expect(try await Self.stock(shop) == ["strawberry": 10, "banana": 8, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(try await shop.history().map(\.command) == [PreviousSchema.command])
        #expect(try await subject.store.changeToken() == 1)
        #expect(try await shop.checkIntegrity().isHealthy)
        _ = try await shop.order("banana-juice", command: "new order")
        _ = try await shop.undo(command: "undo new")
        let undo = try await shop.undo(command: "undo old")
        #expect(undo.undone?.command == PreviousSchema.command, "an entry the previous schema held is undone like any other")
        #expect(try await shop.snapshot().inventory["banana"] == 10)
        #expect(try await shop.checkIntegrity().isHealthy)
    }

    /// A kept set of `files` named and filled as given, with `version`.
    static func keptSet(_ version: String, _ files: [(String, [UInt8])]) -> KeptRecipeSet {
        KeptRecipeSet(version: version, files: files.map { KeptRecipeFile(name: $0.0, bytes: $0.1) })
    }

    @Test(
        "the last good recipe set: none at first; kept file by file, in order, bytes exact; an unchanged one is not rewritten; stock and journal never see it",
        arguments: StoreFactory.all)
    func lastGoodRecipes(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let shop = subject.shop()
        #expect(try await subject.store.lastGoodRecipes() == nil, "a new state keeps no set")
        _ = try await shop.order("banana-juice", command: "before")
        let token = try await subject.store.changeToken()
        let first = Self.keptSet(
            "v1",
            [
                ("juices.yaml", Array("juices: {}\n".utf8)), ("fruits.yaml", Array("fruits: {바나나: 1}\n".utf8)),
                ("seasonal/여름.yaml", [0, 1, 2, 0xFF, 0xFE, 0x0A]),
            ])
        #expect(try await subject.store.keepLastGoodRecipes(first) == true)
        let kept = try #require(try await subject.store.lastGoodRecipes())
        #expect(kept.version == "v1")
        #expect(kept.files == first.files, "the files in load order, names and bytes exact")
        #expect(!kept.keptAt.isEmpty)
        #expect(try await subject.store.keepLastGoodRecipes(first) == false, "the same version is not written again")
        #expect(try await subject.store.lastGoodRecipes() == kept, "nothing rewritten, kept time included")

        let second = Self.keptSet("v2", [("menu.yaml", Array("version: 1\n".utf8))])
        #expect(try await subject.store.keepLastGoodRecipes(second) == true)
        let replaced = try #require(try await subject.store.lastGoodRecipes())
        #expect(replaced.version == "v2")
        #expect(replaced.files == second.files, "the files of the set before are gone")
        #expect(try await subject.store.changeToken() == token, "keeping a set is not a change of stock")
        #expect(try await shop.history().map(\.command) == ["before"])
        #expect(try await shop.checkIntegrity().isHealthy)
        _ = try await shop.order("banana-juice", command: "after")
        #expect(try await subject.store.lastGoodRecipes() == replaced, "orders leave the kept set alone")
    }

    @Test("two servers keeping sets at once leave one whole set, never a mix", arguments: StoreFactory.all)
    func concurrentKeeping(factory: StoreFactory) async throws {
        let subject = try await factory.make()
        defer { subject.remove() }
        let sets = (0..<6).map { index in
            Self.keptSet("v\(index)", (0...index).map { ("file\($0).yaml", Array("set \(index) file \($0)\n".utf8)) })
        }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for set in sets { group.addTask { try await subject.store.keepLastGoodRecipes(set) } }
            try await group.waitForAll()
        }
        let kept = try #require(try await subject.store.lastGoodRecipes())
        #expect(sets.contains { $0.version == kept.version && $0.files == kept.files }, "\(kept.version): \(kept.files.map(\.name))")
    }

    @Test(
        "a state made before recipe sets were kept: reading keeps none and writes nothing; keeping one migrates it, stock, journal and refused orders intact",
        arguments: StoreFactory.migratingToKeptRecipes)
    func migratesToKeptRecipes(factory: StoreFactory) async throws {
        let make = try #require(factory.makeBeforeKeptRecipes)
        let subject = try await make()
        defer { subject.remove() }
        let shop = subject.shop()
        #expect(try await subject.store.lastGoodRecipes() == nil)
        #expect(try await shop.snapshot().inventory["banana"] == 8)
        #expect(try await shop.history().map(\.command) == [PreviousSchema.command])
        #expect(try await shop.refusedOrders().map(\.command) == [PreviousSchema.refusedCommand])
        let set = Self.keptSet("v1", [("menu.yaml", Array("version: 1\n".utf8))])
        #expect(try await subject.store.keepLastGoodRecipes(set) == true)
        #expect(try await subject.store.lastGoodRecipes()?.files == set.files)
        #expect(try await Self.stock(shop) == ["strawberry": 10, "banana": 8, "pineapple": 10, "kiwi": 10, "mango": 10])
        #expect(try await shop.history().map(\.command) == [PreviousSchema.command])
        #expect(try await shop.refusedOrders().map(\.command) == [PreviousSchema.refusedCommand])
        #expect(try await subject.store.changeToken() == 1)
        #expect(try await shop.checkIntegrity().isHealthy)
        _ = try await shop.order("banana-juice", command: "new order")
        #expect(try await shop.snapshot().inventory["banana"] == 6)
        #expect(try await subject.store.lastGoodRecipes()?.version == "v1")
    }
}
