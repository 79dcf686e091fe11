import JuiceCore

/// Why a shop command did nothing; stock and journal are unchanged whenever one is thrown.
public enum ShopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The juice name matched nothing.
    case unknownJuice(JuiceLookupError)
    /// The order was refused: some fruit is short (every one is listed).
    case orderRefused(OrderError)
    /// A stock change was refused.
    case stockRefused(StockError)
    /// One change set the same fruit twice (`stock set mango=5 mango=6`).
    case duplicateFruit(FruitID)
    /// A fruit the recipe book still has cannot be retired.
    case fruitStillInRecipes(FruitID)
    /// A stock change named a fruit the recipe book no longer has but the state keeps `kept` of: retire it instead.
    case fruitNotInRecipes(FruitID, kept: Int)
    /// There is no change left to undo.
    case nothingToUndo
    /// The newest change cannot be undone with the stock as it is now.
    case undoRefused(entry: Int, kind: JournalKind, reason: StockError)
    /// A delivery, waste or count gave a quantity below its least (1 for a delivery or waste, 0 for a count).
    case invalidQuantity(FruitID, Int)
    /// A count below 0: what is on the shelf is 0 or more (its kind is `invalid-quantity`, as any quantity below its
    /// least; its words say what a count must be).
    case negativeCount(FruitID, Int)
    /// A cost below 0 won, of a delivered lot or an ordered unit (its kind is `negative-amount`).
    case negativeCost(FruitID, Int)
    /// A date that is not a date written `YYYY-MM-DD` (or no such day).
    case invalidDate(String)
    /// A delivery's use-by date is before the day it was received.
    case expiresBeforeDelivery(FruitID, expires: String, received: String)
    /// No count session has this id.
    case unknownCountSession(String)
    /// The count session was applied already (by the journal entry `entry`).
    case countSessionApplied(String, entry: Int)
    /// No purchase order has this number.
    case unknownPurchaseOrder(Int)
    /// The purchase order was received already (by the delivery journaled as `entry`).
    case purchaseOrderReceived(Int, entry: Int)
    /// A purchase order, or what came of one, with no lines.
    case emptyPurchaseOrder
    /// A purchase order would arrive before the last day to place it (both `YYYY-MM-DD`).
    case arrivesBeforeOrderBy(arrives: CivilDate, orderBy: CivilDate)
    /// A purchase order's supplier is not in the recipe files (`suppliers:`); `suggestion` is a close id.
    case unknownSupplier(String, suggestion: String?)
    /// The state file could not be used.
    case state(StateError)
    /// `reason`, about the part of the request at `path` (a line's units, an order's arrival day): what the shop
    /// checked there. Its kind, category and message are the reason's; adapters say the place in their own terms.
    indirect case at(FieldPath, ShopError)

    /// This error about the part at `path`: inside a place it already names, that place is `path` followed by it.
    public func at(_ path: FieldPath) -> ShopError {
        if case .at(let inner, let reason) = self { return .at(path.appending(inner), reason) }
        return .at(path, self)
    }

    /// Where in the request the refusal is, when the shop knows.
    public var place: FieldPath? {
        if case .at(let path, _) = self { return path }
        return nil
    }

    /// The refusal itself, without its place.
    public var reason: ShopError {
        if case .at(_, let reason) = self { return reason }
        return self
    }

    /// A readable explanation in English, naming things by id: the shop's own English message (`ShopText`, which
    /// renders it for people in their language, naming fruits by their names), so the English is written once.
    public var description: String {
        ShopText(language: .english, book: RecipeBook(fruits: [], juices: [], store: Store()))(.error(self))
    }

    /// What kind of failure this is, for exit codes and HTTP statuses.
    public var category: ShopErrorCategory {
        switch self {
        case .unknownJuice, .duplicateFruit, .fruitStillInRecipes, .fruitNotInRecipes, .orderRefused(.invalidCount), .orderRefused(.countTooLarge),
            .stockRefused(.unknownFruit), .stockRefused(.negativeAmount), .stockRefused(.overflow), .invalidQuantity, .negativeCount, .negativeCost,
            .expiresBeforeDelivery,
            .unknownCountSession, .invalidDate, .unknownPurchaseOrder, .emptyPurchaseOrder, .unknownSupplier, .arrivesBeforeOrderBy:
            return .request
        case .orderRefused(.insufficientStock), .stockRefused(.belowZero), .stockRefused(.aboveCapacity), .nothingToUndo, .undoRefused,
            .countSessionApplied, .purchaseOrderReceived:
            return .refused
        case .state(.invalidLocation), .state(.postgresNotBuiltIn), .state(.unreachable):
            // The --state / JUICE_STATE value is wrong or names a server that is not there (exit status 2).
            return .request
        case .state:
            return .state
        case .at(_, let reason):
            return reason.category
        }
    }

    /// A stable name for the failure, for scripts (`juice … --json` prints it as `error.kind`); never translated.
    public var kind: String {
        switch self {
        case .unknownJuice: return "unknown-juice"
        case .orderRefused(.invalidCount): return "invalid-count"
        case .orderRefused(.countTooLarge), .stockRefused(.overflow): return "too-large"
        case .orderRefused(.insufficientStock): return "insufficient-stock"
        case .stockRefused(.unknownFruit): return "unknown-fruit"
        case .stockRefused(.negativeAmount): return "negative-amount"
        case .stockRefused(.belowZero): return "below-zero"
        case .stockRefused(.aboveCapacity): return "above-capacity"
        case .duplicateFruit: return "duplicate-fruit"
        case .fruitStillInRecipes: return "fruit-in-recipes"
        case .fruitNotInRecipes: return "fruit-not-in-recipes"
        case .nothingToUndo: return "nothing-to-undo"
        case .undoRefused: return "undo-refused"
        case .negativeCost: return "negative-amount"
        case .invalidQuantity, .negativeCount: return "invalid-quantity"
        case .invalidDate: return "invalid-date"
        case .expiresBeforeDelivery: return "expires-before-delivery"
        case .unknownCountSession: return "unknown-count-session"
        case .countSessionApplied: return "count-session-applied"
        case .unknownPurchaseOrder: return "unknown-purchase-order"
        case .purchaseOrderReceived: return "purchase-order-received"
        case .emptyPurchaseOrder: return "empty-purchase-order"
        case .unknownSupplier: return "unknown-supplier"
        case .arrivesBeforeOrderBy: return "arrives-before-order-by"
        case .state(let error): return error.kind
        case .at(_, let reason): return reason.kind
        }
    }
}

/// The three kinds of failure: the request can never work as asked, the stock refuses it now, or the state is unusable.
public enum ShopErrorCategory: String, Hashable, Sendable {
    /// The request itself is wrong (an unknown name, a bad amount): `juice` exits 2, a server answers 400 or 404.
    case request
    /// The stock or journal does not allow it now (short of fruit, over capacity, nothing to undo): exit 1, HTTP 409.
    case refused
    /// The state cannot be used (unreadable, locked, inconsistent): exit 1, HTTP 503.
    case state
}
