import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceReload
import JuiceShop
import Logging

/// How `juice serve` starts when its recipe directory cannot be served: on the last good recipe set the shop's state
/// keeps (the set the last server accepted), with the directory's problems as the reload status's last attempt, so
/// that a broken edit never takes the shop down, across restarts too. With no kept set, or one that cannot be read or
/// no longer lints clean, it refuses to start as it always did, saying why no last good menu was served.
struct LastGoodStart {
    /// The recipe directory that could not be served.
    let directory: String
    /// How the directory is watched once the server runs.
    let settings: ReloadSettings
    /// Why the directory could not be served.
    let rejected: LiveMenuError
    /// Where the choice is logged.
    let logger: Logger
    /// The language of the reasons in a refusal.
    let language: Language
    /// The shop's clock, which the store it opens journals by.
    let clock: ShopClock

    /// The live menu on the kept set, and the store it was read from (for the server to use); reading never writes
    /// (a state file that does not exist is not created). Throws the refusal, reported, when there is no set to serve.
    func menu(statePath: String, reporter: Reporter) async throws -> (LiveMenu, any ShopStore) {
        let text = ShopText(language: language, book: RecipeBook(fruits: [], juices: [], store: Store()))
        let store: any ShopStore
        let kept: KeptRecipeSet?
        do throws(ShopError) {
            store = try CommandServices.openStore(location: statePath, clock: clock)
            kept = try await store.lastGoodRecipes()
        } catch {
            throw reporter.startFailure(rejected, directory: directory, lastGood: .unreadable(text(.error(error))))
        }
        guard let kept else { throw reporter.startFailure(rejected, directory: directory, lastGood: .noneKept) }
        let files = kept.files.map { RecipeSourceFile(name: $0.name, bytes: $0.bytes) }
        let menu: LiveMenu
        do throws(LiveMenuError) {
            menu = try LiveMenu(directory: directory, settings: settings, lastGood: files, rejected: rejected)
        } catch {
            let errors: Int
            switch error {
            case .invalid(let result): errors = result.errorCount
            case .unreadable: errors = 1
            }
            throw reporter.startFailure(rejected, directory: directory, lastGood: .invalid(errors: errors))
        }
        let live = await menu.current
        if live.version != kept.version {
            logger.warning(
                "the kept recipe files hash to menu version \(live.version.prefix(12)), not \(kept.version.prefix(12)) as the state recorded; they lint clean and are served"
            )
        }
        let problems: [String]
        switch rejected {
        case .unreadable(let reason): problems = [reason.description]
        case .invalid(let result): problems = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        }
        logger.warning(
            """
            the recipes at \(directory) cannot be served; serving the last good menu the state keeps (menu version \
            \(live.version.prefix(12)), \(files.count) file(s), kept \(kept.keptAt)) until they are fixed:
            \(problems.joined(separator: "\n"))
            """,
            metadata: ["version": "\(live.version)", "problems": "\(problems.count)"])
        return (menu, store)
    }
}
