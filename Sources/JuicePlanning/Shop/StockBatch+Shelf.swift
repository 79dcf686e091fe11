import JuiceCore
import JuiceShop

extension StockBatch {
    /// Each of `book`'s fruits' batches (menu order) for a plan from `firstDay`: the `lots` with fruit left, good
    /// through their use-by dates (those past it left out), and what `onHand` holds beyond them, as if bought the day
    /// before `firstDay` (good for the fruit's shelf life). Units on order come from `onOrder` (arriving on its day).
    package static func batches(
        book: RecipeBook, onHand: [Int], lots: [Lot] = [], firstDay: CivilDate, onOrder: [(fruit: FruitID, units: Int, arrives: CivilDate)] = []
    ) -> [[StockBatch]] {
        book.fruits.enumerated().map { index, fruit in
            var batches: [StockBatch] = []
            var inLots = 0
            for lot in lots where lot.fruit == fruit.id && lot.remaining > 0 {
                let lastDay = lot.expires.flatMap { CivilDate(parsing: $0) }.map { $0.dayNumber - firstDay.dayNumber }
                inLots += lot.remaining
                if let lastDay, lastDay < 0 { continue }
                batches.append(StockBatch(units: lot.remaining, lastDay: lastDay))
            }
            let held = index < onHand.count ? onHand[index] : 0
            if held > inLots { batches.append(StockBatch(units: held - inLots, lastDay: fruit.shelfLife.map { max(0, $0 - 2) })) }
            for order in onOrder where order.fruit == fruit.id && order.units > 0 {
                let arrives = max(0, order.arrives.dayNumber - firstDay.dayNumber)
                batches.append(StockBatch(units: order.units, arrives: arrives, lastDay: fruit.shelfLife.map { arrives + max(1, $0) - 1 }))
            }
            return batches
        }
    }

    /// What `orders` (the open purchase orders) still bring, per fruit and line, arriving on the day each says (on
    /// `firstDay` when it says none or a day already past: late, it is expected any moment).
    package static func onOrder(_ orders: [PurchaseOrder], firstDay: CivilDate) -> [(fruit: FruitID, units: Int, arrives: CivilDate)] {
        orders.filter { $0.status == .open }.flatMap { order in
            let arrives = max(firstDay, order.arrives ?? firstDay)
            return order.lines.map { (fruit: $0.fruit, units: $0.units, arrives: arrives) }
        }
    }
}
