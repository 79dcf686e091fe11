import Foundation
import JuiceCore
import JuiceSimulation
import Testing

@testable import JuicePlanning

/// The shop's calendar in planning: closed days are neither demand nor history, events their factor; backtests skip
/// closed days; the report flags likely closures.
@Suite struct CalendarPlanningTests {
    /// Banana juice, two bananas each; bananas keep 2 days.
    static func book(calendar: ShopCalendar = ShopCalendar()) -> RecipeBook {
        RecipeBook(
            fruits: [Fruit(id: "banana", name: LocalizedName(korean: "바나나", english: "Banana"), shelfLife: 2)],
            juices: [
                Juice(
                    id: "banana-juice", name: LocalizedName(korean: "바나나쥬스", english: "Banana Juice"),
                    recipe: [Ingredient(fruit: "banana", amount: 2)])
            ],
            store: Store(defaultCapacity: 1_000, initialStock: ["banana": 5]), calendar: calendar)
    }

    /// 2026-06-01 is a Monday.
    static let first = CivilDate(year: 2026, month: 6, day: 1) ?? CivilDate(dayNumber: 0)

    /// `weeks` weeks of 10 juices a day, one an hour from 10:00, but on Sundays (closed: no record at all).
    static func records(weeks: Int, skipping: Set<Int> = []) -> [SaleRecord] {
        (0..<(weeks * 7)).filter { Weekday(first.adding(days: $0)) != .sunday && !skipping.contains($0) }.flatMap { day in
            (0..<10).map {
                SaleRecord(time: SaleTime(date: first.adding(days: day), secondOfDay: 36_000 + $0 * 3_600), juice: "banana-juice", count: 1)
            }
        }
    }

    static func demand(_ records: [SaleRecord], book: RecipeBook) -> DailyDemand {
        var tally = DemandTally(book: book, file: "")
        for record in records { tally.add(record) }
        return tally.finish()
    }

    @Test("a closed day takes a usual day's place, an event day counts as a usual one")
    func history() throws {
        let holiday = Self.first.adding(days: 16)  // a Wednesday
        let party = Self.first.adding(days: 17)
        let calendar = ShopCalendar(closedWeekdays: [.sunday], closedDates: [holiday], events: [.init(date: party, factor: 2)])
        var records = Self.records(weeks: 4, skipping: [16])
        records += (0..<10).map { SaleRecord(time: SaleTime(date: party, secondOfDay: 60_000 + $0), juice: "banana-juice", count: 1) }
        let plain = Self.demand(records, book: Self.book())
        #expect(plain.demand[0][6] == 0 && plain.demand[0][16] == 0 && plain.demand[0][17] == 20, "without a calendar: zeros and a busy day")
        let read = Self.demand(records, book: Self.book(calendar: calendar))
        #expect(read.demand[0][6] == 10, "a closed Sunday with no open Sunday before it: the last open days' mean")
        #expect(read.demand[0][16] == 10, "a closed Wednesday: the Wednesdays before it")
        #expect(read.demand[0][17] == 10, "the party's 20 at a factor of 2")
        #expect(read.isClosed(day: 6) && read.isClosed(day: 16) && !read.isClosed(day: 17))
        #expect(read.demand[0].allSatisfy { $0 == 10 })
    }

    @Test("forecasts are not dragged down by closed days; a closed day is forecast nothing, an event its factor")
    func forecast() throws {
        let weeks = 8
        let records = Self.records(weeks: weeks)
        let ahead = Self.first.adding(days: weeks * 7)  // a Monday
        let event = ahead.adding(days: 2)
        let calendar = ShopCalendar(closedWeekdays: [.sunday], events: [.init(date: event, factor: 1.5)])
        let book = Self.book(calendar: calendar)
        let run = ForecastRun(book: book, demand: Self.demand(records, book: book), horizon: 7, choice: .model(.ses), level: 0.9, backtestDays: nil)
        let mean = try #require(run.juices.first?.forecast.mean)
        #expect(run.firstDay == ahead, "the history ends on a Saturday and Sunday is closed: Monday comes next")
        #expect(abs(mean[0] - 10) < 0.5, "\(mean)")
        #expect(abs(mean[2] - 15) < 0.75, "the event: 1.5 times a usual day (\(mean))")
        #expect(mean[6] == 0, "Sunday: closed")
        let plain = ForecastRun(
            book: Self.book(), demand: Self.demand(records, book: Self.book()), horizon: 7, choice: .model(.ses), level: 0.9, backtestDays: nil)
        #expect(plain.firstDay == ahead.adding(days: -1), "without a calendar the day after the last sale")
        #expect(try #require(plain.juices.first?.forecast.mean.first) < 9.5, "without the calendar the Sundays' zeros drag it down")
    }

    @Test("a plan is for the next day the shop opens; a closed day within its days needs nothing; an event day more")
    func plan() throws {
        let records = Self.records(weeks: 6)
        let next = Self.first.adding(days: 6 * 7)  // a Monday (the last sale is on a Saturday; Sunday is closed)
        func plan(_ calendar: ShopCalendar, horizon: Int = 1) throws -> StockPlanReport {
            let book = Self.book(calendar: calendar)
            let settings = SalesPlanSettings(objective: .serviceLevel(0.9), horizon: horizon, scenarios: 2_000)
            return try #require(
                SalesPlanning.plan(Self.demand(records, book: book), planner: StockPlanner(book: book), settings: settings, onHand: [0]))
        }
        let usual = try plan(ShopCalendar(closedWeekdays: [.sunday]))
        #expect(usual.firstDay == next)
        #expect(usual.plan.fruits[0].level >= 20)
        let holiday = try plan(ShopCalendar(closedWeekdays: [.sunday], closedDates: [next]))
        #expect(holiday.firstDay == next.adding(days: 1), "Monday closed too: Tuesday")
        // Two days, the second closed: what one day needs (bananas keep two days, so none is bought for it).
        let twoDays = try plan(ShopCalendar(closedWeekdays: [.sunday], closedDates: [next.adding(days: 1)]), horizon: 2)
        #expect(twoDays.plan.fruits[0].level == usual.plan.fruits[0].level)
        let busy = try plan(ShopCalendar(closedWeekdays: [.sunday], events: [.init(date: next, factor: 2)]))
        #expect(busy.plan.fruits[0].level > usual.plan.fruits[0].level)
    }

    @Test("a calendar that closes every day: forecasts and plans of nothing, said so, and no crash")
    func closedEveryDay() throws {
        let records = Self.records(weeks: 3)
        let book = Self.book(calendar: ShopCalendar(closedWeekdays: Set(Weekday.allCases)))
        let demand = Self.demand(records, book: book)
        #expect(demand.demand[0].allSatisfy { $0 == 0 } && (0..<demand.dayCount).allSatisfy { demand.isClosed(day: $0) })
        let run = ForecastRun(book: book, demand: demand, horizon: 3, choice: .auto, level: 0.9, backtestDays: 7)
        #expect(run.juices.allSatisfy { $0.forecast.mean == [0, 0, 0] && $0.accuracy?.days == 0 })
        #expect(run.calendarDays.closed.count == 3)
        let text = ForecastRenderer(language: .english).render(run, as: .text)
        #expect(text.contains("Closed (calendar): "), "\(text)")
        let settings = SalesPlanSettings(objective: .serviceLevel(0.9), horizon: 2, scenarios: 1_000)
        let plan = try #require(SalesPlanning.plan(demand, planner: StockPlanner(book: book), settings: settings, onHand: [0]))
        #expect(plan.plan.fruits[0].level == 0 && plan.plan.fruits[0].toBuy == 0)
        let backtest = try #require(
            SalesPlanning.recentPromise(records: records, book: book, settings: settings, before: Self.first.adding(days: 21), days: 14))
        #expect(backtest.days.isEmpty)
    }

    @Test("backtests skip the days the calendar closes")
    func backtest() throws {
        let records = Self.records(weeks: 6)
        let book = Self.book(calendar: ShopCalendar(closedWeekdays: [.sunday]))
        let settings = SalesPlanSettings(objective: .serviceLevel(0.9), scenarios: 1_000)
        let today = Self.first.adding(days: 6 * 7)
        let backtest = try #require(SalesPlanning.recentPromise(records: records, book: book, settings: settings, before: today, days: 28))
        #expect(backtest.days.count == 28 - 4, "four Sundays left out")
        #expect(backtest.days.allSatisfy { Weekday($0.date) != .sunday })
        #expect(backtest.achievedServiceLevel >= 0.9, "ten a day, every open day: \(backtest.achievedServiceLevel)")
        let plain = try #require(SalesPlanning.recentPromise(records: records, book: Self.book(), settings: settings, before: today, days: 28))
        #expect(plain.days.count == 27 || plain.days.count == 28, "without a calendar every day is replayed")
    }

    @Test("the report lists the calendar's closed days, and flags a day with no sale on a weekday that usually sells")
    func report() throws {
        let missing = 9  // the second Wednesday
        let records = Self.records(weeks: 5, skipping: [missing])
        func report(_ calendar: ShopCalendar) -> SalesReport {
            let book = Self.book(calendar: calendar)
            var report = SalesReport(book: book, grouping: .day)
            var juices = HistoryJuices(book: book, file: "")
            for record in records {
                guard let juice = juices.position(of: record) else { continue }
                report.add(juiceAt: juice, count: record.count, result: record.result, at: record.time)
            }
            report.finish()
            return report
        }
        let plain = report(ShopCalendar())
        // Without a calendar: the missing Wednesday, and every Sunday but the last (which ends no period: the last sale
        // is on Saturday), since no Sunday sells, are likely closures only where the weekday usually sells.
        #expect(plain.likelyClosedDays == [Self.first.adding(days: missing)])
        #expect(plain.closedDays.isEmpty)
        let declared = report(ShopCalendar(closedWeekdays: [.sunday], closedDates: [Self.first.adding(days: missing)]))
        #expect(declared.likelyClosedDays.isEmpty)
        #expect(declared.closedDays.count == 5, "four Sundays and the Wednesday")
        let text = SalesReportRenderer(book: Self.book(), language: .english).render(plain, as: .text)
        #expect(text.contains("Likely closed (no sale at all, on a weekday that usually sells): 2026-06-10."))
        let korean = SalesReportRenderer(book: Self.book(), language: .korean).render(declared, as: .text)
        #expect(korean.contains("쉬는 날 (달력): 2026-06-07, 2026-06-10, 2026-06-14, 2026-06-21, 2026-06-28"))
    }
}
