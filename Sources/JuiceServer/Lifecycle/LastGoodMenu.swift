import JuiceRecipes
import JuiceReload
import JuiceShop

/// Why a server whose recipe directory cannot be served cannot start on the last good recipe set either.
package enum LastGoodMenuFailure: Error, Sendable {
    /// The state could not be read.
    case unreadable(ShopError)
    /// The state keeps no set (a new shop, or one no server has opened since sets were kept).
    case noneKept
    /// The kept set has `errors` errors under this JuiceMaker's rules.
    case invalid(errors: Int)
}

/// The last good recipe set the shop's state keeps, served as the live menu while the directory cannot be: a broken
/// edit never takes the shop down, across restarts too (`juice serve`).
package struct LastGoodMenu: Sendable {
    /// The live menu on the kept set, watching the directory for a fix (its last attempt is the directory's problems).
    package var menu: LiveMenu
    /// The set as the state keeps it.
    package var kept: KeptRecipeSet
    /// The version the kept files hash to now, which differs from the one the state recorded when this JuiceMaker
    /// reads them otherwise (they still lint clean, and are served).
    package var version: String

    /// Reads the kept set from `store` and makes it the live menu for `directory`, which was `rejected`; reading never
    /// writes.
    package static func read(
        from store: any ShopStore, directory: String, settings: ReloadSettings, rejected: LiveMenuError
    ) async throws(LastGoodMenuFailure) -> LastGoodMenu {
        let found: KeptRecipeSet?
        do throws(ShopError) { found = try await store.lastGoodRecipes() } catch { throw .unreadable(error) }
        guard let kept = found else { throw .noneKept }
        let files = kept.files.map { RecipeSourceFile(name: $0.name, bytes: $0.bytes) }
        let menu: LiveMenu
        do throws(LiveMenuError) {
            menu = try LiveMenu(directory: directory, settings: settings, lastGood: files, rejected: rejected)
        } catch {
            switch error {
            case .invalid(let result): throw .invalid(errors: result.errorCount)
            case .unreadable: throw .invalid(errors: 1)
            }
        }
        return LastGoodMenu(menu: menu, kept: kept, version: await menu.current.version)
    }
}

extension LiveMenuError {
    /// The problems that kept a directory from being served, a line each: its errors, or why it could not be read.
    package var problems: [String] {
        switch self {
        case .unreadable(let reason): return [reason.description]
        case .invalid(let result): return result.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
    }
}
