import JuiceCore

/// A fruit's or juice's names as a change gives them: a language left nil is left as it is.
package struct NameChange: Sendable, Hashable {
    /// The Korean name, or nil to keep it.
    package var korean: String?
    /// The English name, or nil to keep it.
    package var english: String?

    /// Names to write (nil: keep).
    package init(korean: String? = nil, english: String? = nil) {
        self.korean = korean
        self.english = english
    }
}

/// What to change of a juice: every field given is written, every nil one left as it is.
package struct JuiceChange: Sendable, Hashable {
    /// The price in won.
    package var price: Int?
    /// The names.
    package var name: NameChange?
    /// The aliases, the whole list (an empty list removes them).
    package var aliases: [String]?
    /// The recipe, the whole of it: fruits not listed are taken out, new ones added after the others.
    package var recipe: [Ingredient]?

    /// A change of the fields given.
    package init(price: Int? = nil, name: NameChange? = nil, aliases: [String]? = nil, recipe: [Ingredient]? = nil) {
        self.price = price
        self.name = name
        self.aliases = aliases
        self.recipe = recipe
    }
}

/// A juice to add.
package struct NewJuice: Sendable, Hashable {
    /// Its id (a key of `juices`).
    package var id: JuiceID
    /// Its names.
    package var name: NameChange
    /// Its aliases.
    package var aliases: [String]
    /// Its price in won, if it has one.
    package var price: Int?
    /// Its recipe.
    package var recipe: [Ingredient]
    /// The file to add it to, relative to the recipe directory (created when it does not exist); nil: the first file
    /// that holds juices.
    package var file: String?

    /// A juice to add.
    package init(id: JuiceID, name: NameChange, aliases: [String] = [], price: Int? = nil, recipe: [Ingredient], file: String? = nil) {
        self.id = id
        self.name = name
        self.aliases = aliases
        self.price = price
        self.recipe = recipe
        self.file = file
    }
}

/// A fruit to add, with its initial stock and capacity.
package struct NewFruit: Sendable, Hashable {
    /// Its id (a key of `fruits`).
    package var id: FruitID
    /// Its names.
    package var name: NameChange
    /// Its emoji.
    package var emoji: String?
    /// Its initial stock (an entry under `store: stock`).
    package var stock: Int?
    /// Its capacity (an entry under `store: capacity`), when it is not the store's default.
    package var capacity: Int?
    /// The file to add it to, relative to the recipe directory (created when it does not exist); nil: the first file
    /// that holds fruits.
    package var file: String?

    /// A fruit to add.
    package init(id: FruitID, name: NameChange, emoji: String? = nil, stock: Int? = nil, capacity: Int? = nil, file: String? = nil) {
        self.id = id
        self.name = name
        self.emoji = emoji
        self.stock = stock
        self.capacity = capacity
        self.file = file
    }
}

/// What to change of a fruit: every field given is written, every nil one left as it is.
package struct FruitChange: Sendable, Hashable {
    /// The names.
    package var name: NameChange?
    /// The emoji.
    package var emoji: String?
    /// The initial stock.
    package var stock: Int?
    /// The capacity.
    package var capacity: Int?

    /// A change of the fields given.
    package init(name: NameChange? = nil, emoji: String? = nil, stock: Int? = nil, capacity: Int? = nil) {
        self.name = name
        self.emoji = emoji
        self.stock = stock
        self.capacity = capacity
    }
}

/// One change of the menu, as staff ask for it.
package enum MenuChange: Sendable, Hashable {
    /// Change a juice's price, names, aliases or recipe.
    case changeJuice(JuiceID, JuiceChange)
    /// Add a juice.
    case addJuice(NewJuice)
    /// Remove a juice.
    case removeJuice(JuiceID)
    /// Add a fruit.
    case addFruit(NewFruit)
    /// Change a fruit's names, emoji, initial stock or capacity.
    case changeFruit(FruitID, FruitChange)

    /// The change in a few words, for the edit record (`price`, `add juice mango-juice`…).
    package var summary: String {
        switch self {
        case .changeJuice(let id, let change):
            let fields = [
                change.price.map { _ in "price" }, change.name.map { _ in "name" }, change.aliases.map { _ in "aliases" },
                change.recipe.map { _ in "recipe" },
            ].compactMap { $0 }
            return "change juice \(id.rawValue): \(fields.joined(separator: ", "))"
        case .addJuice(let juice): return "add juice \(juice.id.rawValue)"
        case .removeJuice(let id): return "remove juice \(id.rawValue)"
        case .addFruit(let fruit): return "add fruit \(fruit.id.rawValue)"
        case .changeFruit(let id, let change):
            let fields = [
                change.name.map { _ in "name" }, change.emoji.map { _ in "emoji" }, change.stock.map { _ in "stock" },
                change.capacity.map { _ in "capacity" },
            ].compactMap { $0 }
            return "change fruit \(id.rawValue): \(fields.joined(separator: ", "))"
        }
    }
}
