import JuiceCore
import JuiceShop

/// `juice status --json`: the recipes, the state and the number of problems; absent values (the built-in set's
/// directory, a state read without error) are `null`, as they always were.
package struct ShopStatusJSON: Encodable, Sendable {
    /// The recipes in use.
    package struct Recipes: Encodable, Sendable {
        var directory: String?
        var builtIn: Bool
        var files: Int, fruits: Int, juices: Int, errors: Int, warnings: Int

        private enum CodingKeys: String, CodingKey { case directory, builtIn, files, fruits, juices, errors, warnings }

        /// Writes the members in this order, `directory` as `null` when built in.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(directory, forKey: .directory)
            try container.encode(builtIn, forKey: .builtIn)
            try container.encode(files, forKey: .files)
            try container.encode(fruits, forKey: .fruits)
            try container.encode(juices, forKey: .juices)
            try container.encode(errors, forKey: .errors)
            try container.encode(warnings, forKey: .warnings)
        }
    }

    /// Why the state could not be read: its kind and the message.
    package struct Problem: Encodable, Sendable {
        var kind: String
        var message: String
    }

    /// The state.
    package struct State: Encodable, Sendable {
        var location: String
        var exists: Bool
        var journalEntries: Int
        var healthy: Bool
        var orphans: SortedObject<Int>
        var error: Problem?

        private enum CodingKeys: String, CodingKey { case location, exists, journalEntries, healthy, orphans, error }

        /// Writes the members in this order, `error` as `null` when there is none.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(location, forKey: .location)
            try container.encode(exists, forKey: .exists)
            try container.encode(journalEntries, forKey: .journalEntries)
            try container.encode(healthy, forKey: .healthy)
            try container.encode(orphans, forKey: .orphans)
            try container.encode(error, forKey: .error)
        }
    }

    /// The recipes.
    package var recipes: Recipes
    /// The state.
    package var state: State
    /// How many problems there are.
    package var problems: Int

    /// `status` as JSON, its error's message in `text`'s language.
    package init(_ status: ShopStatus, text: ShopText) {
        let recipes = status.recipes
        self.recipes = Recipes(
            directory: recipes.directory, builtIn: recipes.directory == nil, files: recipes.files, fruits: recipes.fruits,
            juices: recipes.juices, errors: recipes.errors, warnings: recipes.warnings)
        let state = status.state
        self.state = State(
            location: state.location, exists: state.exists, journalEntries: state.journalEntries, healthy: state.healthy,
            orphans: SortedObject(state.orphans), error: state.error.map { Problem(kind: $0.kind, message: text(.error($0))) })
        problems = status.problems
    }
}
