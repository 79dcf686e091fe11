import Foundation
import JuiceCore
import JuiceMenuEditing
import JuiceRecipes
import JuiceShop

/// A juice as staff edit it.
struct EditableJuiceBody: Codable, Sendable, Hashable {
    var id: String
    var name: NameJSON
    var aliases: [String]
    var price: Int?
    /// In the order written.
    var recipe: [IngredientJSON]
    /// The file that defines it, relative to the recipe directory.
    var file: String
}

/// A fruit as staff edit it.
struct EditableFruitBody: Codable, Sendable, Hashable {
    var id: String
    var name: NameJSON
    var emoji: String?
    /// Initial stock (`store: stock`); null when it has no entry (it starts at 0).
    var stock: Int?
    var capacity: Int
    var file: String
}

/// Why the menu cannot be edited.
struct NotWritableBody: Codable, Sendable, Hashable {
    /// A stable name: built-in-set, not-a-directory, read-only-mount, permission-denied, directory-unreadable.
    var reason: String
    var message: String
}

/// `GET /api/menu/editable`: the menu as the recipe files on disk define it (its `version` is the `ETag`).
struct EditableMenuBody: Codable, Sendable, Hashable {
    var version: String
    var writable: Bool
    var notWritable: NotWritableBody?
    var files: [String]
    var juices: [EditableJuiceBody]
    var fruits: [EditableFruitBody]
    /// The errors the files on disk have now (the live menu is then the last good one).
    var errors: [DiagnosticBody]

    init(_ menu: EditableMenu, language: Language) {
        version = menu.version
        if case .notWritable(let problem) = menu.access {
            writable = false
            notWritable = NotWritableBody(reason: problem.kind, message: problem.message(in: language))
        } else {
            writable = true
        }
        files = menu.files
        juices = menu.juices.map {
            EditableJuiceBody(
                id: $0.id.rawValue, name: NameJSON($0.name), aliases: $0.aliases, price: $0.price,
                recipe: $0.recipe.map { IngredientJSON(fruit: $0.fruit.rawValue, amount: $0.amount) }, file: $0.file)
        }
        fruits = menu.fruits.map {
            EditableFruitBody(id: $0.id.rawValue, name: NameJSON($0.name), emoji: $0.emoji, stock: $0.stock, capacity: $0.capacity, file: $0.file)
        }
        errors = menu.errors.map { DiagnosticBody($0, language: language) }
    }
}

/// One write of the menu in the edit record.
struct MenuEditBody: Codable, Sendable, Hashable {
    var id: Int
    var at: String
    var session: String
    var summary: String
    var files: [String]
    var diff: String
    var versionBefore: String
    var versionAfter: String
    var undoes: Int?
    var undoneBy: Int?

    init(_ record: MenuEditRecord) {
        id = record.id
        at = record.at.formatted(.iso8601)
        session = record.session
        summary = record.summary
        files = record.files
        diff = record.diff
        versionBefore = record.versionBefore
        versionAfter = record.versionAfter
        undoes = record.undoes
        undoneBy = record.undoneBy
    }
}

/// `GET /api/menu/edits`.
struct MenuEditsBody: Codable, Sendable, Hashable {
    var edits: [MenuEditBody]
}

/// What an accepted edit or undo answers: a message, the new version (also the `ETag`), the record of the write (null
/// when nothing changed), the warnings the edited set has, and the menu after it.
struct MenuEditResultBody: Codable, Sendable, Hashable {
    var message: String
    var version: String
    var edit: MenuEditBody?
    var warnings: [DiagnosticBody]
    var menu: EditableMenuBody?
}
