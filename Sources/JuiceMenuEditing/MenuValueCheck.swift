import JuiceCore
import JuiceRecipes

/// Why a value of a menu edit was refused before anything was read or written (`MenuEditError.invalidValue`).
package enum MenuValueProblem: Sendable, Hashable {
    /// An id made only of dots (`..`): no URL can name it.
    case onlyDots(String)
    /// A value of `length` characters (Unicode scalars), more than `maximum`.
    case tooLong(length: Int, maximum: Int)
}

extension MenuChange {
    /// Throws `invalidValue` for the first value the change gives that the recipe format refuses whatever the files
    /// hold: an id of dots only or longer than `RecipeLimits.maxIDLength` (as `juice lint` refuses them: `invalid-id`),
    /// a name, alias or emoji longer than `RecipeLimits.maxNameLength`. Said up front, so that an over-long id is not
    /// written into YAML that libyaml then cannot read (it allows a key at most 1,024 characters).
    ///
    /// Fields are named as the request names them: `id`, `name.ko`, `aliases[2]`, `recipe`, `emoji`.
    package func checkValues() throws(MenuEditError) {
        switch self {
        case .addJuice(let juice):
            try Self.checkID(juice.id.rawValue, field: "id")
            try Self.checkNames(juice.name, aliases: juice.aliases)
            try Self.checkRecipe(juice.recipe)
        case .changeJuice(_, let change):
            if let name = change.name { try Self.checkNames(name, aliases: []) }
            try Self.checkNames(NameChange(), aliases: change.aliases ?? [])
            try Self.checkRecipe(change.recipe ?? [])
        case .addFruit(let fruit):
            try Self.checkID(fruit.id.rawValue, field: "id")
            try Self.checkNames(fruit.name, aliases: [])
            try Self.checkLength(fruit.emoji, field: "emoji", maximum: RecipeLimits.maxNameLength)
        case .changeFruit(_, let change):
            if let name = change.name { try Self.checkNames(name, aliases: []) }
            try Self.checkLength(change.emoji, field: "emoji", maximum: RecipeLimits.maxNameLength)
        case .removeJuice:
            break
        }
    }

    private static func checkID(_ id: String, field: String) throws(MenuEditError) {
        if RecipeLimits.isOnlyDots(id) { throw .invalidValue(field: field, problem: .onlyDots(id)) }
        try checkLength(id, field: field, maximum: RecipeLimits.maxIDLength)
    }

    private static func checkNames(_ name: NameChange, aliases: [String]) throws(MenuEditError) {
        try checkLength(name.korean, field: "name.ko", maximum: RecipeLimits.maxNameLength)
        try checkLength(name.english, field: "name.en", maximum: RecipeLimits.maxNameLength)
        for (index, alias) in aliases.enumerated() {
            try checkLength(alias, field: "aliases[\(index)]", maximum: RecipeLimits.maxNameLength)
        }
    }

    /// A recipe's fruit ids are keys too (`recipe: {banana: 2}`).
    private static func checkRecipe(_ recipe: [Ingredient]) throws(MenuEditError) {
        for ingredient in recipe { try checkID(ingredient.fruit.rawValue, field: "recipe") }
    }

    private static func checkLength(_ value: String?, field: String, maximum: Int) throws(MenuEditError) {
        guard let length = value?.unicodeScalars.count, length > maximum else { return }
        throw .invalidValue(field: field, problem: .tooLong(length: length, maximum: maximum))
    }
}
