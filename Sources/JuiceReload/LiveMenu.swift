import Foundation
import JuiceCore
import JuiceRecipes

// SKELETON (lead, session 5): the API the server is written against. The reload engineer fills in the bodies
// (marked "to do") and may add members; the signatures below are the contract with the server.

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

/// What one reload attempt did.
public struct ReloadAttempt: Sendable {
    /// How an attempt ended.
    public enum Result: String, Sendable, Codable {
        /// A new set with no errors replaced the live menu.
        case applied
        /// The set on disk is identical to the live one; nothing changed.
        case unchanged
        /// The set on disk has errors (or could not be read); the last good menu stays live.
        case rejected
    }

    /// When the attempt finished.
    public var at: Date
    /// How it ended.
    public var result: Result
    /// The problems found (errors when rejected; warnings otherwise).
    public var diagnostics: [Diagnostic]
    /// What changed, in plain words, one line each (empty unless applied).
    public var changes: [String]
}

/// The reload state the server reports at `GET /api/reload`.
public struct ReloadStatus: Sendable {
    /// The live menu's version.
    public var version: String
    /// When the live menu was loaded.
    public var loadedAt: Date
    /// The last attempt, if any was made since start.
    public var lastAttempt: ReloadAttempt?
}

/// The live menu: loaded from a recipe directory, replaced atomically by validated reloads, watched for edits.
public actor LiveMenu {
    /// The menu being served; a request reads it once and finishes on that version.
    public private(set) var current: MenuVersion

    /// Loads the recipe set at `directory` (nil: `recipes/` if present, else the built-in set); throws when the set
    /// cannot be read or has errors, so that a server never starts on a broken menu.
    public init(directory: String?) throws {
        // to do (reload engineer)
        throw CocoaError(.featureUnsupported)
    }

    /// The reload state.
    public func status() -> ReloadStatus {
        ReloadStatus(version: current.version, loadedAt: current.loadedAt, lastAttempt: nil)
    }

    /// Reads and lints the set on disk now; replaces the live menu only when it has no errors and differs.
    @discardableResult
    public func reload() -> ReloadAttempt {
        // to do (reload engineer)
        ReloadAttempt(at: Date(), result: .unchanged, diagnostics: [], changes: [])
    }

    /// Every menu that becomes live from now on (for the server's `menu` events), and every attempt's result.
    public func updates() -> AsyncStream<ReloadAttempt> {
        // to do (reload engineer)
        AsyncStream { $0.finish() }
    }

    /// Watches the directory (inotify, polling fallback) and reloads after edits, until the task is cancelled.
    public func watch() async {
        // to do (reload engineer)
    }
}
