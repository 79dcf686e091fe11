import Foundation
import Hummingbird
import JuiceCore
import JuiceShop
import JuiceUseCases

extension ShopServer {
    /// The variance, in percent of the expected stock, above which a count needs `"confirm": true`.
    var largeVariancePercent: Int { Int((configuration.maxCountVariance * 100).rounded()) }

    /// What staff can do with the shop on `book`, dated by the server's clock.
    func actions(_ book: RecipeBook) -> ShopActions {
        ShopActions(shop: Shop(book: book, store: store), clock: configuration.clock)
    }

    /// Deliveries, waste, counts (stocktakes) and the lots, for `staff`. Each change is all or none and, like every
    /// stock change, reaches the pages as a `stock` event (the event loop follows the store's change token).
    func addStockKeepingRoutes(staff: RouterGroup<ShopRequestContext>) {
        staff.post("/api/deliveries") { request, context in try await receive(request, context: context) }
        staff.post("/api/waste") { request, context in try await waste(request, context: context) }
        staff.post("/api/counts") { _, _ in try await startCount() }
        staff.post("/api/counts/:id") { request, context in
            try await applyCount(request, session: context.parameters.get("id") ?? "", context: context)
        }
        staff.get("/api/lots") { _, context in try await lots(context: context) }
    }

    /// `POST /api/counts`: a count session started, with each fruit's expected count.
    func startCount() async throws -> Response {
        let book = await menu.current.book
        do throws(ShopError) {
            let started = try await actions(book).startCount()
            return JSONResponse.make(CountSessionJSON(started.session, expected: started.expected), status: .created)
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `GET /api/lots`: the lots with fruit left, what expires when and the last counts, today.
    func lots(context: ShopRequestContext) async throws -> Response {
        let book = await menu.current.book
        do throws(ShopError) {
            let shelf = try await sales.shelf(today: configuration.clock.today)  // (the cache's replay of the journal)
            let reasons = WasteReason.allCases.map {
                ShelfJSON.WasteReasonJSON($0, label: JournalLabelText.label(of: $0, book: book, in: context.language))
            }
            return JSONResponse.make(ShelfJSON(shelf, book: book, reasons: reasons))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `POST /api/deliveries`: every line received as a lot, or none; received today (the server's local date).
    func receive(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let body = try await decodeBody(DeliveryRequest.self, from: request, limit: configuration.bodyLimit)
        guard (1...100).contains(body.lines.count) else {
            throw APIError.outOfRange(field: "lines", value: body.lines.count, range: 1...100)
        }
        let book = await menu.current.book
        let lines = body.lines.map { line in
            DeliveryLine(
                fruit: book.fruitID(matching: line.fruit), quantity: line.quantity, expires: line.expires, cost: line.cost, ordered: line.ordered)
        }
        do throws(ShopError) {
            let receipt = try await actions(book).receive(lines, supplier: body.supplier, command: "juice serve: POST /api/deliveries")
            let message = StockChangeText.deliveryReceived.text(in: context.language)
            return JSONResponse.make(ReceiptJSON(receipt, book: book, message: message, makeable: true))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `POST /api/waste`: one fruit thrown away (never more than is in stock), or every lot past its use-by date.
    func waste(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let body = try await decodeBody(WasteRequest.self, from: request, limit: configuration.bodyLimit)
        let book = await menu.current.book
        let actions = actions(book)
        switch body.waste {
        case .expired:
            do throws(ShopError) {
                let receipt = try await actions.wasteExpired(note: body.note, command: "juice serve: POST /api/waste")
                let message = (receipt.entry == nil ? StockChangeText.nothingExpired : .expiredWrittenOff).text(in: context.language)
                return JSONResponse.make(ReceiptJSON(receipt, book: book, message: message, makeable: true))
            } catch {
                throw APIError.refusal(error, book: book)
            }
        case .fruit(let name, let quantity, let reason):
            let fruit = book.fruitID(matching: name)
            do throws(ShopError) {
                let receipt = try await actions.waste(
                    [(fruit: fruit, amount: quantity)], reason: reason, note: body.note, command: "juice serve: POST /api/waste")
                return JSONResponse.make(
                    ReceiptJSON(receipt, book: book, message: StockChangeText.wasteRecorded.text(in: context.language), makeable: true))
            } catch {
                throw APIError.refusal(error, book: book, naming: RequestFieldNames(renamed: ["amount": "quantity"], singleLine: true))
            }
        }
    }

    /// `POST /api/counts/{id}`: the count applied in session `session` (each fruit set to what was counted plus what
    /// moved since the session started), unless a variance is large and the body does not confirm it.
    func applyCount(_ request: Request, session: String, context: ShopRequestContext) async throws -> Response {
        let book = await menu.current.book
        guard (1...100).contains(session.utf8.count) else { throw APIError.shop(.unknownCountSession(String(session.prefix(100))), book: book) }
        let body = try await decodeBody(CountRequest.self, from: request, limit: configuration.bodyLimit)
        guard (1...100).contains(body.counts.count) else {
            throw APIError.outOfRange(field: "counts", value: body.counts.count, range: 1...100)
        }
        let counted = body.counts.map { (fruit: book.fruitID(matching: $0.fruit), count: $0.counted) }
        let naming = RequestFieldNames(renamed: ["lines": "counts", "count": "counted"])
        let outcome: ShopActions.CountOutcome
        do throws(ShopError) {
            outcome = try await actions(book).count(
                counted, session: session, confirmed: body.confirm, largeVariance: configuration.maxCountVariance,
                command: "juice serve: POST /api/counts/\(session)")
        } catch {
            throw APIError.refusal(error, book: book, naming: naming)
        }
        switch outcome {
        case .needsConfirmation(let preview):
            throw APIError.largeVariance(preview, threshold: largeVariancePercent)
        case .applied(let receipt):
            let message = StockChangeText.countApplied.text(in: context.language)
            return JSONResponse.make(CountResultJSON(receipt, book: book, message: message, makeable: true))
        }
    }
}
