import JuiceCore
import JuiceYAML

/// A value read from a recipe file, with where it was written and how many columns it spans there (for underlining;
/// 32 bits, as drafts hold one per value read).
struct Located<Value> {
    var value: Value
    var location: SourceLocation
    var length: Int32
}

/// A fruit as read from one file, before cross-file validation.
struct FruitDraft {
    var id: Located<FruitID>
    var korean: Located<String>?
    var english: Located<String>?
    var emoji: String?
    var cost: Located<Int>?
    var shelfLife: Located<Int>?
    /// How it is bought (`buy`), as far as it could be read.
    var buy: BuyDraft?
    /// Whether the file has a `buy` for it, read or not (one that could not be read is reported as such, and not
    /// again as a fruit with no way to buy it).
    var writesBuy = false

    /// The names that were written, Korean first.
    var names: [Located<String>] { [korean, english].compactMap { $0 } }

    var fruit: Fruit {
        Fruit(
            id: id.value, name: LocalizedName(korean: korean?.value, english: english?.value), emoji: emoji,
            cost: cost?.value ?? buy?.purchase?.unitCost, shelfLife: shelfLife?.value, buy: buy?.purchase)
    }
}

/// A fruit's `buy` as read: the supplier, the pack (1 when not given) and the pack's price.
struct BuyDraft {
    var supplier: Located<SupplierID>?
    var pack: Located<Int>?
    var price: Located<Int>?

    /// The purchase, when the supplier was read (and the pack, if given).
    var purchase: FruitPurchase? {
        supplier.map { FruitPurchase(supplier: $0.value, pack: pack?.value ?? 1, price: price?.value) }
    }
}

/// A supplier as read from one file, before cross-file validation.
struct SupplierDraft {
    var id: Located<SupplierID>
    var korean: Located<String>?
    var english: Located<String>?
    var leadTime: Located<Int>?
    /// The days listed, nil when `order-days` was not given (every day).
    var orderDays: Located<Set<Weekday>>?
    var minimum: Located<Int>?
    /// The cut-off in minutes from midnight.
    var cutOff: Int?

    var supplier: Supplier {
        Supplier(
            id: id.value, name: LocalizedName(korean: korean?.value, english: english?.value), leadTime: leadTime?.value ?? 0,
            orderDays: orderDays?.value ?? Set(Weekday.allCases), minimum: minimum?.value, cutOff: cutOff)
    }
}

/// A juice as read from one file, before cross-file validation; its recipe holds every ingredient whose amount could
/// be read.
struct JuiceDraft {
    var id: Located<JuiceID>
    var korean: Located<String>?
    var english: Located<String>?
    var aliases: [Located<String>] = []
    var price: Located<Int>?
    var recipe: [Located<Ingredient>] = []
    /// Whether an ingredient was left out of `recipe` (an amount that could not be read, or an unknown fruit).
    var recipeIncomplete = false

    /// The names that were written, Korean first.
    var names: [Located<String>] { [korean, english].compactMap { $0 } }

    var juice: Juice {
        Juice(
            id: id.value, name: LocalizedName(korean: korean?.value, english: english?.value), aliases: aliases.map(\.value),
            price: price?.value, recipe: recipe.map(\.value))
    }
}

/// A fruit and an amount in the store section.
struct FruitAmount {
    var fruit: FruitID
    var amount: Int
}

/// Everything one file contributes to a recipe set.
struct FileContents {
    var fruits: [FruitDraft] = []
    var juices: [JuiceDraft] = []
    var suppliers: [SupplierDraft] = []
    /// What the file's `calendar` declares (closed weekdays and dates, events), each where it was written.
    var closedWeekdays: [Located<Weekday>] = []
    var closedDates: [Located<CivilDate>] = []
    var events: [Located<ShopCalendar.Event>] = []
    /// Fruits named in a recipe with an invalid amount (left out of the recipe, but they count as used).
    var fruitsWithInvalidAmounts: Set<FruitID> = []
    /// Where the file's `fruits` key is.
    var fruitsSection: SourceLocation?
    var defaultCapacity: Located<Int>?
    var capacities: [Located<FruitAmount>] = []
    var stock: [Located<FruitAmount>] = []
}
