import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceShop

/// The dates `juice purchase create --order-by` and `--arrives` give, which replace a draft's own.
struct PurchaseDates {
    /// The last day to place the order, when the command line gives it.
    var orderBy: OrderDeadline?
    /// The day it should arrive, when the command line gives it.
    var arrives: CivilDate?

    /// The dates as the command line writes them; a text that is no date is refused (`invalid-date`).
    init(orderBy: String?, arrives: String?) throws(ShopError) {
        (self.orderBy, self.arrives) = try PurchaseOrderDraft.dates(orderBy: orderBy, arrives: arrives)
    }

    /// `draft` with the dates given here, its own where none is given.
    func applied(to draft: PurchaseOrderDraft) -> PurchaseOrderDraft {
        var draft = draft
        (draft.orderBy, draft.arrives) = (orderBy ?? draft.orderBy, arrives ?? draft.arrives)
        return draft
    }

    /// Whether the field at `path` in a draft (`orderBy`, `arrives`) is the command line's rather than the draft's.
    func replaces(_ path: FieldPath) -> Bool {
        (orderBy != nil && path == .field("orderBy")) || (arrives != nil && path == .field("arrives"))
    }
}

/// The purchase orders of a plan file that `juice purchase create --from-plan` keeps, and where in the file each came
/// from, so that a refusal of one of them names its place in the file (`orders[0].lines[1].fruit`).
struct PlannedPurchases {
    /// The file, `-` for standard input.
    let path: String
    /// Each order to keep, with its position among the file's orders.
    let planned: [(index: Int, draft: PurchaseOrderDraft)]

    /// The orders of the plan at `path` (`-`: standard input), `supplier`'s only when given, their packs checked
    /// against `book`; a plan that cannot be read, or has no orders, is a usage error naming what is wrong.
    /// A date of the file that `dates` replaces is not read.
    init(reading path: String, supplier: String?, dates: PurchaseDates, book: RecipeBook, reporter: Reporter) throws {
        let shown = path == "-" ? PurchaseCommandMessage.standardInput.text(in: reporter.language) : path
        let data = try Self.contents(of: path, shown: shown, reporter: reporter)
        let planned: [(index: Int, draft: PurchaseOrderDraft)]
        do throws(PlanOrders.Problem) {
            planned = try PlanOrders.drafts(from: data, supplier: supplier, dates: dates) { book.fruit($0)?.buy?.pack }
        } catch .refused(let field, let error) {
            let text = ShopText(language: reporter.language, book: book)
            throw reporter.fail(error, text: text, at: (path == "-" ? nil : path, field))
        } catch {
            throw reporter.failure(PurchaseCommandMessage(error, path: shown))
        }
        guard !planned.isEmpty else { throw reporter.failure(.planHasNoOrders(path: shown, supplier: supplier)) }
        (self.path, self.planned) = (path, planned)
    }

    /// Where in the file the shop's refusal at `path` is: `path` is placed in the drafts as given (`[i]…`); a date
    /// the command line replaced (`dates`) is the option's, not the file's (nil).
    func place(of path: FieldPath, dates: PurchaseDates) -> (file: String?, field: String)? {
        guard case .index(let position)? = path.steps.first, planned.indices.contains(position) else { return nil }
        let inner = FieldPath(Array(path.steps.dropFirst()))
        if dates.replaces(inner) { return nil }
        return (self.path == "-" ? nil : self.path, FieldPath([.field("orders"), .index(planned[position].index)]).appending(inner).description)
    }

    /// The bytes of the plan at `path` (`shown` in messages): standard input, or a file that must exist, be no
    /// directory and be readable.
    private static func contents(of path: String, shown: String, reporter: Reporter) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        let language = reporter.language
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw reporter.failure(.planUnreadable(path: shown, reason: SystemReason(code: ENOENT).text(in: language)))
        }
        guard !isDirectory.boolValue else {
            throw reporter.failure(.planUnreadable(path: shown, reason: SystemReason(code: EISDIR).text(in: language)))
        }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw reporter.failure(.planUnreadable(path: shown, reason: SystemReason(code: EACCES).text(in: language)))
        }
        return contents
    }
}

extension PurchaseCommandMessage {
    /// What is wrong with the plan `shown` (its path, or the words for standard input), as `PlanOrders` found it.
    init(_ problem: PlanOrders.Problem, path shown: String) {
        switch problem {
        case .notJSON: self = .planNotJSON(path: shown)
        case .missing(let field): self = .planFieldMissing(path: shown, field: field)
        case .wrong(let field, let expected): self = .planField(path: shown, field: field, expected: expected)
        case .unitsNotPacks(let field, let units, let packs, let pack):
            self = .planUnitsNotPacks(path: shown, field: field, units: units, packs: packs, pack: pack)
        case .refused(let field, _):
            self = .planField(path: shown, field: field, expected: .text)
        }
    }
}
