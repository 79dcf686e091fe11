import JuiceCore
import JuiceRecipes
import JuiceShop

/// The JSON forms of what shop commands print.
enum ShopJSON {
    /// A journal entry (`JournalEntryJSON`, as the API answers it).
    static func entry(_ entry: JournalEntry) -> JSONValue {
        JSONValue(encoding: JournalEntryJSON(entry))
    }

    /// Count lines: `[{fruit, expected, counted, variance}]` (`CountLineJSON`).
    static func countLines(_ lines: [CountLine]) -> JSONValue {
        .array(lines.map { JSONValue(encoding: CountLineJSON($0)) })
    }

    /// A refused order (`RefusedOrderJSON`, as the API answers it).
    static func refusal(_ refusal: RefusedOrder) -> JSONValue {
        JSONValue(encoding: RefusedOrderJSON(refusal))
    }

    /// A change's receipt (`ReceiptJSON`, as the API answers it, without its message and what the stock makes): the
    /// entry written (left out when nothing changed), for an undo the entry it reverted, for an order of a juice with
    /// a price at `book`'s prices what it charged, and the stock after it.
    static func receipt(_ receipt: ShopReceipt, book: RecipeBook) -> JSONValue {
        JSONValue(encoding: ReceiptJSON(receipt, book: book))
    }
}
