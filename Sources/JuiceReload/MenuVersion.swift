import Foundation
import JuiceCore
import JuiceRecipes

/// One recipe set the shop serves, as loaded and linted clean.
package struct MenuVersion: Sendable {
    /// The recipe book.
    package var book: RecipeBook
    /// A content hash of the recipe files (hex), the same for byte-identical sets.
    package var version: String
    /// When this set became live.
    package var loadedAt: Date
    /// Warnings the set had (it has no errors, or it would not be live).
    package var warnings: [Diagnostic]
    /// The recipe files as they were read, in load order, named relative to the recipe directory (what a store keeps
    /// as the last good set; `version` is their content hash).
    package var files: [RecipeSourceFile]
    /// Where the menu came from: the recipe directory, or the last good set the state kept.
    package var origin: Origin

    /// Where a live menu came from.
    package enum Origin: String, Sendable {
        /// The recipe directory (or the built-in set), read and linted clean.
        case directory
        /// The last good set the shop's state kept, served because the directory's set could not be.
        case lastGood
    }

    /// Creates a menu version.
    package init(
        book: RecipeBook, version: String, loadedAt: Date, warnings: [Diagnostic], files: [RecipeSourceFile] = [],
        origin: Origin = .directory
    ) {
        self.book = book
        self.version = version
        self.loadedAt = loadedAt
        self.warnings = warnings
        self.files = files
        self.origin = origin
    }
}
