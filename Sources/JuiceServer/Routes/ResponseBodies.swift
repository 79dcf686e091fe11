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
        makeable = ReceiptJSON.makeable(snapshot.inventory, book: book).members
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

/// `GET /api/orders/{request}`: the order made under that request id.
struct OrderLookupBody: Codable, Sendable, Hashable {
    var request: String
    var entry: JournalEntryJSON
}

extension JournalEntryJSON {
    /// `entry` with its `label` and `reasonLabel` in `language`, juices named from `book`.
    init(_ entry: JournalEntry, labelledFrom book: RecipeBook, in language: Language) {
        self.init(entry)
        label = JournalLabelText.label(of: entry, book: book, in: language)
        reasonLabel = entry.detail?.reason.map { JournalLabelText.label(of: $0, book: book, in: language) }
    }
}

/// `GET /api/history`.
struct HistoryBody: Codable, Sendable, Hashable {
    var entries: [JournalEntryJSON]
}

/// `GET /api/refusals`.
struct RefusalsBody: Codable, Sendable, Hashable {
    var refusals: [RefusedOrderJSON]
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
