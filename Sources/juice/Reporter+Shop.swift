import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop

extension Reporter {
    /// Reports a shop error: exit 2 when the request itself is wrong, 1 when the stock or state refuses it, 3 when a
    /// change's outcome is unknown (the connection was lost while it was committed; never reported as refused). A refused
    /// order says so with the original app's words and every short fruit (and, when no restocking can help, why).
    func fail(_ error: ShopError, text: ShopText) -> ExitCode {
        fail(error, text: text, at: nil)
    }

    /// `fail(_:text:)` naming where in an input file the refused value is: the file (nil: standard input) and the
    /// field's path, after the message and as `field` (and `file`) in JSON.
    func fail(_ located: ShopError, text: ShopText, at place: (file: String?, field: String)?) -> ExitCode {
        let error = located.reason
        // What happened (the shop's words), then what to do about it on the command line, unless the place is a file's.
        let said = text(.error(error))
        var message = place == nil ? CommandLineHint.message(said, for: error, language: text.language) : said
        var details = ErrorJSON.details(error, text: text)
        if let place {
            let ko = text.language == .korean
            let file = place.file ?? (ko ? "표준 입력" : "standard input")
            message += ko ? " (\(file)의 \(place.field))" : " (\(place.field) in \(file))"
            details += [("field", .string(place.field))] + (place.file.map { [("file", .string($0))] } ?? [])
        }
        let status: Int32
        if case .state(.outcomeUnknown) = error {
            status = ExitStatus.outcomeUnknown
        } else {
            status = error.category == .request ? ExitStatus.usage : ExitStatus.failure
        }
        var lines: [String]?
        if case .orderRefused(.insufficientStock(let juice, let count, let shortages)) = error {
            let never = text.beyondCapacity(shortages)
            lines =
                (never.isEmpty ? [text(.notEnough)] : [text(.neverMakeable(juice, count: count, fruits: never))])
                + shortages.map { text(.shortage($0)) }
        }
        return failure(kind: error.kind, message: message, details: details, status: status, lines: lines)
    }
}

/// Reports a shop error on standard error (no JSON) and returns its exit status.
func fail(_ error: ShopError, text: ShopText) -> ExitCode {
    Reporter(language: text.language, json: false).fail(error, text: text)
}

/// The details a JSON error object carries beside its kind and message: what failed, by id, and what would fix it.
enum ErrorJSON {
    static func details(_ error: ShopError, text: ShopText) -> [(String, JSONValue)] {
        switch error {
        case .unknownJuice(.unknown(let name, let suggestion)):
            return [("juice", .string(name)), ("suggestion", suggestion.map(JSONValue.string) ?? .null)]
        case .orderRefused(.invalidCount(let count)), .orderRefused(.countTooLarge(let count)):
            return [("count", .int(count))]
        case .orderRefused(.insufficientStock(let juice, let count, let shortages)):
            let short = shortages.map { JSONValue(encoding: ShortageJSON($0, capacity: text.book.store.capacity(of: $0.fruit))) }
            return [
                ("juice", .string(juice.rawValue)), ("count", .int(count)), ("shortages", .array(short)),
                ("restockable", .bool(text.beyondCapacity(shortages).isEmpty)),
            ]
        case .stockRefused(let reason):
            return stock(reason)
        case .undoRefused(let entry, let kind, let reason):
            let cause = JSONValue.object([("kind", .string(ShopError.stockRefused(reason).kind))] + stock(reason))
            return [("entry", .int(entry)), ("entryKind", .string(kind.rawValue)), ("reason", cause)]
        case .state(.outcomeUnknown(let location, let request, _)):
            return [("state", .string(location)), ("request", request.map(JSONValue.string) ?? .null)]
        case .state(let state):
            return [("state", .string(state.path))]
        case .at(_, let reason):
            return details(reason, text: text)
        default:
            return stockRoom(error)
        }
    }

    /// The details of the stock room's and purchasing's errors (what `details` leaves to it; the rest have none).
    private static func stockRoom(_ error: ShopError) -> [(String, JSONValue)] {
        switch error {
        case .duplicateFruit(let fruit), .fruitStillInRecipes(let fruit):
            return [("fruit", .string(fruit.rawValue))]
        case .fruitNotInRecipes(let fruit, let kept):
            return [("fruit", .string(fruit.rawValue)), ("kept", .int(kept))]
        case .invalidQuantity(let fruit, let quantity), .negativeCount(let fruit, let quantity), .negativeCost(let fruit, let quantity):
            return [("fruit", .string(fruit.rawValue)), ("quantity", .int(quantity))]
        case .expiresBeforeDelivery(let fruit, let expires, let received):
            return [("fruit", .string(fruit.rawValue)), ("expires", .string(expires)), ("received", .string(received))]
        case .invalidDate(let value):
            return [("date", .string(value))]
        case .unknownCountSession(let session):
            return [("session", .string(session))]
        case .countSessionApplied(let session, let entry):
            return [("session", .string(session)), ("entry", .int(entry))]
        case .unknownPurchaseOrder(let order):
            return [("order", .int(order))]
        case .purchaseOrderReceived(let order, let entry):
            return [("order", .int(order)), ("entry", .int(entry))]
        case .arrivesBeforeOrderBy(let arrives, let orderBy):
            return [("arrives", .string(arrives.description)), ("orderBy", .string(orderBy.description))]
        case .unknownSupplier(let supplier, let suggestion):
            return [("supplier", .string(supplier)), ("suggestion", suggestion.map(JSONValue.string) ?? .null)]
        default:
            return []  // nothingToUndo, emptyPurchaseOrder: the kind says it all
        }
    }

    private static func stock(_ error: StockError) -> [(String, JSONValue)] {
        switch error {
        case .unknownFruit(let fruit, let suggestion):
            return [("fruit", .string(fruit.rawValue)), ("suggestion", suggestion.map { .string($0.rawValue) } ?? .null)]
        case .negativeAmount(let fruit, let amount):
            return [("fruit", .string(fruit.rawValue)), ("amount", .int(amount))]
        case .belowZero(let fruit, let stock, let result):
            return [("fruit", .string(fruit.rawValue)), ("stock", .int(stock)), ("result", .int(result))]
        case .aboveCapacity(let fruit, let result, let capacity):
            return [("fruit", .string(fruit.rawValue)), ("result", .int(result)), ("capacity", .int(capacity))]
        case .overflow(let fruit):
            return [("fruit", .string(fruit.rawValue))]
        }
    }
}
