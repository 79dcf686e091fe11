import JuiceCore
import JuiceSimulation

/// The last days of a history replayed with the suppliers as they are: orders placed on order days only, arriving
/// after the lead time in whole packs, fruit spoiling after its use-by date, the recorded orders served in time order
/// all or nothing. Replayed once with each order planned by simulation from the days before it, and once under each
/// rule of thumb, on the same days.
package struct PurchaseBacktest: Sendable {
    /// The replay under the plan.
    package var plan: PurchaseReplay
    /// The replays under the rules of thumb (par levels, min/max), in that order.
    package var rules: [PurchaseReplay]
    /// For each rule, the plan replayed again aiming at the service level the rule achieved (nil when that is below
    /// 50 %, or the plan is for profit): whether the plan gets as much service with less waste.
    package var matched: [PurchaseReplay?]

    /// Whether the plan beats rule `index`: as asked, or aiming at the service level the rule achieved.
    package func planBeats(rule index: Int) -> Bool {
        plan.beats(rules[index]) || (matched[index]?.beats(rules[index]) ?? false)
    }

    /// The days before the scored ones replayed first, so that every way of ordering starts from its own stock.
    package static let warmUp = 14

    /// Replays the last `orders.count` days of `series` (each juice's daily demand, menu order), scoring the last
    /// `scored` of them (the days before are a warm-up from empty shelves); `orders[k]` is the k-th day's recorded
    /// orders in time order. Days before a replayed day are all its orders are planned from.
    package init(
        series: [[Double]], orders: [[(juice: Int, count: Int)]], scored: Int, firstDay: CivilDate, purchaser: PurchasePlanner,
        objective: PlanObjective, choice: ModelChoice, scenarios: Int, seed: UInt64
    ) {
        let total = series.first?.count ?? 0
        let context = ReplayContext(series: series, firstDay: firstDay, purchaser: purchaser, start: total - orders.count, scoredFrom: total - scored)
        var planned = context.replay(.plan, orders: orders) { day, state in
            context.planned(day: day, state: state, objective: objective, choice: choice, scenarios: scenarios, seed: seed)
        }
        planned.rule = .plan
        plan = planned
        let rules = [PurchaseRule.parLevels, .minMax].map { rule in
            context.replay(rule, orders: orders) { day, state in context.ruleOfThumb(rule, day: day, state: state) }
        }
        self.rules = rules
        matched = rules.map { rule in
            guard case .serviceLevel = objective, rule.days > 0 else { return nil }
            let target = min(0.999, (rule.achievedServiceLevel * 1000).rounded(.down) / 1000)
            guard target >= 0.5 else { return nil }
            var replay = context.replay(.plan, orders: orders) { day, state in
                context.planned(day: day, state: state, objective: .serviceLevel(target), choice: choice, scenarios: scenarios, seed: seed)
            }
            replay.target = target
            return replay
        }
    }
}

/// Stock and orders in transit while days are replayed.
struct ReplayState {
    /// Each bought fruit's lots, good through a series index (nil: it keeps), used first expired, first out.
    var lots: [FirstExpiredFirstOut<Int>]
    /// Deliveries on their way: (day it arrives, bought fruit, units).
    var pending: [(day: Int, fruit: Int, units: Int)] = []

    /// What bought fruit `p` holds.
    func onHand(_ p: Int) -> Int { lots[p].units }
    /// What is on its way of bought fruit `p`.
    func onOrder(_ p: Int) -> Int { pending.filter { $0.fruit == p }.reduce(0) { $0 + $1.units } }
}

/// What every replay of a backtest shares: the history, the fruit each day used, the suppliers.
struct ReplayContext {
    let series: [[Double]]
    let firstDay: CivilDate
    let purchaser: PurchasePlanner
    /// The first day replayed and the first day scored (series indices).
    let start: Int
    let scoredFrom: Int
    /// Each bought fruit's use by day (from the juices' demand through the recipes).
    let usage: [[Double]]
    let closed: [Bool]

    init(series: [[Double]], firstDay: CivilDate, purchaser: PurchasePlanner, start: Int, scoredFrom: Int) {
        self.series = series
        self.firstDay = firstDay
        self.purchaser = purchaser
        self.start = max(1, start)
        self.scoredFrom = scoredFrom
        let menu = purchaser.planner.menu
        let days = series.first?.count ?? 0
        var use = [[Double]](repeating: [Double](repeating: 0, count: days), count: menu.fruits.count)
        for juice in menu.juices.indices where juice < series.count {
            for item in menu.recipeStart[juice]..<menu.recipeStart[juice + 1] {
                for day in 0..<days { use[menu.ingredientFruit[item]][day] += series[juice][day] * Double(menu.ingredientAmount[item]) }
            }
        }
        usage = purchaser.bought.map { use[$0.fruit] }
        closed = purchaser.planner.calendar.closedFlags(from: firstDay, count: days)
    }

    func date(_ day: Int) -> CivilDate { firstDay.adding(days: day) }

    /// Whether supplier `s` takes orders on day `day`.
    func ordersOn(_ s: Int, day: Int) -> Bool { purchaser.suppliers[s].orderDays.contains(Weekday(date(day))) }

    /// Replays the days of `orders` (the last of the series), `decide` giving each day's orders (units per bought
    /// fruit, for the suppliers that take orders that day; 0 elsewhere).
    func replay(_ rule: PurchaseRule, orders: [[(juice: Int, count: Int)]], decide: (Int, ReplayState) -> [Int]) -> PurchaseReplay {
        let menu = purchaser.planner.menu
        let bought = purchaser.bought
        var state = ReplayState(lots: Array(repeating: FirstExpiredFirstOut(), count: bought.count))
        var result = PurchaseReplay(rule: rule, days: 0, daysAllServed: 0, demanded: 0, served: 0, waste: 0, wasteCost: 0, spend: 0, orders: 0)
        let total = series.first?.count ?? 0
        func receive(_ p: Int, units: Int, on day: Int) {
            state.lots[p].add(units, lastDay: bought[p].shelfLife.map { day + max(1, $0) - 1 })
        }
        for (offset, dayOrders) in orders.enumerated() {
            let day = total - orders.count + offset
            guard day >= start else { continue }
            // Deliveries due today arrive before the shop opens.
            for delivery in state.pending where delivery.day <= day { receive(delivery.fruit, units: delivery.units, on: day) }
            state.pending.removeAll { $0.day <= day }
            let ordering = purchaser.suppliers.indices.filter { ordersOn($0, day: day) }
            if !ordering.isEmpty {
                let units = decide(day, state)
                for s in ordering {
                    let lead = max(0, purchaser.suppliers[s].leadTime)
                    var placed = false
                    for (p, item) in bought.enumerated() where item.supplier == s && units[p] > 0 {
                        result.spend += units[p] / item.pack * (item.packPrice ?? 0)
                        placed = true
                        if lead == 0 { receive(p, units: units[p], on: day) } else { state.pending.append((day + lead, p, units[p])) }
                    }
                    if placed { result.orders += 1 }
                }
            }
            // The day's orders, all or nothing (fruit no supplier sells never runs short), taken from the lots first
            // expired, first out.
            var opening = [Int](repeating: .max, count: menu.fruits.count)
            for (p, item) in bought.enumerated() { opening[item.fruit] = state.onHand(p) }
            let outcome = ServedOrders(dayOrders, from: opening, menu: menu)
            for (p, item) in bought.enumerated() { state.lots[p].take(opening[item.fruit] - outcome.left[item.fruit]) }
            let (demanded, served) = (outcome.demanded, outcome.served)
            // What keeps no longer spoils tonight.
            for p in bought.indices {
                let spoiled = state.lots[p].expire(through: day)
                result.waste += spoiled
                result.wasteCost += Int((Double(spoiled) * (bought[p].unitCost ?? 0)).rounded())
            }
            guard day >= scoredFrom, !(day < closed.count && closed[day]) else { continue }
            result.days += 1
            result.demanded += demanded
            result.served += served
            if served == demanded { result.daysAllServed += 1 }
        }
        return result
    }

    /// The plan's orders on `day`, from the days before it and the stock as it stands.
    func planned(day: Int, state: ReplayState, objective: PlanObjective, choice: ModelChoice, scenarios: Int, seed: UInt64) -> [Int] {
        let today = date(day)
        let windows = purchaser.windows(at: ShopMoment(date: today, minuteOfDay: 0), firstDay: today)
        var outlook = DemandOutlook(
            series: series.map { Array($0[..<day]) }, horizon: purchaser.days(for: windows, from: today), choice: choice,
            closed: Array(closed.prefix(day)))
        outlook.apply(purchaser.planner.calendar, from: today)
        var stock = [[StockBatch]](repeating: [], count: purchaser.planner.menu.fruits.count)
        for (p, item) in purchaser.bought.enumerated() {
            stock[item.fruit] = state.lots[p].lots.map { StockBatch(units: $0.units, lastDay: $0.lastDay.map { $0 - day }) }
            for delivery in state.pending where delivery.fruit == p {
                let arrives = delivery.day - day
                stock[item.fruit].append(
                    StockBatch(units: delivery.units, arrives: arrives, lastDay: item.shelfLife.map { arrives + max(1, $0) - 1 }))
            }
        }
        let plan = purchaser.plan(
            outlook, windows: windows, firstDay: today, stock: stock, objective: objective, scenarios: scenarios, seed: seed &+ UInt64(day))
        var units = [Int](repeating: 0, count: purchaser.bought.count)
        for (s, order) in plan.orders.enumerated() where order.window.orderDate == today {
            var lines = order.choice.lines
            if !order.minimumMet {
                // Below the minimum the supplier takes nothing: raise it, unless the simulation shows that does not pay.
                lines = order.raisingPays == false ? [] : (order.raised?.lines ?? [])
            }
            for line in lines {
                if let p = purchaser.bought.indices.first(where: {
                    purchaser.bought[$0].supplier == s && purchaser.planner.menu.fruits[purchaser.bought[$0].fruit] == line.fruit
                }) {
                    units[p] = line.units
                }
            }
        }
        return units
    }

    /// The mean use of bought fruit `p` on the last four open days before `day` that fall on `target`'s weekday.
    func sameWeekdayMean(_ p: Int, target: Int, before day: Int) -> Double {
        guard !(target < closed.count && closed[target]) else { return 0 }
        var candidate = day - 1
        while candidate >= 0, (candidate - target) % 7 != 0 { candidate -= 1 }
        var values: [Double] = []
        while candidate >= 0, values.count < 4 {
            if !(candidate < closed.count && closed[candidate]) { values.append(usage[p][candidate]) }
            candidate -= 7
        }
        return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    /// The orders a rule of thumb places on `day`.
    func ruleOfThumb(_ rule: PurchaseRule, day: Int, state: ReplayState) -> [Int] {
        let today = date(day)
        var units = [Int](repeating: 0, count: purchaser.bought.count)
        for (s, supplier) in purchaser.suppliers.enumerated() where ordersOn(s, day: day) {
            guard let window = OrderWindow(supplier, at: ShopMoment(date: today, minuteOfDay: 0), firstDay: today) else { continue }
            let arrives = window.arrives.dayNumber - firstDay.dayNumber
            let next = window.nextArrival.dayNumber - firstDay.dayNumber
            let mine = purchaser.bought.indices.filter { purchaser.bought[$0].supplier == s }
            for p in mine {
                let item = purchaser.bought[p]
                let position = Double(state.onHand(p) + state.onOrder(p))
                var order = 0.0
                switch rule {
                case .parLevels:
                    let par = 1.2 * (arrives..<min(next, arrives + 28)).reduce(0.0) { $0 + sameWeekdayMean(p, target: $1, before: day) }
                    // (At most four weeks ahead: a lead time beyond that is a mistake lint reports.)
                    let before = (day..<min(arrives, day + 28)).reduce(0.0) { $0 + sameWeekdayMean(p, target: $1, before: day) }
                    order = par - max(0, position - before)
                case .minMax:
                    let recent = (max(0, day - 28)..<day).filter { !($0 < closed.count && closed[$0]) }.map { usage[p][$0] }
                    guard !recent.isEmpty else { continue }
                    let mean = recent.reduce(0, +) / Double(recent.count)
                    let spread = (recent.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(1, recent.count - 1))).squareRoot()
                    let cover = Double(max(0, arrives - day) + window.protectionDays)
                    let minimum = mean * cover + 1.65 * spread * cover.squareRoot()
                    let maximum = minimum + mean * Double(window.protectionDays)
                    order = position <= minimum ? maximum - position : 0
                case .plan: order = 0
                }
                units[p] = order > 0 ? min(Int(order.rounded(.up)), Int.max / 2).roundedUp(to: item.pack) : 0
            }
            // Below the supplier's minimum: top the largest line up, a pack at a time, as the rules' users do.
            if let minimum = supplier.minimum, let largest = mine.max(by: { units[$0] < units[$1] }), units[largest] > 0 {
                func total() -> Int { mine.reduce(0) { $0 + units[$1] / purchaser.bought[$1].pack * (purchaser.bought[$1].packPrice ?? 0) } }
                var steps = 0
                while total() < minimum, (purchaser.bought[largest].packPrice ?? 0) > 0, steps < 10_000 {
                    units[largest] += purchaser.bought[largest].pack
                    steps += 1
                }
            }
        }
        return units
    }
}
