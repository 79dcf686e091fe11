import JuiceCore

/// Turns sales records into daily demand per juice of a menu, each record's juice looked up as orders look juices up
/// (id, name or alias; `NameKey`), names the menu does not know reported at their line.
public struct DemandTally: Sendable {
    private let finder: JuiceFinder
    private var positions: [JuiceID: Int] = [:]
    private var cache: [String: Int?] = [:]
    /// The tally so far.
    public private(set) var demand: DailyDemand
    /// The records naming juices the menu does not have, as errors of the file `name`.
    public private(set) var errors: [HistoryError] = []
    private let name: String

    /// A tally for `book`'s juices (numbered in menu order); errors name the file `name`.
    public init(book: RecipeBook, file name: String) {
        finder = JuiceFinder(book: book)
        for (position, juice) in book.juices.enumerated() { positions[juice.id] = position }
        demand = DailyDemand(juiceCount: book.juices.count)
        self.name = name
    }

    /// Counts `record`, or reports its unknown juice.
    public mutating func add(_ record: SaleRecord) {
        let position: Int?
        if let known = cache[record.juice] {
            position = known
        } else {
            do {
                position = positions[try finder.juice(named: record.juice).id]
            } catch {
                switch error {
                case .unknown(let juice, let suggestion):
                    if errors.count < HistoryReader.maxErrors {
                        errors.append(HistoryError(file: name, line: record.line, column: 1, problem: .unknownJuice(juice, suggestion: suggestion)))
                    }
                }
                position = nil
            }
            cache[record.juice] = position
        }
        if let position { demand.add(record, juice: position) }
    }

    /// The daily demand, from `from` to `to` where given.
    public mutating func finish(from: CivilDate? = nil, to: CivilDate? = nil) -> DailyDemand {
        demand.finish(from: from, to: to)
        return demand
    }
}
