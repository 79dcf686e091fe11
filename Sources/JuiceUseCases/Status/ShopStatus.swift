import JuiceCore
import JuiceShop

/// What `juice status` finds: the recipes in use and the shop's state, and how many problems they have between them
/// (lint errors, an unreadable or inconsistent state, fruits the recipes no longer have but the state still keeps).
package struct ShopStatus: Sendable {
    /// The recipes in use.
    package struct Recipes: Sendable {
        /// Their directory; nil for the built-in set.
        package var directory: String?
        /// How many files, fruits and juices they hold.
        package var files: Int, fruits: Int, juices: Int
        /// Their lint errors and warnings.
        package var errors: Int, warnings: Int

        /// Recipes of `files` files in `directory` (nil: built in), with `fruits` and `juices`, `errors` and `warnings`.
        package init(directory: String?, files: Int, fruits: Int, juices: Int, errors: Int, warnings: Int) {
            (self.directory, self.files, self.fruits, self.juices, self.errors, self.warnings) = (directory, files, fruits, juices, errors, warnings)
        }
    }

    /// The shop's state.
    package struct State: Sendable {
        /// Where it is (a file, or a `postgres://` URL).
        package var location: String
        /// Whether it exists yet (a new shop's state is made by its first change).
        package var exists: Bool
        /// Its journal's entries.
        package var journalEntries = 0
        /// Whether its stock agrees with its journal (and it could be read).
        package var healthy = true
        /// The fruits it keeps stock of that the recipes no longer have.
        package var orphans: [FruitID: Int] = [:]
        /// Why it could not be read.
        package var error: ShopError?
    }

    /// The recipes.
    package var recipes: Recipes
    /// The state.
    package var state: State

    /// How many problems there are: each lint error, a state that is unreadable or inconsistent, each fruit to retire.
    package var problems: Int { recipes.errors + (state.healthy ? 0 : 1) + state.orphans.count }

    /// The status of `recipes` and of the state at `location`, read through `shop` (nil: the state does not exist
    /// yet); never writes.
    package static func read(recipes: Recipes, location: String, shop: Shop?) async -> ShopStatus {
        var state = State(location: location, exists: shop != nil)
        if let shop {
            do {
                state.journalEntries = try await shop.history().count
                state.healthy = try await shop.checkIntegrity().isHealthy
                state.orphans = try await shop.snapshot().orphans
            } catch {
                state.error = error
                state.healthy = false
            }
        }
        return ShopStatus(recipes: recipes, state: state)
    }
}
