import Hummingbird
import JuiceCore
import JuicePlanning
import JuiceShop
import JuiceUseCases

extension ShopServer {
    /// The staff panel's routes, for `staff`: today's sales and refusals, and the purchase list at the configured
    /// service level.
    func addPanelRoutes(staff: RouterGroup<ShopRequestContext>) {
        staff.get("/api/sales/today") { _, _ in try await salesToday() }
        staff.get("/api/plan") { _, context in try await purchasePlan(language: context.language) }
    }

    /// The settings of the panel's plan: the configured service level, one day, a fixed number of scenarios.
    var panelPlanSettings: SalesPlanSettings {
        SalesPlanSettings(objective: .serviceLevel(configuration.serviceLevel), horizon: 1, scenarios: configuration.planScenarios)
    }

    /// `GET /api/sales/today`: the sales of the shop's local day (served, refused, revenue), in total and per juice, and
    /// its stock room: what was received and thrown away, and the last count.
    func salesToday() async throws -> Response {
        let book = await menu.current.book
        do throws(ShopError) {
            let (_, records) = try await sales.records()
            let today = configuration.clock.today
            var report = SalesReport(book: book, grouping: .juice)
            var juices = HistoryJuices(book: book, file: "")
            for record in records where record.time.date == today {
                guard let juice = juices.position(of: record) else { continue }
                report.add(juiceAt: juice, count: record.count, result: record.result, at: record.time)
            }
            report.finish()
            let stockRoom = StockRoomDay(entries: try await sales.stockRoomEntries(), day: today, book: book, timeZone: configuration.clock.timeZone)
            return JSONResponse.make(SalesTodayBody(report, day: today, book: book, stockRoom: stockRoom))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `GET /api/plan`: what to hold and buy for the day after the sales, at the configured service level; the target
    /// and a message while there are no sales, or while the plan is still being made.
    func purchasePlan(language: Language) async throws -> Response {
        let current = await menu.current
        let book = current.book
        let settings = panelPlanSettings
        do throws(ShopError) {
            // The lots come from the journal follower the sales are read by (only what is new is read).
            let today = configuration.clock.today
            let stock = try await StartingStock.now(in: store, book: book) { () async throws(ShopError) in try await sales.shelf(today: today) }
            let (state, recent, recentPending) = try await sales.plan(
                book: book, menuVersion: current.version, settings: settings, stock: stock, patience: configuration.planPatience)
            return JSONResponse.make(
                PlanBody(
                    state, target: configuration.serviceLevel, scenarios: settings.scenarios, recent: recent, recentPending: recentPending,
                    book: book, language: language))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }
}
