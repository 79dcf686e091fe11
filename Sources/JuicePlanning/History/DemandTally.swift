import JuiceCore
import JuiceFileReading

/// Looks up the juices a history names as orders look juices up (id, name or alias; `NameKey`), once per distinct
/// name; a name the menu does not know is reported at every line that uses it (up to `HistoryReader.maxErrors`).
package struct HistoryJuices: Sendable {
    private let book: RecipeBook
    private let finder: JuiceFinder
    private var positions: [JuiceID: Int] = [:]
    /// Each name looked up, by its bytes: its place in `lookups`.
    private var cache = NameTable()
    /// What each name in `cache` gave: the juice's position, or the problem of a name the menu does not know.
    private var lookups: [Result<Int, Unknown>] = []
    /// A name the menu does not know, with the problem reported for it.
    private struct Unknown: Error { var problem: HistoryProblem }
    private let name: String
    /// The names the menu does not know, as errors of the file.
    package internal(set) var errors: [HistoryError] = []

    /// Look-ups in `book`; errors name the file `name`.
    package init(book: RecipeBook, file name: String) {
        self.book = book
        finder = JuiceFinder(book: book)
        for (position, juice) in book.juices.enumerated() { positions[juice.id] = position }
        self.name = name
    }

    /// The position in the menu of `record`'s juice, or nil (reported) when the menu does not have it.
    package mutating func position(of record: SaleRecord) -> Int? {
        var written = record.juice
        let found = written.withUTF8 { bytes in
            if let known = cache.value(of: bytes) { return lookups[Int(known)] }
            let found: Result<Int, Unknown>
            do throws(JuiceLookupError) {
                let juice = try finder.juice(named: record.juice)
                found = positions[juice.id].map { .success($0) } ?? .failure(Unknown(problem: .unknownJuice(record.juice, suggestion: nil)))
            } catch {
                switch error {
                case .unknown(let juice, let suggestion): found = .failure(Unknown(problem: .unknownJuice(juice, suggestion: suggestion)))
                }
            }
            // A name the table does not hold (empty, or huge) is looked up again each time.
            if cache.add(bytes, value: Int32(lookups.count)) { lookups.append(found) }
            return found
        }
        switch found {
        case .success(let position): return position
        case .failure(let unknown):
            if errors.count < HistoryReader.maxErrors {
                errors.append(HistoryError(file: name, line: record.line, column: 1, problem: unknown.problem))
            }
            return nil
        }
    }

    /// `record`'s juice, or nil (reported).
    package mutating func juice(of record: SaleRecord) -> Juice? {
        position(of: record).map { book.juices[$0] }
    }
}

extension HistoryJuices {
    /// Adds `other`'s problems (the same file's, read by another worker) to these, in file order, the first
    /// `HistoryReader.maxErrors`.
    mutating func merge(_ other: HistoryJuices) {
        errors = HistoryReader.mergedInFileOrder([errors, other.errors])
    }
}

/// Turns sales records into daily demand per juice of a menu.
package struct DemandTally: Sendable {
    private var juices: HistoryJuices
    /// The tally so far.
    package private(set) var demand: DailyDemand
    /// The shop's calendar, which the finished days are read through (`DailyDemand.apply`).
    private let calendar: ShopCalendar

    /// A tally for `book`'s juices (numbered in menu order); errors name the file `name`.
    package init(book: RecipeBook, file name: String) {
        juices = HistoryJuices(book: book, file: name)
        demand = DailyDemand(juiceCount: book.juices.count)
        calendar = book.calendar
    }

    /// The records naming juices the menu does not have.
    package var errors: [HistoryError] { juices.errors }

    /// Counts `record`, or reports its unknown juice; returns the juice's position in the menu when it has one.
    @discardableResult package mutating func add(_ record: SaleRecord) -> Int? {
        guard let position = juices.position(of: record) else { return nil }
        demand.add(record, juice: position)
        return position
    }

    /// Reads the history file at `path` into a tally of `book`'s juices, its chunks side by side on `workers`
    /// threads (`HistoryReader.read(path:workers:chunkSize:makeSink:add:)`); the file's problems come back with it
    /// (the records' and the unknown juices'), in file order, empty when there were none.
    package static func read(
        path: String, book: RecipeBook, workers: Int = HistoryReader.cores, chunkSize: Int = 1 << 20
    ) throws(HistoryFileError) -> (tally: DemandTally, problems: [HistoryError]) {
        let (tallies, problems) = try HistoryReader.read(
            path: path, workers: workers, chunkSize: chunkSize, makeSink: { DemandTally(book: book, file: path) }, add: { $0.add($1) })
        var tally = DemandTally(book: book, file: path)
        for other in tallies {
            tally.demand.merge(other.demand)
            tally.juices.merge(other.juices)
        }
        return (tally, problems + tally.errors)
    }

    /// The daily demand, from `from` to `to` where given.
    package mutating func finish(from: CivilDate? = nil, to: CivilDate? = nil) -> DailyDemand {
        demand.finish(from: from, to: to)
        demand.apply(calendar)
        return demand
    }
}
