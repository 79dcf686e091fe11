import JuiceCore

extension Shop {
    /// Keeps `draft` as a new open purchase order, once checked: its supplier is in the recipe files, it has at least
    /// one line, each line's fruit is on the menu and given once, with at least 1 pack and 1 unit and no cost below 0,
    /// and it does not arrive before the day it is placed by (the dates are typed: a caller reads them with
    /// `PurchaseOrderDraft.dates(orderBy:arrives:)`, which places a text that is no date). Its total, when given, is the caller's (at least 0); else the lines'
    /// units × cost when every line has one. The stock and the journal are unchanged.
    public func createPurchaseOrder(_ draft: PurchaseOrderDraft) async throws(ShopError) -> PurchaseOrder {
        let orders = try await store.createPurchaseOrders([try checked(draft)])
        guard let order = orders.first else { throw .emptyPurchaseOrder }
        return order
    }

    /// Keeps `drafts` as new open purchase orders, in order, all or none: each is checked as `createPurchaseOrder`
    /// checks it before any is kept, a refusal placed at its draft's position first (`[1].arrives`).
    public func createPurchaseOrders(_ drafts: [PurchaseOrderDraft]) async throws(ShopError) -> [PurchaseOrder] {
        var checked: [PurchaseOrderDraft] = []
        for (index, draft) in drafts.enumerated() {
            do { checked.append(try self.checked(draft)) } catch { throw error.at(FieldPath([.index(index)])) }
        }
        return try await store.createPurchaseOrders(checked)
    }

    /// The notes on each of `orders` (just kept) beside the orders open before it (see `PurchaseOrderNote.notes`).
    public func notes(on orders: [PurchaseOrder]) async throws(ShopError) -> [[PurchaseOrderNote]] {
        let open = try await store.purchaseOrders(status: .open)
        return orders.map { PurchaseOrderNote.notes(on: $0, book: book, open: open) }
    }

    /// The purchase orders with `status` (every one when nil), newest first.
    public func purchaseOrders(status: PurchaseOrderStatus? = nil) async throws(ShopError) -> [PurchaseOrder] {
        try await store.purchaseOrders(status: status)
    }

    /// The purchase order numbered `id`; an unknown number is refused (`ShopError.unknownPurchaseOrder`).
    public func purchaseOrder(_ id: Int) async throws(ShopError) -> PurchaseOrder {
        guard let order = try await store.purchaseOrder(id: id) else { throw .unknownPurchaseOrder(id) }
        return order
    }

    /// Receives purchase order `id`: one delivery (see `receive`), whose lines say what was ordered (`ordered`, the
    /// order's units; 0 for a fruit it did not have), and the order marked received, in one transaction.
    ///
    /// Without `lines`, what came is what was ordered: each line's units, at its cost. Given `lines` are what came,
    /// instead: a fruit of the order left out (or given 0) did not come, more than ordered is received as it is, and a
    /// line without a cost takes the order's. The receipt lists every fruit whose delivery differed from the order.
    /// Refused: an unknown order, one received already, nothing that came, and whatever `receive` refuses. An order
    /// whose supplier has left the recipe files is received all the same.
    public func receivePurchaseOrder(
        _ id: Int, lines given: [DeliveryLine]? = nil, received: CivilDate, command: String, request: String? = nil
    ) async throws(ShopError) -> PurchaseReceipt {
        let order = try await purchaseOrder(id)
        try PurchaseOrder.requireReceivable(id, receivedBy: .some(order.receivingEntry))
        // The given lines, checked where they were given (a line left out below, 0 of a fruit ordered, is refused all
        // the same when it repeats a fruit or has a date that is none).
        if let given {
            try Self.checkLines(given, allowingNone: true)
            _ = try dated(given, received: received)
        }
        var lines: [DeliveryLine] = []
        if let given {
            for var line in given {
                let ordered = order.line(of: line.fruit)
                if line.quantity == 0, ordered != nil { continue }
                line.ordered = ordered?.units ?? 0
                line.cost = line.cost ?? ordered?.unitCost
                lines.append(line)
            }
        } else {
            lines = order.lines.map { DeliveryLine(fruit: $0.fruit, quantity: $0.units, cost: $0.unitCost, ordered: $0.units) }
        }
        guard !lines.isEmpty else { throw .emptyPurchaseOrder }
        let dated = try self.dated(lines, received: received)
        let receipt: ShopReceipt
        do {
            receipt = try await store.perform(
                .receiveOrder(id, lines: dated, supplier: order.supplier.rawValue), book: book, command: command, request: request)
        } catch {
            throw error.placed(onLineOf: given?.map(\.fruit) ?? [], amount: "quantity")
        }
        var done = order
        done.status = .received
        done.receivedEntry = receipt.entry?.id
        done.receivedAt = receipt.entry?.time
        return PurchaseReceipt(order: done, receipt: receipt, differences: Self.differences(order, received: dated))
    }

    /// Every fruit whose delivery `received` differed from `order`: its lines in order, then fruits it did not have.
    static func differences(_ order: PurchaseOrder, received: [DeliveryLine]) -> [PurchaseDifference] {
        var came: [FruitID: Int] = [:]
        for line in received { came[line.fruit, default: 0] += line.quantity }
        var differences = order.lines.compactMap { line -> PurchaseDifference? in
            let quantity = came[line.fruit] ?? 0
            return quantity == line.units ? nil : PurchaseDifference(fruit: line.fruit, ordered: line.units, received: quantity)
        }
        for line in received where order.line(of: line.fruit) == nil {
            differences.append(PurchaseDifference(fruit: line.fruit, ordered: 0, received: line.quantity))
        }
        return differences
    }

    /// `draft` checked (see `createPurchaseOrder`); nothing is kept. For a caller that names where in its own input a
    /// refused draft came from before keeping any.
    package func checked(_ draft: PurchaseOrderDraft) throws(ShopError) -> PurchaseOrderDraft {
        guard book.supplier(draft.supplier) != nil else {
            let known = book.suppliers.map { ($0.id.rawValue, $0.name.all) }
            throw ShopError.unknownSupplier(
                draft.supplier.rawValue, suggestion: NameMatching.suggestion(for: draft.supplier.rawValue, amongIDs: known)
            ).at(.field("supplier"))
        }
        guard !draft.lines.isEmpty else { throw ShopError.emptyPurchaseOrder.at(.field("lines")) }
        var seen: Set<FruitID> = []
        for (index, line) in draft.lines.enumerated() {
            let place = FieldPath.line(index)
            guard book.fruit(line.fruit) != nil else {
                let known = book.fruits.map(\.id.rawValue)
                let suggestion = NameMatching.suggestion(for: line.fruit.rawValue, among: known).map { FruitID($0) }
                throw ShopError.stockRefused(.unknownFruit(line.fruit, suggestion: suggestion)).at(place.field("fruit"))
            }
            guard seen.insert(line.fruit).inserted else { throw ShopError.duplicateFruit(line.fruit).at(place.field("fruit")) }
            guard line.packs >= 1 else { throw ShopError.invalidQuantity(line.fruit, line.packs).at(place.field("packs")) }
            guard line.units >= 1 else { throw ShopError.invalidQuantity(line.fruit, line.units).at(place.field("units")) }
            if let cost = line.unitCost, cost < 0 { throw ShopError.negativeCost(line.fruit, cost).at(place.field("unitCost")) }
        }
        // (An order may be kept after the fact, so a date in the past is not refused; one arriving before it is placed is.)
        if let arrives = draft.arrives, let orderBy = draft.orderBy?.date, arrives < orderBy {
            throw ShopError.arrivesBeforeOrderBy(arrives: arrives, orderBy: orderBy).at(.field("arrives"))
        }
        return draft
    }
}

extension PurchaseOrderDraft {
    /// A purchase order's dates as people and files write them: `orderBy` `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (as
    /// `juice plan` writes a supplier's cut-off), `arrives` `YYYY-MM-DD`. A text that is neither is refused
    /// (`invalid-date`) at `orderBy` or `arrives`.
    public static func dates(orderBy: String?, arrives: String?) throws(ShopError) -> (orderBy: OrderDeadline?, arrives: CivilDate?) {
        var dates: (orderBy: OrderDeadline?, arrives: CivilDate?) = (nil, nil)
        if let orderBy {
            guard let deadline = OrderDeadline(parsing: orderBy) else { throw ShopError.invalidDate(orderBy).at(.field("orderBy")) }
            dates.orderBy = deadline
        }
        if let arrives {
            guard let date = CivilDate(parsing: arrives) else { throw ShopError.invalidDate(arrives).at(.field("arrives")) }
            dates.arrives = date
        }
        return dates
    }
}
