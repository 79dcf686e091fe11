import Foundation
import Hummingbird
import JuiceCore
import JuiceShop
import JuiceUseCases

extension ShopServer {
    /// The menu, the stock, orders; stock changes, undo, history and refused orders for `staff`.
    func addShopRoutes(to router: Router<ShopRequestContext>, staff: RouterGroup<ShopRequestContext>) {
        router.get("/api/menu") { _, _ in try await menuBody() }
        router.get("/api/stock") { _, _ in try await stockBody() }
        router.post("/api/orders") { request, context in try await order(request, context: context) }
        router.get("/api/orders/:request") { _, context in try await lookUpOrder(context.parameters.get("request") ?? "") }
        staff.post("/api/stock") { request, context in try await changeStock(request, context: context) }
        staff.post("/api/undo") { _, context in try await undo(context: context) }
        staff.get("/api/history") { request, context in try await history(request, context: context) }
        staff.get("/api/refusals") { request, _ in try await refusals(request) }
        router.get("/healthz") { _, _ in try await health() }
    }

    /// `GET /api/stock`: each fruit's count and capacity, and how many of each juice the stock makes.
    func stockBody() async throws -> Response {
        let book = await menu.current.book
        return JSONResponse.make(StockJSON(try await snapshot(book: book), book: book))
    }

    /// `POST /api/undo`: the newest change not yet undone reverted, if the stock allows (a staff route).
    func undo(context: ShopRequestContext) async throws -> Response {
        let book = await menu.current.book
        do throws(ShopError) {
            let receipt = try await actions(book).undo(command: "juice serve: POST /api/undo")
            let text = ShopText(language: context.language, book: book)
            return JSONResponse.make(
                ReceiptJSON(receipt, book: book, message: receipt.undone.map { text(.undid($0)) } ?? text(.nothingChanged), makeable: true))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `GET /api/history?limit=N`: the journal, newest first, each entry labelled in the request's language (a staff
    /// route).
    func history(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let limit = try integerQuery(request, name: "limit", default: 50, range: 1...1000)
        let book = await menu.current.book
        do throws(ShopError) {
            let entries = try await actions(book).history(limit: limit).map { JournalEntryJSON($0, labelledFrom: book, in: context.language) }
            return JSONResponse.make(HistoryBody(entries: entries))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `GET /api/refusals?limit=N`: the orders the stock refused, newest first (a staff route).
    func refusals(_ request: Request) async throws -> Response {
        let limit = try integerQuery(request, name: "limit", default: 50, range: 1...1000)
        let book = await menu.current.book
        do throws(ShopError) {
            return JSONResponse.make(RefusalsBody(refusals: try await actions(book).refusedOrders(limit: limit).map(RefusedOrderJSON.init)))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `GET /healthz`: ok with the menu's version while the store answers; 503 while it does not.
    func health() async throws -> Response {
        do throws(ShopError) {
            _ = try await store.changeToken()
            return JSONResponse.make(["status": "ok", "menu": await menu.current.version])
        } catch {
            throw APIError.notReady(error, book: await menu.current.book)
        }
    }

    /// `GET /api/menu`: every juice with its recipe and what the stock allows now; the `ETag` is the menu's version.
    func menuBody() async throws -> Response {
        let current = await menu.current
        let now: ShopActions.Menu
        do throws(ShopError) { now = try await actions(current.book).menu() } catch { throw APIError.shop(error, book: current.book) }
        return Self.tagged(JSONResponse.make(MenuBody(current, menu: now)), version: current.version)
    }

    /// The stock, or the problem that kept the store from reading it.
    func snapshot(book: RecipeBook) async throws(APIError) -> ShopSnapshot {
        do { return try await store.snapshot(book: book) } catch { throw .shop(error, book: book) }
    }

    /// `POST /api/orders`: 201 with the receipt, or the refusal (nothing changed).
    func order(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let body: OrderRequest
        do { body = try await validOrder(request) } catch {
            metrics.recordOrder(.invalid, duration: .now - started)
            throw error
        }
        let book = await menu.current.book
        do throws(ShopError) {
            // Journaled under a request id of its own: when the answer is lost, the client can look the order up.
            let served = try await actions(book).order(body.juice, count: body.count, command: "juice serve: POST /api/orders")
            metrics.recordOrder(.served, duration: .now - started)
            let message = ShopText(language: context.language, book: book)(.served(served.juice, count: served.count))
            return JSONResponse.make(ReceiptJSON(served.receipt, book: book, message: message, makeable: true), status: .created)
        } catch {
            metrics.recordOrder(Self.outcome(ofRefused: error), duration: .now - started)
            throw APIError.refusal(error, book: book)
        }
    }

    /// How the order metrics count an order the shop refused with `error`.
    static func outcome(ofRefused error: ShopError) -> ShopMetrics.OrderResult {
        switch error.reason {
        case .unknownJuice: return .unknown
        case .orderRefused(.insufficientStock): return .refused
        case .orderRefused: return .invalid
        default: return .failed
        }
    }

    /// `GET /api/orders/{request}`: the order made under `request`, or 404 `no-such-order`.
    func lookUpOrder(_ request: String) async throws -> Response {
        guard (1...100).contains(request.utf8.count) else { throw APIError.noSuchOrder(request: String(request.prefix(100))) }
        let book = await menu.current.book
        let entry: JournalEntry?
        do throws(ShopError) { entry = try await actions(book).orderEntry(request: request) } catch {
            throw APIError.refusal(error, book: book)
        }
        guard let entry else { throw APIError.noSuchOrder(request: request) }
        return JSONResponse.make(OrderLookupBody(request: request, entry: JournalEntryJSON(entry)))
    }

    /// An order body, checked: a juice name and a count within range.
    private func validOrder(_ request: Request) async throws -> OrderRequest {
        try await OrderRequest.checked(request, configuration: configuration)
    }

    /// `POST /api/stock`: every change or none (a staff route).
    func changeStock(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let body = try await decodeBody(StockChangeRequest.self, from: request, limit: configuration.bodyLimit)
        guard (1...100).contains(body.changes.count) else {
            throw APIError.outOfRange(field: "changes", value: body.changes.count, range: 1...100)
        }
        let book = await menu.current.book
        let edits = body.changes.map { StockEdit($0.operation, $0.fruit, $0.amount) }
        do throws(ShopError) {
            let receipt = try await actions(book).changeStock(edits, command: "juice serve: POST /api/stock")
            let changed = StockChangeText.stockChanged.text(in: context.language)
            let message = receipt.entry == nil ? ShopText(language: context.language, book: book)(.nothingChanged) : changed
            return JSONResponse.make(ReceiptJSON(receipt, book: book, message: message, makeable: true))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// An integer query parameter within `range`, or `default` when absent.
    func integerQuery(_ request: Request, name: String, default value: Int, range: ClosedRange<Int>) throws(APIError) -> Int {
        guard let text = request.uri.queryParameters.get(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw .badQuery(name: name, value: text, range: range)
        }
        return number
    }
}
