import JuiceCore
import JuicePlanning
import JuiceShop

/// Where the sales a plan, a forecast or a report is made from are read: a history file (CSV or JSON Lines), or a
/// shop's own journal of orders with the orders its stock refused.
package enum SalesSource: Sendable {
    /// The history file at `path`.
    case file(path: String)
    /// The journal of the shop kept in `store`, named `name` in messages (its state's location).
    case shop(any ShopStore, name: String)

    /// What messages name: the file, or the state.
    package var name: String {
        switch self {
        case .file(let path): return path
        case .shop(_, let name): return name
        }
    }

    /// Reads every sale to `body`, in the file's order or (the shop) in time order, as `ShopSales` reads them. Throws
    /// when the file or the state cannot be read, and the history's problems, each at its line and column, in file
    /// order.
    package func read(_ body: (SaleRecord) -> Void) async throws(PlanningFailure) {
        try PlanningFailure.check(try await records(body))
    }

    /// Reads every sale to `body` (see `read(_:)`), the problems `more` gives once read (the records of juices the
    /// menu lacks, say) thrown with the file's own.
    package func read(checking more: () -> [HistoryError], _ body: (SaleRecord) -> Void) async throws(PlanningFailure) {
        let problems = try await records(body)
        try PlanningFailure.check(problems + more())
    }

    /// Reads every sale to `body` (see `read(_:)`); returns the file's problems.
    private func records(_ body: (SaleRecord) -> Void) async throws(PlanningFailure) -> [HistoryError] {
        switch self {
        case .file(let path):
            do { return try HistoryReader.read(path: path, body) } catch { throw .unreadableHistory(error) }
        case .shop(let store, _):
            let records: [SaleRecord]
            do { records = try await ShopSales.read(from: store) } catch { throw .shop(error) }
            for record in records { body(record) }
            return []
        }
    }

    /// The daily demand of `book`'s juices from `first` to `last` (where given), and the orders of the last
    /// `recentDays` days of the history (none when 0): a file without recent orders to keep is read in chunks on
    /// every core, off Swift concurrency's threads.
    package func demand(
        of book: RecipeBook, from first: CivilDate? = nil, to last: CivilDate? = nil, recentDays: Int = 0
    ) async throws(PlanningFailure) -> (demand: DailyDemand, recent: RecentOrders) {
        var recent = RecentOrders(days: recentDays)
        var tally: DemandTally
        if case .file(let path) = self, recentDays == 0 {
            let read = await ComputeThreads.run { () -> Result<(tally: DemandTally, problems: [HistoryError]), HistoryFileError> in
                do throws(HistoryFileError) { return .success(try DemandTally.read(path: path, book: book)) } catch { return .failure(error) }
            }
            let problems: [HistoryError]
            do { (tally, problems) = try read.get() } catch { throw .unreadableHistory(error) }
            try PlanningFailure.check(problems)
        } else {
            var counted = DemandTally(book: book, file: name)
            let problems = try await records { record in
                if let juice = counted.add(record), recentDays > 0 { recent.add(record, juice: juice) }
            }
            try PlanningFailure.check(problems + counted.errors)
            tally = counted
        }
        return (tally.finish(from: first, to: last), recent)
    }
}
