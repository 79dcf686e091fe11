import JuiceCore
import JuiceShop

/// One supplier's next purchase order as a plan gives it in JSON: `juice plan --format json`'s `orders[]`, the staff
/// panel's `GET /api/plan` `plan.orders[]` (with its `sheet`), and what `juice purchase create --from-plan` reads back,
/// all this one type. Only `supplier` and `lines` must be there to read one back (a plan trimmed by hand still reads);
/// the rest are the plan's reasons, always written by a plan. Lines are `PurchaseLineJSON`, as a kept order's are.
package struct PlannedOrderJSON: Codable, Sendable, Hashable {
    /// A name in both languages.
    package struct Name: Codable, Sendable, Hashable {
        /// Korean.
        package var ko: String?
        /// English.
        package var en: String?
    }

    /// An estimate with its 95 % interval.
    package struct Estimate: Codable, Sendable, Hashable {
        /// The estimate.
        package var estimate: Double
        /// The interval's lower end.
        package var lower: Double
        /// The interval's upper end.
        package var upper: Double

        /// `estimate` as JSON.
        package init(_ estimate: ScenarioEstimate) {
            (self.estimate, lower, upper) = (estimate.value, estimate.lower, estimate.upper)
        }
    }

    /// The order raised to the supplier's minimum: its lines and what it would give.
    package struct Raised: Codable, Sendable, Hashable {
        /// Its lines.
        package var lines: [PurchaseLineJSON]
        /// What it costs, in won, when every line's price is known.
        package var total: Int?
        /// The chance every order of its days is served, as far as its fruit decides.
        package var serviceLevel: Estimate?
        /// Units expected to spoil unused.
        package var expectedWaste: Double?
        /// What they cost, in won.
        package var expectedWasteCost: Double?
        /// Its expected profit over its days.
        package var expectedProfit: Double?

        /// `choice` as JSON.
        init(_ choice: PurchasePlan.Choice) {
            lines = choice.lines.map(PurchaseLineJSON.init(planned:))
            total = choice.total
            serviceLevel = Estimate(choice.serviceLevel)
            expectedWaste = choice.expectedWaste
            expectedWasteCost = choice.expectedWasteCost
            expectedProfit = choice.expectedProfit
        }
    }

    /// The supplier's id.
    package var supplier: String
    /// The supplier's names.
    package var name: Name?
    /// The deadline: `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` with the supplier's cut-off.
    package var orderBy: String?
    /// The day it arrives.
    package var arrives: String?
    /// The last day it must cover (the day before the delivery after it).
    package var coversUntil: String?
    /// The days from its arrival to the next one.
    package var protectionDays: Int?
    /// Whole packs per fruit (empty: nothing to order).
    package var lines: [PurchaseLineJSON]
    /// What it costs, in won, when every line's price is known.
    package var total: Int?
    /// The chance every order of its days is served, as far as its fruit decides.
    package var serviceLevel: Estimate?
    /// Units expected to spoil unused.
    package var expectedWaste: Double?
    /// What they cost, in won.
    package var expectedWasteCost: Double?
    /// Its expected profit over its days.
    package var expectedProfit: Double?
    /// The supplier's minimum, in won.
    package var minimum: Int?
    /// Whether it meets the minimum.
    package var minimumMet: Bool?
    /// Below the minimum: the order raised to it.
    package var raised: Raised?
    /// Below the minimum: whether raising it pays (absent without prices and costs).
    package var raisingPays: Bool?
    /// The fruits whose shelf life ends before its days do, with the last day each keeps (keys sorted).
    package var spoilsEarly: SortedObject<String>?
    /// The order as a sheet to send or print, in the reader's language (the staff panel's).
    package var sheet: String?

    /// `order` as planned, the supplier named from `book`; with its `sheet` when given.
    package init(_ order: PurchasePlan.Order, book: RecipeBook, sheet: String? = nil) {
        let window = order.window
        let names = book.supplier(window.supplier)?.name
        supplier = window.supplier.rawValue
        name = Name(ko: names?.korean, en: names?.english)
        orderBy = window.orderBy.description
        arrives = window.arrives.description
        coversUntil = window.coversUntil.description
        protectionDays = window.protectionDays
        let choice = Raised(order.choice)
        lines = choice.lines
        total = choice.total
        serviceLevel = choice.serviceLevel
        expectedWaste = choice.expectedWaste
        expectedWasteCost = choice.expectedWasteCost
        expectedProfit = choice.expectedProfit
        minimum = order.minimum
        minimumMet = order.minimumMet
        raised = order.raised.map(Raised.init)
        raisingPays = order.raisingPays
        spoilsEarly = SortedObject(order.spoilsEarly.mapValues(\.description))
        self.sheet = sheet
    }
}

extension PurchaseLineJSON {
    /// A planned line: its line cost (packs × the pack's price) and, from that, what one unit costs to the nearest
    /// won (what a purchase order kept from the plan records).
    init(planned line: PurchasePlan.Line) {
        let unitCost = line.lineCost.map { line.units > 0 ? ($0 + line.units / 2) / line.units : $0 }
        self.init(fruit: line.fruit.rawValue, packs: line.packs, units: line.units, unitCost: unitCost, lineCost: line.lineCost)
    }
}
