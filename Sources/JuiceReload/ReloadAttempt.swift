import Foundation
import JuiceCore
import JuiceRecipes

/// What one reload attempt did.
package struct ReloadAttempt: Sendable {
    /// How an attempt ended.
    package enum Result: String, Sendable, Codable, CaseIterable {
        /// A new set with no errors replaced the live menu.
        case applied
        /// The set on disk is identical to the live one; nothing changed.
        case unchanged
        /// The set on disk has errors (or could not be read); the last good menu stays live.
        case rejected
    }

    /// When the attempt finished.
    package var at: Date
    /// How it ended.
    package var result: Result
    /// The problems found (errors when rejected; warnings otherwise).
    package var diagnostics: [Diagnostic]
    /// What changed, in plain words, one line each (empty unless applied).
    package var changes: [String]
    /// The version live after the attempt (the new one when applied, else the one that stayed).
    package var version: String
    /// The version of the set on disk, when it could be read (differs from `version` when rejected).
    package var attemptedVersion: String?
    /// What changed, for programs (nil unless applied).
    package var menuChanges: MenuChanges?
    /// Why the set could not be read at all (a missing directory, no recipe files), when that is why it was rejected.
    package var failure: RecipeSourceError?
    /// The book that became live (nil unless applied).
    package var book: RecipeBook?
    /// The book it replaced (nil unless applied).
    package var replacedBook: RecipeBook?

    /// Creates an attempt record.
    package init(
        at: Date, result: Result, diagnostics: [Diagnostic], changes: [String], version: String,
        attemptedVersion: String? = nil, menuChanges: MenuChanges? = nil, failure: RecipeSourceError? = nil,
        book: RecipeBook? = nil, replacedBook: RecipeBook? = nil
    ) {
        self.at = at
        self.result = result
        self.diagnostics = diagnostics
        self.changes = changes
        self.version = version
        self.attemptedVersion = attemptedVersion
        self.menuChanges = menuChanges
        self.failure = failure
        self.book = book
        self.replacedBook = replacedBook
    }

    /// The errors that made the attempt fail (empty unless rejected).
    package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The attempt as log lines in plain words: the outcome, then each change or each error at file:line:column.
    package var logLines: [String] {
        switch result {
        case .applied:
            return ["recipe reload applied: menu version \(version.prefix(12))"] + (changes.isEmpty ? ["no change to what the menu sells"] : changes)
        case .unchanged:
            return ["recipe reload: the recipe files are unchanged (menu version \(version.prefix(12)))"]
        case .rejected:
            let reason = failure.map { [$0.description] } ?? errors.map(\.description)
            return ["recipe reload rejected; the last good menu (version \(version.prefix(12))) stays live:"] + reason
        }
    }
}
