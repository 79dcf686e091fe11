import Foundation
import JuiceCore

/// What is on the shelf beyond the counts: the lots with fruit left, what expires when, and when each fruit was last
/// counted. Made from the journal (`JournalLots`), as of `today`.
public struct Shelf: Hashable, Sendable {
    /// The day it is as of (the shop's local date).
    public var today: CivilDate
    /// Every lot with fruit left: by fruit id, then first expired, first out.
    public var lots: [Lot]
    /// Per fruit, when it was last counted (ISO 8601 in UTC).
    public var lastCounted: [FruitID: String]

    /// The shelf `journal`'s lots make, as of `today`.
    package init(today: CivilDate, lots journal: JournalLots) {
        (self.today, lots, lastCounted) = (today, journal.remaining, journal.lastCounted)
    }

    /// How much of `fruit` is in lots that expire `days` after today (0: today, 1: tomorrow).
    public func expiring(_ fruit: FruitID, inDays days: Int) -> Int {
        let day = today.adding(days: days).description
        return lots.filter { $0.fruit == fruit && $0.expires == day }.reduce(0) { $0 + $1.remaining }
    }

    /// How much of `fruit` is in lots whose use-by date has passed.
    public func expired(_ fruit: FruitID) -> Int {
        lots.filter { $0.fruit == fruit && $0.isExpired(today: today.description) }.reduce(0) { $0 + $1.remaining }
    }
}

extension Shop {
    /// Receives a delivery: each line's fruit rises by its quantity and becomes a lot, all or none, journaled as
    /// `.delivery` with `supplier`. A line without a use-by date gets `received` plus the fruit's shelf life, if it
    /// has one. Refused: a fruit given twice, a quantity below 1, over capacity, a date that is not a date, or a use-by
    /// date before `received`; each refusal placed on its line (`lines[i].quantity`, `lines[i].expires`, …).
    public func receive(
        _ lines: [DeliveryLine], supplier: String? = nil, received: CivilDate, command: String, request: String? = nil
    ) async throws(ShopError) -> ShopReceipt {
        try Self.checkLines(lines)
        let dated = try self.dated(lines, received: received)
        let supplier = supplier.flatMap { $0.isEmpty ? nil : $0 }
        do { return try await store.perform(.receive(dated, supplier: supplier), book: book, command: command, request: request) } catch {
            throw error.placed(onLineOf: lines.map(\.fruit), amount: "quantity")
        }
    }

    /// Refuses a delivery's line, where it is: a fruit given again (`lines[i].fruit`, the second), a quantity below 1
    /// (`lines[i].quantity`), an ordered quantity below 0 (`lines[i].ordered`). The ledger checks again what it
    /// applies; this says which line, as the ledger, deciding by fruit, cannot.
    static func checkLines(_ lines: [DeliveryLine], allowingNone: Bool = false) throws(ShopError) {
        var seen: Set<FruitID> = []
        for (index, line) in lines.enumerated() {
            let place = FieldPath.line(index)
            guard seen.insert(line.fruit).inserted else { throw ShopError.duplicateFruit(line.fruit).at(place.field("fruit")) }
            if line.quantity < (allowingNone ? 0 : 1) { throw ShopError.invalidQuantity(line.fruit, line.quantity).at(place.field("quantity")) }
            if let ordered = line.ordered, ordered < 0 { throw ShopError.invalidQuantity(line.fruit, ordered).at(place.field("ordered")) }
            if let cost = line.cost, cost < 0 { throw ShopError.negativeCost(line.fruit, cost).at(place.field("cost")) }
        }
    }

    /// `lines` with their use-by dates written `YYYY-MM-DD`: as given (refused when not a date, or before `received`,
    /// at `lines[i].expires`), else `received` plus the fruit's shelf life, if it has one.
    func dated(_ lines: [DeliveryLine], received: CivilDate) throws(ShopError) -> [DeliveryLine] {
        var dated: [DeliveryLine] = []
        for (index, var line) in lines.enumerated() {
            if let expires = line.expires {
                let place = FieldPath.line(index).field("expires")
                guard let date = CivilDate(parsing: expires) else { throw ShopError.invalidDate(expires).at(place) }
                guard date >= received else {
                    throw ShopError.expiresBeforeDelivery(line.fruit, expires: date.description, received: received.description).at(place)
                }
                line.expires = date.description
            } else if let days = book.fruit(line.fruit)?.shelfLife {
                line.expires = received.adding(days: days).description
            }
            // A lot without its own cost costs what a unit of the fruit's pack costs, when the recipe files say.
            if line.cost == nil { line.cost = book.fruit(line.fruit)?.buy?.unitCost }
            dated.append(line)
        }
        return dated
    }

    /// Throws fruit away, all or none (never more than is in stock), journaled as `.waste` with `reason` and `note`;
    /// the lots that expire first give it. A fruit given twice is refused; each refusal placed on its line
    /// (`lines[i].amount`, `lines[i].fruit`).
    public func waste(
        _ amounts: [(fruit: FruitID, amount: Int)], reason: WasteReason, note: String? = nil, command: String, request: String? = nil
    ) async throws(ShopError) -> ShopReceipt {
        let fruits = amounts.map(\.fruit)
        var byFruit: [FruitID: Int] = [:]
        for (fruit, amount) in amounts {
            guard byFruit.updateValue(amount, forKey: fruit) == nil else {
                throw ShopError.duplicateFruit(fruit).placed(onLineOf: fruits, amount: "amount")
            }
        }
        let note = note.flatMap { $0.isEmpty ? nil : $0 }
        do { return try await store.perform(.waste(byFruit, reason: reason, note: note), book: book, command: command, request: request) } catch {
            throw error.placed(onLineOf: fruits, amount: "amount")
        }
    }

    /// Writes off every lot whose use-by date is before `today`, in one `.waste` entry with reason `.expired` (no entry
    /// when nothing has expired).
    public func wasteExpired(today: CivilDate, note: String? = nil, command: String) async throws(ShopError) -> ShopReceipt {
        let note = note.flatMap { $0.isEmpty ? nil : $0 }
        return try await store.perform(.wasteExpired(today: today.description, note: note), book: book, command: command)
    }

    /// Starts a count session: apply the count with its id, and the changes made while counting are carried over.
    public func startCount() async throws(ShopError) -> CountSession {
        try await store.startCount()
    }

    /// What applying `counted` would record, without applying it: each fruit's expected value (the stock when the
    /// session started, or now without one), counted value and variance. For the confirmation of a large variance.
    /// Refused as the count itself would be: a fruit given twice or unknown, a count below 0 or above the fruit's
    /// capacity (placed on its line, `lines[i].count`), an unknown or applied session.
    public func previewCount(_ counted: [(fruit: FruitID, count: Int)], session: String? = nil) async throws(ShopError) -> [CountLine] {
        _ = try Self.counts(counted)
        do throws(ShopError) {
            let lines = try await preview(counted, session: session)
            // Above what the shelf holds is refused as the count itself would be, before any variance is weighed.
            let inventory = try await snapshot().inventory
            for line in lines where line.counted > line.expected {
                let capacity = inventory.capacity(of: line.fruit)
                if line.counted > capacity { throw ShopError.stockRefused(.aboveCapacity(line.fruit, result: line.counted, capacity: capacity)) }
            }
            return lines
        } catch {
            throw error.placed(onLineOf: counted.map(\.fruit), amount: "count")
        }
    }

    /// `counted` by fruit; refused: a fruit given twice, a count below 0, each placed on its line (`lines[i].count`).
    /// The one check of a count's lines, for the preview and the count alike (the ledger checks again what it applies).
    static func counts(_ counted: [(fruit: FruitID, count: Int)]) throws(ShopError) -> [FruitID: Int] {
        let fruits = counted.map(\.fruit)
        var byFruit: [FruitID: Int] = [:]
        for (fruit, count) in counted {
            guard byFruit.updateValue(count, forKey: fruit) == nil else {
                throw ShopError.duplicateFruit(fruit).placed(onLineOf: fruits, amount: "count")
            }
            do { try CountLine.requireValid(count, of: fruit) } catch { throw error.placed(onLineOf: fruits, amount: "count") }
        }
        return byFruit
    }

    /// The preview of `counted` (see `previewCount`), its lines checked.
    private func preview(_ counted: [(fruit: FruitID, count: Int)], session: String?) async throws(ShopError) -> [CountLine] {
        guard let session else { return try lines(counted, stock: try await snapshot().inventory.counts, moved: [:]) }
        let found = try await store.countSession(id: session)
        let start = try CountSession.requireOpen(session, found: found.map { ($0.start, $0.appliedBy) })
        // The stock as of a known journal entry: read between two readings of the newest entry that agree (orders
        // keep coming while staff count; a few tries, then the last reading, as this is only a preview).
        var newest = try await newestEntry()
        var stock = try await snapshot().inventory.counts
        for _ in 0..<4 {
            let after = try await newestEntry()
            if after == newest { break }
            newest = after
            stock = try await snapshot().inventory.counts
        }
        var moved: [FruitID: Int] = [:]
        let latest = try await newestEntry()
        for entry in try await store.history(limit: max(0, latest - start)) where entry.id > start && entry.id <= newest {
            for (fruit, delta) in entry.deltas { moved[fruit, default: 0] += delta }
        }
        return try lines(counted, stock: stock, moved: moved)
    }

    /// The newest journal entry's number (0 when there is none).
    private func newestEntry() async throws(ShopError) -> Int {
        try await store.history(limit: 1).first?.id ?? 0
    }

    /// Each counted fruit's line: expected is its `stock` less what `moved` since the count started.
    private func lines(
        _ counted: [(fruit: FruitID, count: Int)], stock: [FruitID: Int], moved: [FruitID: Int]
    ) throws(ShopError) -> [CountLine] {
        var lines: [CountLine] = []
        for (fruit, count) in counted {
            guard let current = stock[fruit] else {
                throw .stockRefused(
                    .unknownFruit(
                        fruit, suggestion: NameMatching.suggestion(for: fruit.rawValue, among: book.fruits.map(\.id.rawValue)).map { FruitID($0) }))
            }
            lines.append(CountLine(fruit: fruit, expected: current - (moved[fruit] ?? 0), counted: count))
        }
        return lines
    }

    /// Applies a count: each fruit set to what was counted (plus, in a `session`, what moved since it started), all or
    /// none, journaled as `.count` with expected, counted and variance per fruit, even when everything matched. A
    /// fruit given twice, a count below 0, an unknown or applied session are refused (a line's refusal placed on it,
    /// `lines[i].count`).
    public func count(
        _ counted: [(fruit: FruitID, count: Int)], session: String? = nil, command: String, request: String? = nil
    ) async throws(ShopError) -> ShopReceipt {
        let byFruit = try Self.counts(counted)
        do { return try await store.perform(.count(byFruit, session: session), book: book, command: command, request: request) } catch {
            throw error.placed(onLineOf: counted.map(\.fruit), amount: "count")
        }
    }

    /// The lots, what expires when and the last counts, as of `today`.
    public func shelf(today: CivilDate) async throws(ShopError) -> Shelf {
        Shelf(today: today, lots: JournalLots(try await store.lotEntries()))
    }
}
