import JuiceCore

/// A name in both languages, as JSON (`{"ko": "딸기", "en": "Strawberry"}`; a language the recipes leave out is left
/// out).
public struct NameJSON: Codable, Sendable, Hashable {
    /// The Korean name.
    public var ko: String?
    /// The English name.
    public var en: String?

    /// `name`'s two languages.
    public init(_ name: LocalizedName) {
        ko = name.korean
        en = name.english
    }
}

/// A fruit: its names and emoji, and its cost and shelf life when the recipes give them (left out otherwise).
public struct FruitJSON: Codable, Sendable, Hashable {
    /// The fruit's id.
    public var id: String
    /// Its names.
    public var name: NameJSON
    /// Its emoji, if the recipes give one.
    public var emoji: String?
    /// What one unit costs, in won.
    public var cost: Int?
    /// Days it keeps before it spoils.
    public var shelfLife: Int?

    /// `fruit` as the recipes have it.
    public init(_ fruit: Fruit) {
        id = fruit.id.rawValue
        name = NameJSON(fruit.name)
        emoji = fruit.emoji
        cost = fruit.cost
        shelfLife = fruit.shelfLife
    }
}

/// The stock as JSON: `GET /api/stock`, the page's `stock` event and `juice stock --json`. Each fruit's count and
/// capacity, the fruits of the menu, the counts of fruits no longer in it, and how many of each juice the stock makes
/// (so no reader works that out from the recipes). Objects keyed by fruit or juice have their keys sorted.
public struct StockJSON: Codable, Sendable, Hashable {
    /// Each fruit of the menu's count.
    public var stock: SortedObject<Int>
    /// Each fruit of the menu's capacity.
    public var capacity: SortedObject<Int>
    /// The fruits of the menu, in its order.
    public var fruits: [FruitJSON]
    /// Counts kept of fruits the menu no longer has.
    public var orphans: SortedObject<Int>
    /// How many of each juice of the menu the stock makes now (`Inventory.availability(of:)`).
    public var makeable: SortedObject<Int>

    /// `snapshot` read against `book` (the menu it was read with).
    public init(_ snapshot: ShopSnapshot, book: RecipeBook) {
        let inventory = snapshot.inventory
        stock = SortedObject(Dictionary(book.fruits.map { ($0.id, inventory[$0.id]) }, uniquingKeysWith: { first, _ in first }))
        capacity = SortedObject(Dictionary(book.fruits.map { ($0.id, inventory.capacity(of: $0.id)) }, uniquingKeysWith: { first, _ in first }))
        fruits = book.fruits.map(FruitJSON.init)
        orphans = SortedObject(snapshot.orphans)
        makeable = ReceiptJSON.makeable(inventory, book: book)
    }
}

/// What is on the shelf beyond the counts, as JSON: `GET /api/lots` and the `shelf` of `juice stock --json`. The lots
/// with fruit left, first expired first out, and per fruit of the menu what expires today and tomorrow, what has
/// expired and when it was last counted; the API adds the waste reasons with their words.
public struct ShelfJSON: Codable, Sendable, Hashable {
    /// A lot with fruit left.
    public struct LotJSON: Codable, Sendable, Hashable {
        /// The delivery's journal entry.
        public var entry: Int
        /// The fruit.
        public var fruit: String
        /// When it was received (the journal's time).
        public var received: String
        /// How many units came.
        public var quantity: Int
        /// How many are left.
        public var remaining: Int
        /// Its use-by date, `YYYY-MM-DD`, when known.
        public var expires: String?
        /// What one unit cost, in won, when given.
        public var cost: Int?
        /// Who delivered it, when given.
        public var supplier: String?
        /// Whether its use-by date has passed.
        public var expired: Bool
    }

    /// One fruit of the menu on the shelf.
    public struct FruitShelfJSON: Codable, Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// How much of it expires today.
        public var expiresToday: Int
        /// How much expires tomorrow.
        public var expiresTomorrow: Int
        /// How much has passed its use-by date.
        public var expired: Int
        /// When it was last counted (the journal's time); left out when never.
        public var lastCounted: String?
    }

    /// A reason fruit is thrown away, with its words.
    public struct WasteReasonJSON: Codable, Sendable, Hashable {
        /// The reason as `POST /api/waste` and `juice waste --reason` take it (`spoiled`).
        public var reason: String
        /// The reason in the reader's language (`상함`, `Spoiled`).
        public var label: String

        /// `reason` with its `label`.
        public init(_ reason: WasteReason, label: String) {
            self.reason = reason.rawValue
            self.label = label
        }
    }

    /// The shop's local date the shelf is as of.
    public var today: String
    /// Every lot with fruit left: by fruit, then first expired, first out.
    public var lots: [LotJSON]
    /// A line per fruit of the menu, in its order.
    public var fruits: [FruitShelfJSON]
    /// Every waste reason, in the order the page offers them, with its words (the API's).
    public var reasons: [WasteReasonJSON]?

    /// `shelf` with a line per fruit of `book`; with the waste reasons when given.
    public init(_ shelf: Shelf, book: RecipeBook, reasons: [WasteReasonJSON]? = nil) {
        let today = shelf.today.description
        self.today = today
        lots = shelf.lots.map { lot in
            LotJSON(
                entry: lot.entry, fruit: lot.fruit.rawValue, received: lot.received, quantity: lot.quantity, remaining: lot.remaining,
                expires: lot.expires, cost: lot.cost, supplier: lot.supplier, expired: lot.isExpired(today: today))
        }
        fruits = book.fruits.map { fruit in
            FruitShelfJSON(
                fruit: fruit.id.rawValue, expiresToday: shelf.expiring(fruit.id, inDays: 0), expiresTomorrow: shelf.expiring(fruit.id, inDays: 1),
                expired: shelf.expired(fruit.id), lastCounted: shelf.lastCounted[fruit.id])
        }
        self.reasons = reasons
    }
}

/// `juice stock --json`: the stock as `GET /api/stock` answers it, and under `shelf` the shelf as `GET /api/lots` does
/// (without the waste reasons).
public struct StockShowJSON: Codable, Sendable, Hashable {
    /// The stock (its members are this object's own).
    public var stock: StockJSON
    /// The lots, what expires when and the last counts.
    public var shelf: ShelfJSON

    private enum CodingKeys: String, CodingKey { case shelf }

    /// The stock and the shelf.
    public init(stock: StockJSON, shelf: ShelfJSON) {
        self.stock = stock
        self.shelf = shelf
    }

    /// Reads the stock's members and `shelf` from one object.
    public init(from decoder: any Decoder) throws {
        stock = try StockJSON(from: decoder)
        shelf = try decoder.container(keyedBy: CodingKeys.self).decode(ShelfJSON.self, forKey: .shelf)
    }

    /// Writes the stock's members and `shelf` into one object.
    public func encode(to encoder: any Encoder) throws {
        try stock.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shelf, forKey: .shelf)
    }
}
