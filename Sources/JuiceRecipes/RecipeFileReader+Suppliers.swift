import JuiceCore
import JuiceYAML

/// The `suppliers` section and a fruit's `buy` for `RecipeFileReader`.
extension RecipeFileReader {
    /// One supplier: `name`, `lead-time` (required), `order-days`, `minimum`, `cut-off`.
    mutating func readSupplier(_ key: YAMLNodeID, _ value: YAMLNodeID) {
        guard let id = readID(key, kind: .supplier) else { return }
        var supplier = SupplierDraft(id: located(SupplierID(id), at: key))
        let entry = RecipeEntry(.supplier, id)
        guard expectMapping(value, .entry(entry)) else { return }
        var sawName = false
        var sawLeadTime = false
        for (field, fieldValue) in document.entries(of: value) {
            switch document.index(of: field, in: ["name", "lead-time", "order-days", "minimum", "cut-off"]) {
            case 0:
                sawName = true
                (supplier.korean, supplier.english) = readName(fieldValue, owner: entry)
            case 1:
                sawLeadTime = true
                supplier.leadTime = readInteger(fieldValue, field: .leadTime(supplier: id), minimum: 0).map { located($0, at: fieldValue) }
            case 2:
                supplier.orderDays = readDays(fieldValue, field: .orderDays(supplier: id), day: .orderDay(supplier: id))
                    .map { located($0, at: fieldValue) }
            case 3:
                supplier.minimum = readInteger(fieldValue, field: .minimum(supplier: id), minimum: 0).map { located($0, at: fieldValue) }
            case 4:
                supplier.cutOff = readTimeOfDay(fieldValue, field: .cutOff(supplier: id))
            default:
                reportUnknownKey(field, in: .entry(entry))
            }
        }
        if !sawName {
            report(.missingField, .missingName(entry), at: key, fix: .addName)
        }
        if !sawLeadTime {
            report(.missingField, .missingKey("lead-time", in: .entry(entry)), at: key, fix: .addKey("lead-time", example: "lead-time: 1"))
        }
        appendSupplier(supplier)
    }

    /// A fruit's `buy`: `supplier` (required), `pack` (at least 1), `price` (a pack's, in won).
    mutating func readBuy(_ node: YAMLNodeID, fruit: String) -> BuyDraft? {
        guard expectMapping(node, .buy(fruit: fruit)) else { return nil }
        var buy = BuyDraft()
        var sawSupplier = false
        for (key, value) in document.entries(of: node) {
            switch document.index(of: key, in: ["supplier", "pack", "price"]) {
            case 0:
                sawSupplier = true
                buy.supplier = readText(value, field: .buySupplier(fruit: fruit)).map { located(SupplierID($0), at: value) }
            case 1:
                buy.pack = readInteger(value, field: .pack(fruit: fruit), minimum: 1).map { located($0, at: value) }
            case 2:
                buy.price = readInteger(value, field: .packPrice(fruit: fruit), minimum: 0).map { located($0, at: value) }
            default:
                reportUnknownKey(key, in: .buy(fruit: fruit))
            }
        }
        if !sawSupplier {
            report(
                .missingField, .missingKey("supplier", in: .buy(fruit: fruit)), at: node,
                fix: .addKey("supplier", example: "supplier: garak-market"))
        }
        return buy
    }

    /// A list of days (`[mon, wed, fri]`): each unknown day reported with the day it probably means; nil when the
    /// value is not a list or a day in it could not be read.
    private mutating func readDays(_ node: YAMLNodeID, field: RecipeField, day: RecipeField) -> Set<Weekday>? {
        guard document.kind(of: node) == .sequence else {
            reportWrongType(node, field: field, expected: .listOfDays)
            return nil
        }
        var days: Set<Weekday> = []
        var complete = true
        for item in document.items(of: node) {
            guard let name = readText(item, field: day) else {
                complete = false
                continue
            }
            guard let weekday = Weekday(fileName: name) else {
                reportUnknownWeekday(name, at: item)
                complete = false
                continue
            }
            days.insert(weekday)
        }
        return complete ? days : nil
    }

    /// Reports `name`, written at `node` where a day of the week stands, with the day it probably means.
    mutating func reportUnknownWeekday(_ name: String, at node: YAMLNodeID) {
        let suggestion =
            NameMatching.suggestion(for: name.lowercased(), among: Weekday.fileNames) ?? Weekday.fileNames.first { name.lowercased().hasPrefix($0) }
        report(.unknownWeekday, .unknownWeekday(name, suggestion: suggestion), at: node, fix: suggestion.map { .replace(name, with: $0) })
    }

    /// A time of day written `"HH:MM"` (00:00 to 23:59), as minutes from midnight.
    private mutating func readTimeOfDay(_ node: YAMLNodeID, field: RecipeField) -> Int? {
        guard let text = readText(node, field: field) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }), let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0..<24).contains(hours), (0..<60).contains(minutes)
        {
            return hours * 60 + minutes
        }
        report(.wrongType, .wrongType(field, expected: .timeOfDay, found: document.found(node)), at: node)
        return nil
    }
}
