import Foundation
import JuiceCore
import JuiceRecipes
import JuiceReload
import JuiceShop
import JuiceUseCases

/// `GET /api/menu`: the menu's version, the stock as `GET /api/stock` has it (without the orphans and what each juice
/// makes, which each juice carries) and every juice with what the stock allows now.
struct MenuBody: Codable, Sendable, Hashable {
    var version: String
    var loadedAt: String
    var fruits: [FruitJSON]
    var stock: SortedObject<Int>
    var capacity: SortedObject<Int>
    var juices: [MenuJuiceJSON]

    init(_ version: MenuVersion, menu: ShopActions.Menu) {
        self.version = version.version
        loadedAt = version.loadedAt.formatted(.iso8601)
        let stock = StockJSON(menu.snapshot, book: version.book)
        (fruits, self.stock, capacity) = (stock.fruits, stock.stock, stock.capacity)
        juices = menu.entries.map { MenuJuiceJSON($0.juice, availability: $0.availability) }
    }
}

/// `GET /api/orders/{request}`: the order made under that request id.
struct OrderLookupBody: Codable, Sendable, Hashable {
    var request: String
    var entry: JournalEntryJSON
}

extension JournalEntryJSON {
    /// `entry` with its `label` and `reasonLabel` in `language`, juices named from `book`.
    init(_ entry: JournalEntry, labelledFrom book: RecipeBook, in language: Language) {
        self.init(entry)
        label = JournalLabelText.label(of: entry, book: book, in: language)
        reasonLabel = entry.detail?.reason.map { JournalLabelText.label(of: $0, book: book, in: language) }
    }
}

/// `GET /api/history`.
struct HistoryBody: Codable, Sendable, Hashable {
    var entries: [JournalEntryJSON]
}

/// `GET /api/refusals`.
struct RefusalsBody: Codable, Sendable, Hashable {
    var refusals: [RefusedOrderJSON]
}

/// A recipe problem with its place.
struct DiagnosticBody: Codable, Sendable, Hashable {
    var severity: String
    var rule: String
    var message: String
    /// `file:line:column`.
    var location: String
    var file: String
    var line: Int
    var column: Int
    var fix: String?

    /// The diagnostic with its message and fix in `language`.
    init(_ diagnostic: Diagnostic, language: Language) {
        severity = diagnostic.severity.rawValue
        rule = diagnostic.rule.rawValue
        message = diagnostic.message(in: language)
        location = diagnostic.location.description
        file = diagnostic.location.file
        line = diagnostic.location.line
        column = diagnostic.location.column
        fix = diagnostic.fix(in: language)
    }
}

/// One reload attempt.
struct AttemptBody: Codable, Sendable, Hashable {
    var at: String
    var result: String
    var diagnostics: [DiagnosticBody]
    var changes: [String]

    /// The attempt, its diagnostics in `language`.
    init(_ attempt: ReloadAttempt, language: Language) {
        at = attempt.at.formatted(.iso8601)
        result = attempt.result.rawValue
        diagnostics = attempt.diagnostics.map { DiagnosticBody($0, language: language) }
        changes = attempt.changes
    }
}

/// `GET /api/reload`, and what `POST /api/reload` answers with.
struct ReloadBody: Codable, Sendable, Hashable {
    var version: String
    var loadedAt: String
    var lastAttempt: AttemptBody?

    /// The reload state, the diagnostics in `language`.
    init(_ status: ReloadStatus, language: Language) {
        version = status.version
        loadedAt = status.loadedAt.formatted(.iso8601)
        lastAttempt = status.lastAttempt.map { AttemptBody($0, language: language) }
    }
}

/// The `menu` event: which menu is live and how the attempt that caused the event ended (no diagnostics: staff
/// read them from `GET /api/reload`).
struct MenuEventBody: Codable, Sendable, Hashable {
    var version: String
    var result: String
}
