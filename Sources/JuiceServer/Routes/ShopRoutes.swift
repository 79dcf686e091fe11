import Foundation
import Hummingbird
import JuiceCore
import JuiceShop

extension ShopServer {
    /// The menu, the stock, orders; stock changes, undo, history and refused orders for `staff`.
    func addShopRoutes(to router: Router<ShopRequestContext>, staff: RouterGroup<ShopRequestContext>) {
        router.get("/api/menu") { _, _ in try await menuBody() }
        router.get("/api/stock") { _, _ in
            let book = await menu.current.book
            return JSONResponse.make(StockBody(try await snapshot(book: book), book: book))
        }
        router.post("/api/orders") { request, context in try await order(request, context: context) }
        router.get("/api/orders/:request") { _, context in try await lookUpOrder(context.parameters.get("request") ?? "") }
        staff.post("/api/stock") { request, context in try await changeStock(request, context: context) }
        staff.post("/api/undo") { _, context in
            let book = await menu.current.book
            do throws(ShopError) {
                let receipt = try await Shop(book: book, store: store).undo(command: "juice serve: POST /api/undo")
                let text = ShopText(language: context.language, book: book)
                return JSONResponse.make(ReceiptBody(receipt, message: receipt.undone.map { text(.undid($0)) } ?? text(.nothingChanged), book: book))
            } catch {
                throw APIError.refusal(error, book: book)
            }
        }
        staff.get("/api/history") { request, context in
            let limit = try integerQuery(request, name: "limit", default: 50, range: 1...1000)
            let book = await menu.current.book
            do throws(ShopError) {
                let entries = try await store.history(limit: limit).map { EntryBody($0, labelledFrom: book, in: context.language) }
                return JSONResponse.make(HistoryBody(entries: entries))
            } catch {
                throw APIError.refusal(error, book: book)
            }
        }
        staff.get("/api/refusals") { request, _ in
            let limit = try integerQuery(request, name: "limit", default: 50, range: 1...1000)
            do throws(ShopError) {
                return JSONResponse.make(RefusalsBody(refusals: try await store.refusedOrders(limit: limit).map(RefusalBody.init)))
            } catch {
                throw APIError.refusal(error, book: await menu.current.book)
            }
        }
        router.get("/healthz") { _, _ in
            do throws(ShopError) {
                _ = try await store.changeToken()
                return JSONResponse.make(["status": "ok", "menu": await menu.current.version])
            } catch {
                throw APIError.notReady(error, book: await menu.current.book)
            }
        }
    }

    /// `GET /api/menu`: every juice with its recipe and what the stock allows now; the `ETag` is the menu's version.
    func menuBody() async throws -> Response {
        let current = await menu.current
        return Self.tagged(JSONResponse.make(MenuBody(current, snapshot: try await snapshot(book: current.book))), version: current.version)
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
        // Every order gets a request id, journaled with it: when the answer is lost, the client can look it up.
        let requestID = RequestID.make()
        do throws(ShopError) {
            let receipt = try await Shop(book: book, store: store).order(
                body.juice, count: body.count, command: "juice serve: POST /api/orders", request: requestID)
            metrics.recordOrder(.served, duration: .now - started)
            let message = ShopText(language: context.language, book: book)(.served(receipt.entry?.juice ?? JuiceID(body.juice), count: body.count))
            return JSONResponse.make(ReceiptBody(receipt, message: message, book: book), status: .created)
        } catch {
            switch error.reason {
            case .unknownJuice: metrics.recordOrder(.unknown, duration: .now - started)
            case .orderRefused(.insufficientStock): metrics.recordOrder(.refused, duration: .now - started)
            case .orderRefused: metrics.recordOrder(.invalid, duration: .now - started)
            default: metrics.recordOrder(.failed, duration: .now - started)
            }
            throw APIError.refusal(error, book: book)
        }
    }

    /// `GET /api/orders/{request}`: the order made under `request`, or 404 `no-such-order`.
    func lookUpOrder(_ request: String) async throws -> Response {
        guard (1...100).contains(request.utf8.count) else { throw APIError.noSuchOrder(request: String(request.prefix(100))) }
        let book = await menu.current.book
        let entry: JournalEntry?
        do throws(ShopError) { entry = try await Shop(book: book, store: store).orderEntry(request: request) } catch {
            throw APIError.refusal(error, book: book)
        }
        guard let entry else { throw APIError.noSuchOrder(request: request) }
        return JSONResponse.make(OrderLookupBody(request: request, entry: EntryBody(entry)))
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
        let changes: [StockChange] = body.changes.map { change in
            let fruit = book.fruitID(matching: change.fruit)
            switch change.operation {
            case .add: return .add(fruit, change.amount)
            case .remove: return .remove(fruit, change.amount)
            case .set: return .set(fruit, change.amount)
            }
        }
        let operations = Set(body.changes.map(\.operation))
        let kind: JournalKind = operations == [.add] ? .add : operations == [.remove] ? .remove : .set
        do throws(ShopError) {
            let receipt = try await Shop(book: book, store: store).changeStock(changes, kind: kind, command: "juice serve: POST /api/stock")
            let changed = context.language == .korean ? "재고를 바꿨어요" : "Stock changed."
            let message = receipt.entry == nil ? ShopText(language: context.language, book: book)(.nothingChanged) : changed
            return JSONResponse.make(ReceiptBody(receipt, message: message, book: book))
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
