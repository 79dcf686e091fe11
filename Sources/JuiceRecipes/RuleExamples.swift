import JuiceCore

/// A recipe set (one or more in-memory files) that shows a rule at work.
public struct RuleExample: Sendable, Hashable {
    /// The example's files, in load order.
    public var files: [RecipeSourceFile]

    /// An example of one file, `example.yaml`, holding `text`.
    public init(_ text: String) {
        files = [RecipeSourceFile(name: "example.yaml", text: text)]
    }

    /// An example of several files, given as (name, text) pairs.
    public init(files: [(String, String)]) {
        self.files = files.map { RecipeSourceFile(name: $0.0, text: $0.1) }
    }
}

extension RuleID {
    /// A complete, clean recipe file the examples vary.
    static let baseExample = """
        version: 1
        fruits:
          banana:
            name: {ko: 바나나, en: Banana}
        juices:
          banana-juice:
            name: {ko: 바나나쥬스, en: Banana Juice}
            recipe: {banana: 2}
        store:
          stock: {banana: 10}

        """

    private static func base(_ target: String, _ replacement: String) -> RuleExample {
        RuleExample(baseExample.replacingAll(target, with: replacement))
    }

    private static var clean: RuleExample { RuleExample(baseExample) }

    /// The base example with bananas at `cost` each (none when nil), the juice at `price`, and its recipe `recipe`
    /// (a kiwi without a cost is defined and stocked as well when the recipe names it).
    private static func priced(cost: Int?, price: Int, recipe: String = "{banana: 2}") -> RuleExample {
        var text = baseExample.replacingAll("    recipe: {banana: 2}", with: "    price: \(price)\n    recipe: \(recipe)")
        if let cost { text = text.replacingAll("en: Banana}\n", with: "en: Banana}\n    cost: \(cost)\n") }
        guard recipe.contains("kiwi") else { return RuleExample(text) }
        text = text.replacingAll("juices:", with: "  kiwi:\n    name: {ko: 키위, en: Kiwi}\njuices:")
        return RuleExample(text).withStock("kiwi")
    }

    /// The base example bought from a supplier: `supplier` is what banana's `buy` names, `fields` the supplier's fields
    /// after its name, `banana` extra fields of the fruit (after `shelf-life: 3`), `capacity` the store's.
    private static func supplied(
        supplier: String = "garak-market",
        fields: String = "lead-time: 1\n    order-days: [mon, wed, fri]\n    minimum: 20000\n    cut-off: \"14:00\"",
        banana: String = "", buy: Bool = true, capacity: Int = 100
    ) -> RuleExample {
        var text = baseExample.replacingAll(
            "version: 1\n",
            with: "version: 1\nsuppliers:\n  garak-market:\n    name: {ko: 가락시장, en: Garak Market}\n    \(fields)\n")
        let buyLine = buy ? "    buy: {supplier: \(supplier), pack: 10, price: 5000}\n" : ""
        text = text.replacingAll("en: Banana}\n", with: "en: Banana}\n    shelf-life: 3\n\(buyLine)\(banana)")
        text = text.replacingAll("  stock: {banana: 10}", with: "  capacity: \(capacity)\n  stock: {banana: 10}")
        return RuleExample(text)
    }

    /// Recipe sets that trigger this rule; the rule's tests load each and expect a diagnostic from it.
    public var triggeringExamples: [RuleExample] {
        switch self {
        case .yamlSyntax: return [Self.base("{banana: 2}", "{banana: 2"), Self.base("version: 1", "version: 1: 2")]
        case .tabIndentation: return [Self.base("  banana:\n    name: {ko: 바나나", "\tbanana:\n    name: {ko: 바나나")]
        case .encoding: return [RuleExample("version: 1\n\u{FEFF}fruits: {}\n"), RuleExample("version: 1\nfruits: \u{01}\n")]
        case .emptyFile: return [RuleExample(""), RuleExample("# only a comment\n")]
        case .multipleDocuments: return [RuleExample(Self.baseExample + "---\nversion: 1\n")]
        case .alias: return [Self.base("stock: {banana: 10}", "stock: {banana: &ten 10}\n  capacity: *ten")]
        case .mergeKey: return [Self.base("    recipe: {banana: 2}", "    <<: {recipe: {banana: 2}}")]
        case .duplicateKey: return [Self.base("store:", "version: 1\nstore:"), Self.base("{banana: 2}", "{banana: 2, \"banana\": 3}")]
        case .nonStringKey: return [Self.base("{banana: 10}", "{banana: 10, 1: 10}"), Self.base("{banana: 10}", "{banana: 10, ~: 1}")]
        case .unsupportedTag: return [Self.base("{banana: 2}", "!!python/object {banana: 2}"), Self.base("stock: {banana: 10}", "stock: !Ref stock")]
        case .limitExceeded:
            return [RuleExample("version: 1\nextra: " + String(repeating: "[", count: 80) + String(repeating: "]", count: 80) + "\n")]
        case .yaml11Ambiguity: return [Self.base("recipe:", "aliases: [no]\n    recipe:"), Self.base("{banana: 2}", "{banana: 02}")]
        case .unknownKey: return [Self.base("    recipe:", "    price: 4500\n    recipie: {banana: 2}\n    recipe:")]
        case .missingField: return [Self.base("    name: {ko: 바나나쥬스, en: Banana Juice}\n", ""), Self.base("version: 1\n", "")]
        case .wrongType:
            return [
                Self.base("{banana: 2}", "{banana: \"2\"}"), Self.base("{banana: 2}", "{banana: 1:30}"),
                Self.base("recipe:", "aliases: 바나나\n    recipe:"),
            ]
        case .unsupportedVersion: return [Self.base("version: 1", "version: 2")]
        case .invalidID:
            return [
                Self.base("banana-juice:", "banana juice:"), Self.base("banana-juice:", "..:"),
                Self.base("banana-juice:", String(repeating: "b", count: 101) + ":"),
            ]
        case .duplicateID:
            return [RuleExample(files: [("a.yaml", Self.baseExample), ("b.yaml", "version: 1\nfruits:\n  banana:\n    name: {en: Banana}\n")])]
        case .duplicateName:
            return [
                Self.base("store:", "  banana-juice-2:\n    name: {en: banana juice}\n    recipe: {banana: 1}\nstore:"),
                Self.base("store:", "  banana_juice:\n    name: {en: Big Banana}\n    recipe: {banana: 3}\nstore:"),
                Self.base("juices:", "  Banana:\n    name: {en: Yellow Banana}\njuices:").withStock("Banana"),
            ]
        case .duplicateAlias:
            return [
                Self.base("store:", "  banana-juice-2:\n    name: {en: Big Banana Juice}\n    aliases: [바나나쥬스]\n    recipe: {banana: 3}\nstore:"),
                Self.base("store:", "  big-banana:\n    name: {en: Big Banana}\n    aliases: [banana_juice]\n    recipe: {banana: 3}\nstore:"),
            ]
        case .unknownFruit: return [Self.base("{banana: 2}", "{bananna: 2, banana: 1}")]
        case .invalidQuantity:
            return [
                Self.base("{banana: 2}", "{banana: 0}"), Self.base("{banana: 2}", "{banana: -1}"), Self.base("{banana: 2}", "{banana: 2.5}"),
                Self.base("{banana: 2}", "{banana: .nan}"),
            ]
        case .integerOverflow: return [Self.base("{banana: 2}", "{banana: 123456789012345678901234567890}")]
        case .emptyRecipe: return [Self.base("{banana: 2}", "{}")]
        case .exceedsCapacity: return [Self.base("{banana: 2}", "{banana: 101}")]
        case .exceedsInitialStock: return [Self.base("{banana: 2}", "{banana: 16}")]
        case .unknownStockFruit: return [Self.base("{banana: 10}", "{banana: 10, bananna: 3}")]
        case .missingStock: return [Self.base("stock: {banana: 10}", "capacity: 100")]
        case .stockExceedsCapacity: return [Self.base("stock: {banana: 10}", "capacity: 5\n  stock: {banana: 10}")]
        case .unusedFruit: return [Self.base("juices:", "  kiwi:\n    name: {ko: 키위, en: Kiwi}\njuices:").withStock("kiwi")]
        case .priceBelowCost: return [Self.priced(cost: 800, price: 1500), Self.priced(cost: 800, price: 1600)]
        case .unknownSupplier: return [Self.supplied(supplier: "garak-markt"), Self.supplied(supplier: "farm")]
        case .unknownWeekday:
            return [
                Self.supplied(fields: "lead-time: 1\n    order-days: [mon, wednesday]"), Self.base("store:", "calendar:\n  closed: [Sunday]\nstore:"),
            ]
        case .arrivesSpoiled: return [Self.supplied(fields: "lead-time: 4")]
        case .noOrderDay: return [Self.supplied(fields: "lead-time: 1\n    order-days: []")]
        case .unreachableMinimum: return [Self.supplied(fields: "lead-time: 1\n    minimum: 60000"), Self.supplied(capacity: 30)]
        case .noWayToBuy: return [Self.supplied(buy: false)]
        case .packCostMismatch: return [Self.supplied(banana: "    cost: 400\n")]
        case .eventOnClosedDay:
            return [
                Self.base("store:", "calendar:\n  closed: [sun]\n  events: [{date: 2026-05-03, factor: 1.5, note: 어린이날 전}]\nstore:"),
                Self.base("store:", "calendar:\n  closed: [2026-05-05]\n  events: [{date: 2026-05-05, factor: 1.5}]\nstore:"),
            ]
        case .closedTwice:
            return [
                Self.base("store:", "calendar:\n  closed: [sun, 2026-02-16, 2026-02-16]\nstore:"),
                Self.base("store:", "calendar:\n  closed: [sun, mon, sun]\nstore:"),
            ]
        }
    }

    /// Recipe sets that are near misses: the rule's tests expect no diagnostic from it.
    public var passingExamples: [RuleExample] {
        switch self {
        case .encoding: return [RuleExample("\u{FEFF}" + Self.baseExample), Self.clean]
        case .multipleDocuments: return [RuleExample("---\n" + Self.baseExample)]
        case .duplicateKey: return [Self.base("{banana: 2}", "{banana: 2, bananas: 3}")]
        case .nonStringKey: return [Self.base("banana-juice:", "\"1\":")]
        case .unsupportedTag: return [Self.base("en: Banana Juice", "en: !!str Banana Juice")]
        case .yaml11Ambiguity: return [Self.base("recipe:", "aliases: [\"no\"]\n    recipe:"), Self.base("{banana: 2}", "{banana: 20}")]
        case .wrongType: return [Self.base("recipe:", "aliases: [바나나]\n    recipe:")]
        case .invalidID:
            return [
                Self.base("banana-juice:", "banana_juice.v2:"), Self.base("banana-juice:", "바나나쥬스:"), Self.base("banana-juice:", "..banana:"),
                Self.base("banana-juice:", String(repeating: "b", count: 100) + ":"),
            ]
        case .duplicateID:
            return [RuleExample(files: [("a.yaml", Self.baseExample), ("b.yaml", "version: 1\nfruits:\n  kiwi:\n    name: {en: Kiwi}\n")])]
        case .duplicateName: return [Self.base("store:", "  banana-juice-2:\n    name: {en: Banana Juice Two}\n    recipe: {banana: 1}\nstore:")]
        case .duplicateAlias: return [Self.base("recipe:", "aliases: [바나나주스, banana juice, banana_juice]\n    recipe:")]
        case .exceedsCapacity, .exceedsInitialStock: return [Self.base("{banana: 2}", "{banana: 10}")]
        case .stockExceedsCapacity: return [Self.base("stock: {banana: 10}", "capacity: 10\n  stock: {banana: 10}")]
        case .priceBelowCost:
            return [
                Self.priced(cost: 800, price: 1700), Self.priced(cost: nil, price: 1500),
                Self.priced(cost: 800, price: 1000, recipe: "{banana: 2, kiwi: 1}"), Self.priced(cost: 0, price: 0),
            ]
        case .unknownSupplier, .packCostMismatch: return [Self.supplied(), Self.supplied(banana: "    cost: 500\n")]
        case .unknownWeekday: return [Self.supplied(fields: "lead-time: 1\n    order-days: [sun]")]
        case .arrivesSpoiled: return [Self.supplied(fields: "lead-time: 3")]
        case .noOrderDay: return [Self.supplied(fields: "lead-time: 1")]
        case .unreachableMinimum: return [Self.supplied(fields: "lead-time: 1\n    minimum: 50000"), Self.supplied(fields: "lead-time: 0")]
        case .noWayToBuy: return [Self.clean, Self.supplied()]
        case .eventOnClosedDay:
            return [Self.base("store:", "calendar:\n  closed: [sun, 2026-05-06]\n  events: [{date: 2026-05-05, factor: 1.5, note: 어린이날}]\nstore:")]
        case .closedTwice: return [Self.base("store:", "calendar:\n  closed: [sun, 2026-02-16, 2026-02-17]\nstore:")]
        default: return [Self.clean]
        }
    }

    /// What `juice lint --explain RULE` prints: the rule, its severity, what it checks and its examples (in English).
    public var explanation: String { explanation(in: .english) }

    /// What `juice lint --explain RULE` prints, in `language` (the examples are the files as written).
    public func explanation(in language: Language) -> String {
        let ko = language == .korean
        var out = "\(rawValue) (\(ko ? severity.koreanName : severity.rawValue))\n\n\(summary(in: language))\n"
        func show(_ title: String, _ examples: [RuleExample]) {
            for (number, example) in examples.enumerated() {
                out += "\n\(title) \(number + 1):\n"
                for file in example.files {
                    if example.files.count > 1 { out += "  # \(file.name)\n" }
                    let text = String(decoding: file.bytes, as: UTF8.self)
                    let visible = text.replacingAll("\t", with: "→   ").replacingAll("\u{FEFF}", with: "<U+FEFF>").replacingAll(
                        "\u{01}", with: "<U+0001>")
                    let lines = visible.split(separator: "\n", omittingEmptySubsequences: false)
                    out += lines.dropLast(visible.hasSuffix("\n") ? 1 : 0).map { "  " + $0 + "\n" }.joined()
                }
            }
        }
        show(ko ? "걸리는 예" : "Triggers it, example", triggeringExamples)
        show(ko ? "걸리지 않는 예" : "Does not trigger it, example", passingExamples)
        return out
    }
}

extension RuleExample {
    /// This example with `fruit` added to the stock.
    func withStock(_ fruit: String) -> RuleExample {
        var copy = self
        copy.files = files.map { file in
            let text = String(decoding: file.bytes, as: UTF8.self).replacingAll("stock: {banana: 10}", with: "stock: {banana: 10, \(fruit): 10}")
            return RecipeSourceFile(name: file.name, text: text)
        }
        return copy
    }
}
