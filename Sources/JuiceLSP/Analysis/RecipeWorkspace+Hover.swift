import JuiceCore
import JuiceRecipes

extension RecipeWorkspace {
    /// The stock hover and completion show: `liveStock` when given, else the store's initial stock; capacities from the
    /// recipes either way.
    func inventory(liveStock: [FruitID: Int]?) -> Inventory {
        let book = result.book
        let initial = Inventory(fruits: book.fruits.map(\.id), store: book.store)
        guard let liveStock else { return initial }
        return Inventory(counts: liveStock, capacities: initial.capacities)
    }

    /// What hovering at byte `offset` of `file` shows: a juice's names, recipe, price and how many can be made (from
    /// `liveStock` when given, else the store's initial stock) with the limiting fruit, and what its fruits cost when
    /// every one has a cost; a fruit's names, cost and shelf life, stock, capacity and the juices that use it.
    package func hover(in file: String, at offset: Int, liveStock: [FruitID: Int]? = nil) -> HoverAnswer? {
        guard let outline = outline(of: file), let occurrence = outline.occurrence(at: offset) else { return nil }
        let inventory = inventory(liveStock: liveStock)
        let source = liveStock == nil ? HoverText.initialStock : HoverText.liveStock
        let markdown: String?
        switch occurrence.kind {
        case .juice:
            markdown = result.book.juice(JuiceID(occurrence.id)).map { juiceText($0, inventory: inventory, source: source) }
        case .fruit:
            var amount: Int?
            if case .recipe(let juice) = occurrence.role {
                amount = result.book.juice(juice)?.recipe.first { $0.fruit.rawValue == occurrence.id }?.amount
            }
            markdown = fruitText(FruitID(occurrence.id), inventory: inventory, source: source, amountInRecipe: amount)
        }
        return markdown.map { HoverAnswer(markdown: $0, span: outline.textSpan(occurrence.key.inner)) }
    }

    private func title(_ name: LocalizedName, id: String, emoji: String? = nil) -> String {
        let first = name.text(in: language, fallback: id)
        let other = name.text(in: language == .korean ? .english : .korean, fallback: "")
        let prefix = emoji.map { "\($0) " } ?? ""
        return "**\(prefix)\(first)**" + (other.isEmpty || other == first ? "" : " (\(other))") + " · `\(id)`"
    }

    private func juiceText(_ juice: Juice, inventory: Inventory, source: HoverText) -> String {
        let book = result.book
        let availability = inventory.availability(of: juice)
        let recipe = juice.recipe.map { "\(book.displayLabel(of: $0.fruit, in: language)) \($0.amount)" }.joined(separator: " + ")
        var lines = [title(juice.name, id: juice.id.rawValue)]
        if !juice.aliases.isEmpty { lines.append("\(HoverText.aliases.text(in: language)): \(juice.aliases.joined(separator: ", "))") }
        lines.append("\(HoverText.recipe.text(in: language)): \(recipe)")
        if let price = juice.price { lines.append("\(HoverText.price.text(in: language)): \(MoneyText.won(price, in: language))") }
        if let cost = book.fruitCost(of: juice) {
            var line = "\(HoverText.fruitCost.text(in: language)): \(MoneyText.won(cost.total, in: language))"
            if let price = juice.price {
                let margin = price - cost.total
                line += " (\(HoverText.margin.text(in: language)) \(MoneyText.won(margin, in: language)))"
            }
            lines.append(line)
        }
        var made = "\(HoverText.canMake.text(in: language)): \(availability.makeable)"
        if let limiting = availability.limitingFruit {
            made += " (\(HoverText.limitedBy.text(in: language)): \(book.displayLabel(of: limiting, in: language)) `\(limiting.rawValue)`"
            if let more = availability.neededForOneMore[limiting] {
                made += language == .korean ? ", 한 잔 더에 \(more)개 더 필요" : ", +\(more) for one more"
            }
            made += ")"
        }
        lines.append(made + " — " + source.text(in: language))
        return lines.joined(separator: "  \n")
    }

    private func fruitText(_ id: FruitID, inventory: Inventory, source: HoverText, amountInRecipe: Int?) -> String? {
        let book = result.book
        guard let fruit = book.fruit(id) else { return nil }
        var lines = [title(fruit.name, id: id.rawValue, emoji: fruit.emoji)]
        if let amountInRecipe { lines.append("\(HoverText.inThisRecipe.text(in: language)): \(amountInRecipe)") }
        let kept = [
            fruit.cost.map { "\(HoverText.cost.text(in: language)): \(MoneyText.won($0, in: language))" },
            fruit.shelfLife.map { "\(HoverText.shelfLife.text(in: language)): \($0)\(HoverText.days.text(in: language))" },
        ]
        if !kept.compactMap({ $0 }).isEmpty { lines.append(kept.compactMap { $0 }.joined(separator: " · ")) }
        lines.append(
            "\(HoverText.stock.text(in: language)): \(inventory[id]) / \(inventory.capacity(of: id)) "
                + "(\(HoverText.capacity.text(in: language))) — \(source.text(in: language))")
        let users = book.juices.filter { juice in juice.recipe.contains { $0.fruit == id } }
        let names = users.map { "\($0.name.text(in: language, fallback: $0.id.rawValue)) ×\($0.recipe.first { $0.fruit == id }?.amount ?? 0)" }
        lines.append(
            "\(HoverText.usedBy.text(in: language)): " + (names.isEmpty ? HoverText.noJuice.text(in: language) : names.joined(separator: ", ")))
        return lines.joined(separator: "  \n")
    }
}

/// The words of hover text.
enum HoverText {
    case aliases, recipe, price, fruitCost, margin, canMake, limitedBy, initialStock, liveStock, inThisRecipe, stock, capacity, cost,
        shelfLife, days, usedBy, noJuice

    func text(in language: Language) -> String {
        let korean = language == .korean
        switch self {
        case .aliases: return korean ? "별칭" : "aliases"
        case .recipe: return korean ? "레시피" : "recipe"
        case .price: return korean ? "가격" : "price"
        case .fruitCost: return korean ? "과일 원가" : "fruit cost"
        case .margin: return korean ? "남는 돈" : "margin"
        case .cost: return korean ? "원가" : "cost"
        case .shelfLife: return korean ? "보관 기간" : "shelf life"
        case .days: return korean ? "일" : " days"
        case .canMake: return korean ? "가능" : "can make"
        case .limitedBy: return korean ? "부족한 재료" : "limited by"
        case .initialStock: return korean ? "초기 재고 기준" : "from the initial stock"
        case .liveStock: return korean ? "지금 재고 기준" : "from the live stock"
        case .inThisRecipe: return korean ? "이 레시피에" : "in this recipe"
        case .stock: return korean ? "재고" : "stock"
        case .capacity: return korean ? "용량" : "capacity"
        case .usedBy: return korean ? "쓰는 쥬스" : "used by"
        case .noJuice: return korean ? "없음" : "no juice"
        }
    }
}
