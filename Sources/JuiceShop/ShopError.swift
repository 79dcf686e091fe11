import JuiceCore

/// Why a shop command did nothing; stock and journal are unchanged whenever one is thrown.
public enum ShopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The juice name matched nothing.
    case unknownJuice(JuiceLookupError)
    /// The order was refused: some fruit is short (every one is listed).
    case orderRefused(OrderError)
    /// A stock change was refused.
    case stockRefused(StockError)
    /// There is no change left to undo.
    case nothingToUndo
    /// The newest change cannot be undone with the stock as it is now.
    case undoRefused(entry: Int, kind: JournalKind, reason: StockError)
    /// The state file could not be used.
    case state(StateError)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .unknownJuice(let error): return error.description
        case .orderRefused(let error): return error.description
        case .stockRefused(let error): return error.description
        case .nothingToUndo: return "there is no change to undo"
        case .undoRefused(let entry, let kind, let reason):
            return "cannot undo change #\(entry) (\(kind.rawValue)): \(reason)"
        case .state(let error): return error.description
        }
    }
}
