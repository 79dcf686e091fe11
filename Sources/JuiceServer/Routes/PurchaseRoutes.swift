import Foundation
import Hummingbird
import JuiceCore
import JuiceShop

extension ShopServer {
    /// Purchase orders, for `staff`: keeping one, listing them, receiving one (its delivery and the order marked
    /// received in one change, which reaches the pages as a `stock` event like every stock change).
    func addPurchaseRoutes(staff: RouterGroup<ShopRequestContext>) {
        staff.post("/api/purchases") { request, context in try await createPurchase(request, context: context) }
        staff.get("/api/purchases") { request, context in try await listPurchases(request, context: context) }
        staff.post("/api/purchases/:id/receive") { request, context in
            try await receivePurchase(request, id: context.parameters.get("id") ?? "", context: context)
        }
    }

    /// `GET /api/purchases?status=open|received|all`: the purchase orders kept, newest first.
    func listPurchases(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let status: PurchaseOrderStatus?
        switch request.uri.queryParameters.get("status") {
        case nil, "all": status = nil
        case let text?:
            guard let chosen = PurchaseOrderStatus(rawValue: text) else {
                throw APIError.badQueryChoice(name: "status", value: text, allowed: ["open", "received", "all"])
            }
            status = chosen
        }
        let book = await menu.current.book
        do throws(ShopError) {
            let orders = try await actions(book).purchaseOrders(status: status)
            return JSONResponse.make(
                PurchaseListBody(orders: orders.map { PurchaseOrderJSON($0, text: ShopText(language: context.language, book: book)) }))
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `POST /api/purchases`: one purchase order kept, open.
    func createPurchase(_ request: Request, context: ShopRequestContext) async throws -> Response {
        let body = try await decodeBody(PurchaseRequest.self, from: request, limit: configuration.bodyLimit)
        guard (1...100).contains(body.lines.count) else {
            throw APIError.outOfRange(field: "lines", value: body.lines.count, range: 1...100)
        }
        let book = await menu.current.book
        let packs = body.lines.map { line in
            PurchaseOrderDraft.Packs(fruit: book.fruitID(matching: line.fruit), packs: line.packs, units: line.units, unitCost: line.unitCost)
        }
        do throws(ShopError) {
            let dates = try PurchaseOrderDraft.dates(orderBy: body.orderBy, arrives: body.arrives)
            let draft = try PurchaseOrderDraft(
                supplier: SupplierID(body.supplier), orderBy: dates.orderBy, arrives: dates.arrives, packs: packs, book: book)
            let kept = try await actions(book).keepPurchaseOrder(draft)
            return JSONResponse.make(
                PurchaseOrderJSON(kept.order, text: ShopText(language: context.language, book: book), notes: kept.notes), status: .created)
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }

    /// `POST /api/purchases/{id}/receive`: the order's delivery, as ordered or as the body says came.
    func receivePurchase(_ request: Request, id text: String, context: ShopRequestContext) async throws -> Response {
        let book = await menu.current.book
        guard let id = Int(text) else { throw APIError.wrongType(field: "id", expected: .integer) }
        let buffer = try await collectBody(of: request, limit: configuration.bodyLimit)
        let empty = buffer.readableBytesView.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let body = empty ? PurchaseReceiveRequest() : try decodeJSON(PurchaseReceiveRequest.self, from: buffer)
        if let lines = body.lines, !(1...100).contains(lines.count) {
            throw APIError.outOfRange(field: "lines", value: lines.count, range: 1...100)
        }
        let lines = body.lines?.map { line in
            DeliveryLine(fruit: book.fruitID(matching: line.fruit), quantity: line.quantity, expires: line.expires, cost: line.cost)
        }
        do throws(ShopError) {
            let done = try await actions(book).receivePurchaseOrder(id, lines: lines, command: "juice serve: POST /api/purchases/\(id)/receive")
            let text = ShopText(language: context.language, book: book)
            return JSONResponse.make(
                PurchaseReceiptJSON(
                    done, text: ShopText(language: context.language, book: book), message: text(PurchaseMessage.received(done.order)), makeable: true)
            )
        } catch {
            throw APIError.refusal(error, book: book)
        }
    }
}
