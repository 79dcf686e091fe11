import JuiceCore

/// Suppliers and how each fruit is bought: unknown suppliers, lead times past shelf lives, order days, minimums, fruits
/// on the menu with no way to buy them, costs against pack prices.
extension RecipeValidator {
    /// Every file's suppliers, the first definition of each id kept; then each fruit's `buy` checked against them
    /// (`used`: whether each fruit is used by a juice).
    mutating func checkPurchases(_ files: [FileContents], fruits: [FruitDraft], used: [Bool], store: Store) -> [Supplier] {
        let suppliers = firstDefinitions(files.flatMap(\.suppliers), kind: .supplier, id: \.id)
        var positions: [String: Int] = [:]
        for (position, supplier) in suppliers.enumerated() { positions[supplier.id.value.rawValue] = position }
        // What a full store of each supplier's fruits costs; nil once one of them has no cost.
        var most: [Int?] = Array(repeating: 0, count: suppliers.count)
        var buys: [Int] = Array(repeating: 0, count: suppliers.count)
        for (position, fruit) in fruits.enumerated() {
            let id = fruit.id.value.rawValue
            guard let buy = fruit.buy else {
                if !suppliers.isEmpty, used[position], !fruit.writesBuy, !unreadKeys.contains(id) {
                    report(.noWayToBuy, .noWayToBuy(fruit: id), at: fruit.id, fix: .addBuy(fruit: id))
                }
                continue
            }
            if let cost = fruit.cost, let price = buy.price, let unitCost = buy.purchase?.unitCost, cost.value != unitCost {
                report(
                    .packCostMismatch, .costDisagreesWithPack(fruit: id, cost: cost.value, price: price.value, pack: buy.pack?.value ?? 1),
                    at: cost, fix: .matchPackCost(unitCost))
            }
            guard let supplier = buy.supplier else { continue }
            let name = supplier.value.rawValue
            guard let index = positions[name] else {
                guard !unreadKeys.contains(name) else { continue }
                // Written by its name (가락시장 청과) or with a typo in its id: the id meant.
                let suggestion = NameMatching.suggestion(for: name, amongIDs: suppliers.map { ($0.id.value.rawValue, $0.supplier.name.all) })
                report(
                    .unknownSupplier, .unknownSupplier(name, fruit: id, suggestion: suggestion), at: supplier,
                    fix: suggestion.map { .replace(name, with: $0) } ?? .defineSupplier(name))
                continue
            }
            buys[index] += 1
            let unitCost = fruit.cost?.value ?? buy.purchase?.unitCost
            most[index] = most[index].flatMap { total in unitCost.map { total + $0 * store.capacity(of: fruit.id.value) } }
            if let leadTime = suppliers[index].leadTime, let shelfLife = fruit.shelfLife, leadTime.value > shelfLife.value {
                report(
                    .arrivesSpoiled,
                    .leadTimeBeyondShelfLife(fruit: id, supplier: name, leadTime: leadTime.value, shelfLife: shelfLife.value), at: supplier,
                    notes: [DiagnosticNote(.leadTimeHere(supplier: name, days: leadTime.value), at: leadTime.location)],
                    fix: .fasterSupplier(days: shelfLife.value))
            }
        }
        for (index, supplier) in suppliers.enumerated() {
            if let days = supplier.orderDays, days.value.isEmpty {
                report(.noOrderDay, .noOrderDay(supplier: supplier.id.value.rawValue), at: days, fix: .addOrderDay)
            }
            if let minimum = supplier.minimum, buys[index] > 0, let most = most[index], most < minimum.value {
                report(
                    .unreachableMinimum, .unreachableMinimum(supplier: supplier.id.value.rawValue, minimum: minimum.value, most: most),
                    at: minimum, fix: .lowerMinimum(to: most))
            }
        }
        return suppliers.map(\.supplier)
    }
}
