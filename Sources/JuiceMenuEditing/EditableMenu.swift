import JuiceCore
import JuiceRecipeText
import JuiceRecipes

/// The menu as staff edit it: what the recipe files on disk define, each thing with the file that defines it, the
/// set's version, and whether edits can be written.
package struct EditableMenu: Sendable {
    /// A juice as the files define it.
    package struct Juice: Sendable, Hashable {
        /// Its id.
        package var id: JuiceID
        /// Its names.
        package var name: LocalizedName
        /// Its aliases.
        package var aliases: [String]
        /// Its price in won, if it has one.
        package var price: Int?
        /// Its recipe, in the order written.
        package var recipe: [Ingredient]
        /// The file that defines it, relative to the recipe directory.
        package var file: String
    }

    /// A fruit as the files define it, with its initial stock and capacity.
    package struct Fruit: Sendable, Hashable {
        /// Its id.
        package var id: FruitID
        /// Its names.
        package var name: LocalizedName
        /// Its emoji.
        package var emoji: String?
        /// Its initial stock (`store: stock`), nil when it has no entry (it starts at 0).
        package var stock: Int?
        /// Its capacity (its own entry, else the store's number, else 100).
        package var capacity: Int
        /// The file that defines it, relative to the recipe directory.
        package var file: String
    }

    /// The version of the set on disk (the content hash the live menu uses): the `ETag`.
    package var version: String
    /// Whether edits can be written, and why not.
    package var access: RecipeDirectoryAccess
    /// The juices, in load order.
    package var juices: [Juice]
    /// The fruits, in load order.
    package var fruits: [Fruit]
    /// The recipe files, relative to the directory, in load order.
    package var files: [String]
    /// The errors the set on disk has now (an edit is accepted only when the edited set has none).
    package var errors: [Diagnostic]

    /// The menu the files `files` (named relative to the directory) define.
    init(files: [RecipeSourceFile], result: RecipeLoadResult, errors: [Diagnostic], version: String, access: RecipeDirectoryAccess) {
        let editor = MenuTextEditor(files: files, book: result.book)
        let book = result.book
        self.version = version
        self.access = access
        self.errors = errors
        self.files = files.map(\.name)
        juices = book.juices.map { juice in
            Juice(
                id: juice.id, name: juice.name, aliases: juice.aliases, price: juice.price, recipe: juice.recipe,
                file: editor.entry(.juice, juice.id.rawValue)?.0.file ?? "")
        }
        fruits = book.fruits.map { fruit in
            Fruit(
                id: fruit.id, name: fruit.name, emoji: fruit.emoji, stock: book.store.initialStock[fruit.id],
                capacity: book.store.capacity(of: fruit.id), file: editor.entry(.fruit, fruit.id.rawValue)?.0.file ?? "")
        }
    }
}

/// What an accepted edit or undo did.
package struct MenuEditOutcome: Sendable {
    /// The record of the write; nil when the change left every file as it was (nothing was written).
    package var record: MenuEditRecord?
    /// The menu version after it (the new `ETag`).
    package var version: String
    /// The warnings the edited set has (it has no errors).
    package var warnings: [Diagnostic]
    /// Why the record of the write could not be appended to the record file, if it could not (it is kept in memory).
    package var recordNotKept: SystemReason? = nil
}
