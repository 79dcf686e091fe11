import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceReload
import JuiceServer
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
        let store: any ShopStore
        let lastGood: LastGoodMenu
        do throws(ShopError) { store = try CommandServices.openStore(location: statePath, clock: clock) } catch {
            throw failure(.unreadable(error), reporter: reporter)
        }
        do throws(LastGoodMenuFailure) {
            lastGood = try await LastGoodMenu.read(from: store, directory: directory, settings: settings, rejected: rejected)
        } catch {
            throw failure(error, reporter: reporter)
        }
        let (version, kept) = (lastGood.version, lastGood.kept)
        if version != kept.version {
            logger.warning(
                "the kept recipe files hash to menu version \(version.prefix(12)), not \(kept.version.prefix(12)) as the state recorded; they lint clean and are served"
            )
        }
        let problems = rejected.problems
        logger.warning(
            """
            the recipes at \(directory) cannot be served; serving the last good menu the state keeps (menu version \
            \(version.prefix(12)), \(kept.files.count) file(s), kept \(kept.keptAt)) until they are fixed:
            \(problems.joined(separator: "\n"))
            """,
            metadata: ["version": "\(version)", "problems": "\(problems.count)"])
        return (lastGood.menu, store)
    }

    /// The refusal to start, reported: the directory's problem and why no last good menu was served.
    private func failure(_ failure: LastGoodMenuFailure, reporter: Reporter) -> ExitCode {
        let lastGood: LastGoodMenuProblem
        switch failure {
        case .unreadable(let error):
            let text = ShopText(language: language, book: RecipeBook(fruits: [], juices: [], store: Store()))
            lastGood = .unreadable(text(.error(error)))
        case .noneKept: lastGood = .noneKept
        case .invalid(let errors): lastGood = .invalid(errors: errors)
        }
        return reporter.startFailure(rejected, directory: directory, lastGood: lastGood)
    }
}
