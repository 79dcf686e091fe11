import Foundation
import JuiceCore
import JuiceRecipes
import Testing

@testable import JuicePlanning

/// A generated history whose closed days are known (`HistoryGenerator.closedDays()`), read with and without a
/// calendar that declares them: declared, they do not drag forecasts down, and backtests skip them.
@Suite struct CalendarHistoryTests {
    /// The default menu, every juice's demand of the generator's plain kind, 10 % of days closed.
    struct History {
        let generator: HistoryGenerator
        let book: RecipeBook
        let declared: RecipeBook
        let records: [SaleRecord]
        let closed: Set<CivilDate>

        init(days: Int = 182, seed: UInt64 = 5) {
            var book = RecipeLoader().load(files: DefaultRecipes.files).book
            book.store = Store(defaultCapacity: 100_000)
            var generator = HistoryGenerator(juices: book.juices.map(\.id.rawValue), days: days, seed: seed, stockoutChance: 0)
            generator.properties = HistoryGenerator.Properties(closedChance: 0.1)
            self.generator = generator
            self.book = book
            records = generator.records()
            closed = Set(generator.closedDays())
            var declared = book
            declared.calendar = ShopCalendar(closedDates: closed)
            self.declared = declared
        }

        func demand(_ book: RecipeBook) -> DailyDemand {
            var tally = DemandTally(book: book, file: "generated")
            for record in records { tally.add(record) }
            return tally.finish()
        }

        /// The true expected demand of every juice over `count` days from `first` (the regular juices only, as
        /// `regular` gives their positions).
        func truth(from first: CivilDate, count: Int, juices regular: [Int]) -> Double {
            (0..<count).reduce(0) { total, offset in
                let day = first.adding(days: offset).dayNumber - generator.start.dayNumber
                let weekday = first.adding(days: offset).weekday
                return total + regular.reduce(0) { $0 + generator.truths[$1].expected(day: day, weekday: weekday) }
            }
        }
    }

    @Test("declared closed days do not drag the forecast down; undeclared, their zeros do")
    func forecastNotDraggedDown() throws {
        let history = History()
        #expect((10...30).contains(history.closed.count), "about a tenth of 182 days: \(history.closed.count)")
        // The juices sold every day (every fourth is intermittent).
        let generator = history.generator
        let regular = generator.truths.indices.filter { generator.truths[$0].saleChance == 1 }
        // Each open day of the last 98 forecast from the days before it (one step ahead), against the truth.
        func oneStep(_ book: RecipeBook, model: ForecastModel) throws -> Double {
            let demand = history.demand(book)
            let first = try #require(demand.firstDay)
            var forecast = 0.0
            var truth = 0.0
            for juice in regular {
                let series = demand.demand[juice]
                for (offset, guess) in Backtest.forecasts(series, model: model, days: 98).enumerated() {
                    let date = first.adding(days: series.count - 98 + offset)
                    let day = date.dayNumber - generator.start.dayNumber
                    guard day < generator.days, !history.closed.contains(date) else { continue }
                    forecast += guess
                    truth += generator.truths[juice].expected(day: day, weekday: date.weekday)
                }
            }
            return forecast / truth
        }
        for model in [ForecastModel.window, .ses, .holtWinters] {
            let declared = try oneStep(history.declared, model: model)
            let plain = try oneStep(history.book, model: model)
            #expect(abs(declared - 1) < 0.05, "\(model), declared: \(declared) of the truth")
            #expect(plain < declared - 0.03, "\(model), undeclared: \(plain) of the truth (declared \(declared))")
        }
        // The forecast ahead, from the whole history.
        let run = ForecastRun(
            book: history.declared, demand: history.demand(history.declared), horizon: 14, choice: .model(.holtWinters), level: 0.9,
            backtestDays: nil)
        let total = regular.reduce(0) { $0 + run.juices[$1].forecast.mean.reduce(0, +) }
        let truth = history.truth(from: run.firstDay, count: 14, juices: regular)
        #expect(abs(total / truth - 1) < 0.08, "declared: \(total) against \(truth)")
    }

    @Test("the forecast's backtest judges open days only")
    func forecastBacktestSkipsClosedDays() throws {
        let history = History()
        let demand = history.demand(history.declared)
        let run = ForecastRun(book: history.declared, demand: demand, horizon: 7, choice: .model(.ses), level: 0.9, backtestDays: 28)
        let last28 = (demand.dayCount - 28..<demand.dayCount).filter { !demand.isClosed(day: $0) }.count
        #expect(last28 < 28, "some of the last 28 days were closed")
        #expect(run.juices.allSatisfy { $0.accuracy?.days == last28 })
        let plain = ForecastRun(
            book: history.book, demand: history.demand(history.book), horizon: 7, choice: .model(.ses), level: 0.9, backtestDays: 28)
        #expect(plain.juices.allSatisfy { $0.accuracy?.days == 28 })
        let wape = try #require(run.overall?.wape)
        let plainWape = try #require(plain.overall?.wape)
        #expect(wape < plainWape, "the closed days' zeros are errors without the calendar: \(wape) against \(plainWape)")
    }

    @Test("the plan's backtest replays the open days only; without the calendar a closed day counts as served")
    func planBacktestSkipsClosedDays() throws {
        let history = History()
        let today = history.generator.start.adding(days: history.generator.days)
        let window = (1...56).map { today.adding(days: -$0) }
        let open = window.filter { !history.closed.contains($0) }
        #expect(open.count < 56)
        let settings = SalesPlanSettings(objective: .serviceLevel(0.9), scenarios: 1_000)
        let declared = try #require(SalesPlanning.recentPromise(records: history.records, book: history.declared, settings: settings, before: today))
        #expect(declared.days.map(\.date) == open.reversed())
        let plain = try #require(SalesPlanning.recentPromise(records: history.records, book: history.book, settings: settings, before: today))
        let closedReplayed = plain.days.filter { history.closed.contains($0.date) }
        #expect(!closedReplayed.isEmpty && closedReplayed.allSatisfy { $0.demanded == 0 && $0.allServed })
    }

    @Test("one-step accuracy leaves out the days flagged closed, in the errors and in the scale")
    func accuracyWithClosedDays() {
        let series: [Double] = [4, 4, 4, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4, 4, 0, 4, 8]
        var closed = Array(repeating: false, count: series.count)
        closed[14] = true
        let accuracy = Backtest.accuracy(of: [4, 4, 4], against: series, closed: closed)
        #expect(accuracy.days == 2 && accuracy.mae == 2 && accuracy.sold == 12)
        #expect(accuracy.wape == 4.0 / 12)
        let all = Backtest.accuracy(of: [4, 4, 4], against: series)
        #expect(all.days == 3 && all.sold == 12 && all.mae == 8.0 / 3)
    }

    @Test("juice forecast and juice plan say which of their days are closed, and which have an event")
    func saidInTheOutput() throws {
        let history = History(days: 70)
        let demand = history.demand(history.book)
        let first = try #require(demand.firstDay).adding(days: demand.dayCount)
        var book = history.book
        book.calendar = ShopCalendar(closedDates: [first.adding(days: 1)], events: [.init(date: first.adding(days: 2), factor: 1.5, note: "어린이날")])
        let run = ForecastRun(book: book, demand: history.demand(book), horizon: 3, choice: .model(.ses), level: 0.9, backtestDays: nil)
        #expect(run.firstDay == first)
        #expect(run.juices.allSatisfy { $0.forecast.mean[1] == 0 })
        let english = ForecastRenderer(language: .english).render(run, as: .text)
        #expect(english.contains("Closed (calendar): \(first.adding(days: 1)); no demand is expected those days\n"))
        #expect(english.contains("Events (calendar): \(first.adding(days: 2)) ×1.5 (어린이날); a usual day's demand times the factor\n"))
        let korean = ForecastRenderer(language: .korean).render(run, as: .text)
        #expect(korean.contains("쉬는 날 (달력): \(first.adding(days: 1)). 그날은 수요를 0으로 봐요\n"))
        let json = ForecastRenderer(language: .english).render(run, as: .json)
        #expect(json.contains("\"closed\" : [\n    \"\(first.adding(days: 1))\"") || json.contains("\"closed\": [\n    \"\(first.adding(days: 1))\""))
        #expect(json.contains("\"factor\"") && json.contains("어린이날"))
        let plainJSON = ForecastRenderer(language: .english).render(
            ForecastRun(book: history.book, demand: demand, horizon: 3, choice: .model(.ses), level: 0.9, backtestDays: nil), as: .json)
        #expect(!plainJSON.contains("\"closed\"") && !plainJSON.contains("\"events\""), "without a calendar the JSON is as it was")

        let settings = SalesPlanSettings(objective: .serviceLevel(0.9), horizon: 3, scenarios: 1_000)
        let plan = try #require(
            SalesPlanning.plan(
                history.demand(book), planner: StockPlanner(book: book), settings: settings, onHand: Array(repeating: 0, count: book.fruits.count)))
        let planText = StockPlanRenderer(book: book, language: .english).render(plan, as: .text)
        #expect(planText.contains("Closed (calendar): \(first.adding(days: 1))"))
        let planJSON = StockPlanRenderer(book: book, language: .english).render(plan, as: .json)
        #expect(planJSON.contains("\"events\""))
    }
}
