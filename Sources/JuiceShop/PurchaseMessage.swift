import JuiceCore

/// What the shop says about purchase orders (`juice purchase`, `juice receive --order`), one case each; `ShopText`
/// renders them in Korean or English, naming suppliers and fruits by name.
public enum PurchaseMessage: Hashable, Sendable {
    /// A purchase order was kept: its number, supplier, dates and total.
    case created(PurchaseOrder)
    /// One order in a list: number, status, supplier, dates, lines, total, and the delivery once received.
    case listed(PurchaseOrder)
    /// There are no purchase orders (of the status asked for).
    case noneListed
    /// A purchase order was received, by the delivery journaled as its entry.
    case received(PurchaseOrder)
    /// One fruit whose delivery differed from the order.
    case difference(PurchaseDifference)
    /// Something to know of an order just kept (a line under its summary).
    case note(PurchaseOrderNote)

    func rendered(by text: ShopText) -> String {
        let ko = text.isKorean
        switch self {
        case .created(let order):
            return (ko ? "발주 \(order.id)번을 만들었어요: " : "Purchase order \(order.id) kept: ") + summary(order, text: text)
        case .listed(let order):
            var line = "\(order.id)  \(status(order.status, ko: ko))  " + summary(order, text: text)
            if let entry = order.receivedEntry {
                let when = order.receivedAt.map(text.time) ?? ""
                line += ko ? "  (입고 #\(entry), \(when))" : "  (received #\(entry), \(when))"
            }
            return line
        case .noneListed:
            return ko ? "발주가 없어요." : "No purchase orders."
        case .received(let order):
            let entry = order.receivedEntry.map { " (#\($0))" } ?? ""
            return ko
                ? "발주 \(order.id)번을 입고했어요\(entry): \(text.supplierName(of: order.supplier))"
                : "Purchase order \(order.id) received\(entry): \(text.supplierName(of: order.supplier))"
        case .difference(let difference):
            let fruit = text.label(of: difference.fruit)
            if difference.short > 0 {
                return ko
                    ? "  \(fruit): 주문 \(difference.ordered)개, 입고 \(difference.received)개, \(difference.short)개 덜 왔어요"
                    : "  \(fruit): ordered \(difference.ordered), received \(difference.received), \(difference.short) short"
            }
            return ko
                ? "  \(fruit): 주문 \(difference.ordered)개, 입고 \(difference.received)개, \(-difference.short)개 더 왔어요"
                : "  \(fruit): ordered \(difference.ordered), received \(difference.received), \(-difference.short) more"
        case .note(let note):
            return "  ! " + Self.text(of: note, text: text)
        }
    }

    /// A note's sentence, without the mark that sets it apart.
    package static func text(of note: PurchaseOrderNote, text: ShopText) -> String {
        let ko = text.isKorean
        switch note {
        case .boughtElsewhere(let fruit, let seller?):
            return ko
                ? "레시피 파일은 \(KoreanParticle.object.after(text.label(of: fruit))) \(text.supplierName(of: seller))에서 사요. 이번만 다른 곳에서 사는 게 아니면 거래처를 확인하세요"
                : "the recipe files buy \(text.label(of: fruit)) from \(text.supplierName(of: seller)); check the supplier unless it is bought elsewhere this once"
        case .boughtElsewhere(let fruit, nil):
            return ko
                ? "레시피 파일에 \(KoreanParticle.object.after(text.label(of: fruit))) 어디서 사는지 없어요 (buy:). 계획에 넣으려면 buy:에 거래처를 적으세요"
                : "the recipe files do not say where \(text.label(of: fruit)) is bought (buy:); give it this supplier there for plans to count it"
        case .belowMinimum(let total, let minimum):
            return ko
                ? "합계 \(MoneyText.won(total, in: .korean))이 최소 주문 \(MoneyText.won(minimum, in: .korean))보다 적어요. 거래처가 받지 않을 수 있어요"
                : "the total, \(MoneyText.won(total, in: .english)), is below the supplier's minimum order of \(MoneyText.won(minimum, in: .english)); it may not be accepted"
        case .sameAsOpen(let id):
            return ko
                ? "입고 전인 발주 \(id)번과 거래처, 도착일, 과일이 모두 같아요. 두 번 남긴 거라면 하나는 필요 없어요"
                : "open purchase order \(id) has the same supplier, arrival day and fruit; if it was kept twice, one is not needed"
        }
    }

    /// "가락시장 청과, 주문 마감 2026-12-01, 도착 2026-12-02: 🍓 딸기 2상자 (80개), … 합계 36,000원".
    private func summary(_ order: PurchaseOrder, text: ShopText) -> String {
        let ko = text.isKorean
        var head = text.supplierName(of: order.supplier)
        if let orderBy = order.orderBy { head += ko ? ", 주문 마감 \(orderBy)" : ", order by \(orderBy)" }
        if let arrives = order.arrives { head += ko ? ", 도착 \(arrives)" : ", arrives \(arrives)" }
        let lines = order.lines.map { line in
            ko
                ? "\(text.label(of: line.fruit)) \(line.packs)묶음 (\(line.units)개)"
                : "\(text.label(of: line.fruit)) \(line.packs) \(line.packs == 1 ? "pack" : "packs") (\(line.units))"
        }
        let total = order.total.map { (ko ? ", 합계 " : ", total ") + MoneyText.won($0, in: text.language) } ?? ""
        return head + ": " + lines.joined(separator: ", ") + total
    }

    private func status(_ status: PurchaseOrderStatus, ko: Bool) -> String {
        switch status {
        case .open: return ko ? "입고 전" : "open"
        case .received: return ko ? "입고됨" : "received"
        }
    }
}

extension ShopText {
    /// `message` in this text's language.
    public func callAsFunction(_ message: PurchaseMessage) -> String {
        message.rendered(by: self)
    }

    /// A supplier's display name in this text's language, with its id; its id alone when the recipe files no longer
    /// have it.
    public func supplierName(of supplier: SupplierID) -> String {
        guard let known = book.supplier(supplier) else { return supplier.rawValue }
        let name = known.name.text(in: language, fallback: supplier.rawValue)
        return name == supplier.rawValue ? name : "\(name) (\(supplier))"
    }
}
