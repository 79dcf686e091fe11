import Foundation
import JuiceCore
import JuiceRecipes

/// One recipe set the shop serves, as loaded and linted clean.
public struct MenuVersion: Sendable {
    /// The recipe book.
    public var book: RecipeBook
    /// A content hash of the recipe files (hex), the same for byte-identical sets.
    public var version: String
    /// When this set became live.
    public var loadedAt: Date
    /// Warnings the set had (it has no errors, or it would not be live).
    public var warnings: [Diagnostic]

    /// Creates a menu version.
    public init(book: RecipeBook, version: String, loadedAt: Date, warnings: [Diagnostic]) {
        self.book = book
        self.version = version
        self.loadedAt = loadedAt
        self.warnings = warnings
    }
}
