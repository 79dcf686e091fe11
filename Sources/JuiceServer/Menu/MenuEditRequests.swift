import Foundation
import JuiceCore
import JuiceMenuEditing

/// Names in a request: `{"ko": …, "en": …}`, either may be left out.
struct NameRequest: Decodable, Sendable {
    var change: NameChange

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["ko", "en"])
        change = NameChange(
            korean: try container.optional(String.self, "ko"),
            english: try container.optional(String.self, "en"))
    }
}

/// The largest price, stock, capacity or amount the recipe format allows.
let menuQuantityLimit = 1_000_000_000

extension KeyedDecodingContainer where Key == AnyKey {
    /// The value at `key`, or nil when the key is absent; `null` is a wrong type, not an absent field.
    func optional<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        contains(AnyKey(key)) ? try decode(T.self, forKey: AnyKey(key)) : nil
    }

    /// The integer at `key` within `range`, or nil when the key is absent.
    func quantity(_ key: String, range: ClosedRange<Int>) throws -> Int? {
        guard contains(AnyKey(key)) else { return nil }
        let value = try decodeInteger(key)
        guard range.contains(value) else { throw APIError.outOfRange(field: fieldPath(codingPath + [AnyKey(key)]), value: value, range: range) }
        return value
    }

    /// A recipe, `{fruit: amount}`, in fruit id order (a JSON object has none of its own), or nil when absent.
    func recipe(_ key: String) throws -> [Ingredient]? {
        guard contains(AnyKey(key)) else { return nil }
        let amounts = try nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
        return try amounts.allKeys.map(\.stringValue).sorted().map { fruit in
            let amount = try amounts.decodeInteger(fruit)
            guard (1...menuQuantityLimit).contains(amount) else {
                throw APIError.outOfRange(field: fieldPath(amounts.codingPath + [AnyKey(fruit)]), value: amount, range: 1...menuQuantityLimit)
            }
            return Ingredient(fruit: FruitID(fruit), amount: amount)
        }
    }
}

/// `PATCH /api/menu/juices/{id}`: any of `price`, `name`, `aliases`, `recipe`.
struct JuicePatchRequest: Decodable, Sendable {
    var change: JuiceChange

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["price", "name", "aliases", "recipe"])
        change = JuiceChange(
            price: try container.quantity("price", range: 0...menuQuantityLimit),
            name: try container.optional(NameRequest.self, "name")?.change,
            aliases: try container.optional([String].self, "aliases"),
            recipe: try container.recipe("recipe"))
    }
}

/// `POST /api/menu/juices`: `id`, `name`, `recipe`, and optionally `aliases`, `price`, `file`.
struct NewJuiceRequest: Decodable, Sendable {
    var juice: NewJuice

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["id", "name", "aliases", "price", "recipe", "file"])
        let id = try container.decode(String.self, forKey: AnyKey("id"))
        let name = try container.decode(NameRequest.self, forKey: AnyKey("name")).change
        guard let recipe = try container.recipe("recipe") else { throw APIError.missingField("recipe") }
        juice = NewJuice(
            id: JuiceID(id), name: name, aliases: try container.optional([String].self, "aliases") ?? [],
            price: try container.quantity("price", range: 0...menuQuantityLimit), recipe: recipe,
            file: try container.optional(String.self, "file"))
    }
}

/// `POST /api/menu/fruits`: `id`, `name`, and optionally `emoji`, `stock`, `capacity`, `file`.
struct NewFruitRequest: Decodable, Sendable {
    var fruit: NewFruit

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["id", "name", "emoji", "stock", "capacity", "file"])
        fruit = NewFruit(
            id: FruitID(try container.decode(String.self, forKey: AnyKey("id"))),
            name: try container.decode(NameRequest.self, forKey: AnyKey("name")).change,
            emoji: try container.optional(String.self, "emoji"),
            stock: try container.quantity("stock", range: 0...menuQuantityLimit),
            capacity: try container.quantity("capacity", range: 0...menuQuantityLimit),
            file: try container.optional(String.self, "file"))
    }
}

/// `PATCH /api/menu/fruits/{id}`: any of `name`, `emoji`, `stock`, `capacity`.
struct FruitPatchRequest: Decodable, Sendable {
    var change: FruitChange

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try container.rejectUnknownKeys(allowed: ["name", "emoji", "stock", "capacity"])
        change = FruitChange(
            name: try container.optional(NameRequest.self, "name")?.change,
            emoji: try container.optional(String.self, "emoji"),
            stock: try container.quantity("stock", range: 0...menuQuantityLimit),
            capacity: try container.quantity("capacity", range: 0...menuQuantityLimit))
    }
}
