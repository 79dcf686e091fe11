import JuiceCore
import JuicePlanning
import JuiceShop

/// Why a plan, a forecast or a report could not be made, one case each; the adapters say it in their own terms (the
/// command line names its options, the server its request).
package enum PlanningFailure: Error, Sendable {
    /// The history file is not there, or cannot be read.
    case unreadableHistory(HistoryFileError)
    /// The history has problems, each at its line and column, in file order.
    case historyProblems([HistoryError])
    /// The shop's state could not be read.
    case shop(ShopError)
    /// The sales (named `source`) hold no day to plan or forecast from.
    case noSales(source: String)
    /// The profit objective needs every fruit's cost and every juice's price: these have none.
    case profitNeedsCosts(fruits: [FruitID], juices: [JuiceID])

    /// Throws `problems`, sorted by line and column, unless there are none.
    static func check(_ problems: [HistoryError]) throws(PlanningFailure) {
        guard !problems.isEmpty else { return }
        throw .historyProblems(problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }
}
