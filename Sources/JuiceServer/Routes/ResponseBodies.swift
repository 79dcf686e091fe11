import Foundation
import JuiceCore
import JuiceRecipes
import JuiceReload
import JuiceShop

/// A name in both languages.
struct NameBody: Codable, Sendable, Hashable {
    var ko: String?
    var en: String?

    init(_ name: LocalizedName) {
        ko = name.korean
        en = name.english
    }
}

/// A fruit: its names and emoji, and its cost and shelf life when the recipes give them (keys left out otherwise).
struct FruitBody: Codable, Sendable, Hashable {
    var id: String
    var name: NameBody
    var emoji: String?
    /// What one unit costs, in won.
    var cost: Int?
    /// Days it keeps before it spoils.
    var shelfLife: Int?

    init(_ fruit: Fruit) {
        id = fruit.id.rawValue
        name = NameBody(fruit.name)
        emoji = fruit.emoji
        cost = fruit.cost
        shelfLife = fruit.shelfLife
    }
}

/// `GET /api/stock` and the `stock` event: `{"stock": {fruit: n}, "capacity": {fruit: n}, "fruits": […], "orphans": {…},
/// "makeable": {juice: n}}`.
struct StockBody: Codable, Sendable, Hashable {
    var stock: [String: Int]
    var capacity: [String: Int]
    var fruits: [FruitBody]
    var orphans: [String: Int]
    /// How many of each juice of the menu the stock makes now (`Inventory.availability(of:)`), so the page shows the
    /// shop's count instead of working it out from the recipes.
    var makeable: [String: Int]

    init(_ snapshot: ShopSnapshot, book: RecipeBook) {
        stock = [:]
        capacity = [:]
        for fruit in book.fruits {
            stock[fruit.id.rawValue] = snapshot.inventory[fruit.id]
            capacity[fruit.id.rawValue] = snapshot.inventory.capacity(of: fruit.id)
        }
        fruits = book.fruits.map(FruitBody.init)
        orphans = Dictionary(uniqueKeysWithValues: snapshot.orphans.map { ($0.key.rawValue, $0.value) })
        makeable = Self.makeable(snapshot.inventory, book: book)
    }

    /// How many of each juice of `book` `inventory` makes, by juice id.
    static func makeable(_ inventory: Inventory, book: RecipeBook) -> [String: Int] {
        Dictionary(book.juices.map { ($0.id.rawValue, inventory.availability(of: $0).makeable) }, uniquingKeysWith: { first, _ in first })
    }
}

/// One ingredient of a recipe.
struct IngredientBody: Codable, Sendable, Hashable {
    var fruit: String
    var amount: Int
}

/// A juice on the menu with its price and what the stock allows now.
struct MenuJuiceBody: Codable, Sendable, Hashable {
    var id: String
    var name: NameBody
    var aliases: [String]
    /// Its price in won (left out when it has none).
    var price: Int?
    var recipe: [IngredientBody]
    /// How many can be made now.
    var makeable: Int
    /// The fruit that runs out first.
    var limitingFruit: String?
    /// How much more of each short fruit one more juice needs.
    var neededForOneMore: [String: Int]
}

/// `GET /api/menu`.
struct MenuBody: Codable, Sendable, Hashable {
    var version: String
    var loadedAt: String
    var fruits: [FruitBody]
    var stock: [String: Int]
    var capacity: [String: Int]
    var juices: [MenuJuiceBody]

    init(_ menu: MenuVersion, snapshot: ShopSnapshot) {
        version = menu.version
        loadedAt = menu.loadedAt.formatted(.iso8601)
        let stockBody = StockBody(snapshot, book: menu.book)
        fruits = stockBody.fruits
        stock = stockBody.stock
        capacity = stockBody.capacity
        juices = menu.book.juices.map { juice in
            let availability = snapshot.inventory.availability(of: juice)
            return MenuJuiceBody(
                id: juice.id.rawValue, name: NameBody(juice.name), aliases: juice.aliases, price: juice.price,
                recipe: juice.recipe.map { IngredientBody(fruit: $0.fruit.rawValue, amount: $0.amount) },
                makeable: availability.makeable, limitingFruit: availability.limitingFruit?.rawValue,
                neededForOneMore: Dictionary(uniqueKeysWithValues: availability.neededForOneMore.map { ($0.key.rawValue, $0.value) }))
        }
    }
}

/// A journal entry.
package struct EntryBody: Codable, Sendable, Hashable {
    var id: Int
    var time: String
    var kind: String
    var command: String
    var juice: String?
    var count: Int?
    var deltas: [String: Int]
    var undoes: Int?
    var undoneBy: Int?
    /// The request id the change was made under (every order's); look it up with `GET /api/orders/{request}`.
    var request: String?
    /// A delivery's lots, in the order given.
    var lots: [DeliveryLineBody]?
    /// Who delivered, for a delivery, if given.
    var supplier: String?
    /// Why fruit was thrown away, for a waste.
    var reason: String?
    /// What staff wrote about a waste, if anything.
    var note: String?
    /// What a waste's fruit cost in won, when every fruit wasted has a cost.
    var cost: Int?
    /// A count's lines: every fruit counted, with the expected value and the variance.
    var counts: [CountLineBody]?
    /// The count session a count was applied in.
    var session: String?
    /// The purchase order a delivery received.
    var purchaseOrder: Int?
    /// What the entry did, in the request's language, as the staff page lists it ("딸기쥬스 2잔 주문", "Stock added"):
    /// `GET /api/history` only.
    var label: String?
    /// A waste's reason in the request's language ("상함", "Spoiled"): `GET /api/history` only.
    var reasonLabel: String?

    /// An entry of `kind` made by `command`, with its fields as the journal keeps them (and what a delivery, waste or
    /// count recorded beyond its deltas, `detail`).
    package init(
        id: Int, time: String, kind: String, command: String, juice: String?, count: Int?, deltas: [String: Int], undoes: Int?,
        undoneBy: Int?, request: String? = nil, detail: JournalDetail? = nil
    ) {
        (self.id, self.time, self.kind, self.command, self.juice, self.count) = (id, time, kind, command, juice, count)
        (self.deltas, self.undoes, self.undoneBy, self.request) = (deltas, undoes, undoneBy, request)
        if let detail { add(detail) }
    }

    /// Sets the fields `detail` has.
    private mutating func add(_ detail: JournalDetail) {
        lots = detail.lots?.map(DeliveryLineBody.init)
        supplier = detail.supplier
        reason = detail.reason?.rawValue
        note = detail.note
        cost = detail.cost
        counts = detail.counts?.map(CountLineBody.init)
        session = detail.session
        purchaseOrder = detail.purchaseOrder
    }
}

/// `GET /api/orders/{request}`: the order made under that request id.
struct OrderLookupBody: Codable, Sendable, Hashable {
    var request: String
    var entry: EntryBody
}

extension EntryBody {
    init(_ entry: JournalEntry) {
        id = entry.id
        time = entry.time
        kind = entry.kind.rawValue
        command = entry.command
        juice = entry.juice?.rawValue
        count = entry.count
        deltas = Dictionary(uniqueKeysWithValues: entry.deltas.map { ($0.key.rawValue, $0.value) })
        undoes = entry.undoes
        undoneBy = entry.undoneBy
        request = entry.request
        if let detail = entry.detail { add(detail) }
    }

    /// `entry` with its `label` and `reasonLabel` in `language`, juices named from `book`.
    init(_ entry: JournalEntry, labelledFrom book: RecipeBook, in language: Language) {
        self.init(entry)
        label = JournalLabelText.label(of: entry, book: book, in: language)
        reasonLabel = entry.detail?.reason.map { JournalLabelText.label(of: $0, book: book, in: language) }
    }
}

/// What a change returns: a message for the customer, the journal entry (none when nothing changed) and the stock;
/// for an order of a juice with a price, the amount charged.
package struct ReceiptBody: Codable, Sendable, Hashable {
    var message: String
    var entry: EntryBody?
    var stock: [String: Int]
    /// How many of each juice of the menu the stock after the change makes (left out where the receipt was made
    /// without the menu).
    var makeable: [String: Int]?
    /// What the order charged, in won: the juice's price times the count (left out when the juice has no price, and
    /// for anything but an order).
    var amount: Int?

    /// A receipt saying `message`, with the entry made (if any), the stock after it, what it makes and what it charged.
    package init(message: String, entry: EntryBody?, stock: [String: Int], makeable: [String: Int]? = nil, amount: Int? = nil) {
        self.message = message
        self.entry = entry
        self.stock = stock
        self.makeable = makeable
        self.amount = amount
    }

    /// The receipt, its amount at the prices of `book` (the menu the change was made with).
    init(_ receipt: ShopReceipt, message: String, book: RecipeBook) {
        self.init(
            message: message, entry: receipt.entry.map(EntryBody.init),
            stock: Dictionary(uniqueKeysWithValues: receipt.snapshot.inventory.counts.map { ($0.key.rawValue, $0.value) }),
            makeable: StockBody.makeable(receipt.snapshot.inventory, book: book), amount: receipt.amount(in: book))
    }
}

/// `GET /api/history`.
struct HistoryBody: Codable, Sendable, Hashable {
    var entries: [EntryBody]
}

/// `GET /api/refusals`.
struct RefusalsBody: Codable, Sendable, Hashable {
    var refusals: [RefusalBody]
}

/// An order refused for want of fruit, with its short fruits as an insufficient-stock error lists them.
struct RefusalBody: Codable, Sendable, Hashable {
    var id: Int
    var time: String
    var command: String
    var juice: String
    var count: Int
    var shortages: [ShortageBody]
}

extension RefusalBody {
    init(_ refusal: RefusedOrder) {
        id = refusal.id
        time = refusal.time
        command = refusal.command
        juice = refusal.juice.rawValue
        count = refusal.count
        shortages = refusal.shortages.map {
            ShortageBody(fruit: $0.fruit.rawValue, need: $0.needed, have: $0.inStock, short: $0.short)
        }
    }
}

/// A recipe problem with its place.
struct DiagnosticBody: Codable, Sendable, Hashable {
    var severity: String
    var rule: String
    var message: String
    /// `file:line:column`.
    var location: String
    var file: String
    var line: Int
    var column: Int
    var fix: String?

    /// The diagnostic with its message and fix in `language`.
    init(_ diagnostic: Diagnostic, language: Language) {
        severity = diagnostic.severity.rawValue
        rule = diagnostic.rule.rawValue
        message = diagnostic.message(in: language)
        location = diagnostic.location.description
        file = diagnostic.location.file
        line = diagnostic.location.line
        column = diagnostic.location.column
        fix = diagnostic.fix(in: language)
    }
}

/// One reload attempt.
struct AttemptBody: Codable, Sendable, Hashable {
    var at: String
    var result: String
    var diagnostics: [DiagnosticBody]
    var changes: [String]

    /// The attempt, its diagnostics in `language`.
    init(_ attempt: ReloadAttempt, language: Language) {
        at = attempt.at.formatted(.iso8601)
        result = attempt.result.rawValue
        diagnostics = attempt.diagnostics.map { DiagnosticBody($0, language: language) }
        changes = attempt.changes
    }
}

/// `GET /api/reload`, and what `POST /api/reload` answers with.
struct ReloadBody: Codable, Sendable, Hashable {
    var version: String
    var loadedAt: String
    var lastAttempt: AttemptBody?

    /// The reload state, the diagnostics in `language`.
    init(_ status: ReloadStatus, language: Language) {
        version = status.version
        loadedAt = status.loadedAt.formatted(.iso8601)
        lastAttempt = status.lastAttempt.map { AttemptBody($0, language: language) }
    }
}

/// The `menu` event: which menu is live and how the attempt that caused the event ended (no diagnostics: staff
/// read them from `GET /api/reload`).
struct MenuEventBody: Codable, Sendable, Hashable {
    var version: String
    var result: String
}
