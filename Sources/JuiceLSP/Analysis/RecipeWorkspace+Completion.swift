import JuiceCore
import JuiceRecipeText
import JuiceRecipes

extension RecipeWorkspace {
    /// The keys the format allows under each kind of mapping.
    private static func keys(under path: [String]) -> [String]? {
        switch path.count {
        case 0: return ["version", "fruits", "juices", "store", "suppliers", "calendar"]
        case 1 where path[0] == "calendar": return ["closed", "events"]
        case 2 where path == ["calendar", "events"]: return ["date", "factor", "note"]
        case 1 where path[0] == "store": return ["capacity", "stock"]
        case 2 where path[0] == "fruits": return ["name", "emoji", "cost", "shelf-life", "buy"]
        case 2 where path[0] == "juices": return ["name", "aliases", "price", "recipe"]
        case 2 where path[0] == "suppliers": return ["name", "lead-time", "order-days", "minimum", "cut-off"]
        case 3 where path[0] == "fruits" && path[2] == "buy": return ["supplier", "pack", "price"]
        case 3 where path[2] == "name" && ["fruits", "juices", "suppliers"].contains(path[0]): return ["ko", "en"]
        default: return nil
        }
    }

    /// What can be typed at byte `offset` of `file`: fruit ids in a recipe or the store section, juice ids where a
    /// juice is named, keys where the format allows them, supplier ids as a fruit's `buy: supplier`, days in a
    /// supplier's `order-days` and in the calendar's `closed`.
    package func completions(in file: String, at offset: Int, liveStock: [FruitID: Int]? = nil) -> [CompletionCandidate] {
        guard let source = source(named: file), files.contains(where: { $0.name == file }) else { return [] }
        let index = LineIndex(source.bytes)
        let path = KeyPath(at: offset, in: index)
        let replacing = TextSpan(file: file, start: path.word.lowerBound, end: path.word.upperBound)
        if path.isSequenceItem, Self.keys(under: path.keys) == nil, let sequenceKey = path.keys.last {
            // An item of a block list of values (`closed:` then `  - tu`): as if typed in `closed: [tu`.
            var item = path
            item.keys.removeLast()
            item.atKey = false
            item.valueKey = sequenceKey
            return valueCandidates(item, in: source, index: index, at: offset, replacing: replacing)
        }
        guard path.atKey else { return valueCandidates(path, in: source, index: index, at: offset, replacing: replacing) }
        // Over a key that has its colon already, only the key is replaced.
        var after = path.word.upperBound
        while after < index.bytes.count, index.bytes[after] == UInt8(ascii: " ") { after += 1 }
        let suffix = after < index.bytes.count && index.bytes[after] == UInt8(ascii: ":") ? "" : ": "
        let keys = path.keys
        let book = book(whileTyping: index.line(ofByteOffset: offset), in: source)
        let isRecipe = keys.count == 3 && keys[0] == "juices" && keys[2] == "recipe"
        let isStore = keys.count == 2 && keys[0] == "store" && (keys[1] == "stock" || keys[1] == "capacity")
        if isRecipe || isStore { return fruitCandidates(from: book, replacing: replacing, suffix: suffix, liveStock: liveStock) }
        if keys == ["juices"] { return juiceCandidates(from: book, replacing: replacing) }
        guard let allowed = Self.keys(under: keys) else { return [] }
        return allowed.map { key in
            CompletionCandidate(
                label: key, kind: .key, detail: KeyText.detail(of: key, under: keys, in: language), insertText: key + suffix, replacing: replacing)
        }
    }

    /// The book completion offers from: this one, or, when the file being typed in does not parse (a half-typed line
    /// usually breaks it), the book of the set without the 0-based `line` being typed.
    private func book(whileTyping line: Int, in source: RecipeSourceFile) -> RecipeBook {
        guard let outline = outline(of: source.name), !outline.parsed else { return result.book }
        let range = outline.index.byteRange(ofLine: line)
        var bytes = source.bytes
        bytes.removeSubrange(range)
        let files = files.map { $0.name == source.name ? RecipeSourceFile(name: source.name, bytes: bytes) : $0 }
        return RecipeLoader().load(files: files).book
    }

    private func fruitCandidates(from book: RecipeBook, replacing: TextSpan, suffix: String, liveStock: [FruitID: Int]?) -> [CompletionCandidate] {
        let initial = Inventory(fruits: book.fruits.map(\.id), store: book.store)
        let inventory = liveStock.map { Inventory(counts: $0, capacities: initial.capacities) } ?? initial
        let stockWord = liveStock == nil ? (language == .korean ? "초기 재고" : "initial stock") : (language == .korean ? "지금 재고" : "in stock")
        return book.fruits.map { fruit in
            let names = [fruit.emoji, fruit.name.korean, fruit.name.english].compactMap { $0 }.joined(separator: " ")
            return CompletionCandidate(
                label: fruit.id.rawValue, kind: .fruit, detail: "\(names) — \(stockWord) \(inventory[fruit.id])/\(inventory.capacity(of: fruit.id))",
                insertText: fruit.id.rawValue + suffix, replacing: replacing)
        }
    }

    /// The values offered where one is typed: a fruit's supplier, a supplier's order days.
    private func valueCandidates(
        _ path: KeyPath, in source: RecipeSourceFile, index: LineIndex, at offset: Int, replacing: TextSpan
    ) -> [CompletionCandidate] {
        let keys = path.keys
        if path.valueKey == "supplier", keys.count == 3, keys[0] == "fruits", keys[2] == "buy" {
            let book = book(whileTyping: index.line(ofByteOffset: offset), in: source)
            return book.suppliers.map { supplier in
                let names = [supplier.name.korean, supplier.name.english].compactMap { $0 }.joined(separator: " · ")
                let days = supplier.orderDays.count == 7 ? "" : " · " + supplier.orderDays.sorted().map(\.fileName).joined(separator: ", ")
                let lead = language == .korean ? "배송 \(supplier.leadTime)일" : "lead time \(supplier.leadTime) d"
                return CompletionCandidate(label: supplier.id.rawValue, kind: .supplier, detail: "\(names) — \(lead)\(days)", replacing: replacing)
            }
        }
        if (path.valueKey == "order-days" && keys.count == 2 && keys[0] == "suppliers") || (path.valueKey == "closed" && keys == ["calendar"]) {
            return Weekday.allCases.map { day in
                CompletionCandidate(label: day.fileName, kind: .day, detail: day.name(in: language), replacing: replacing)
            }
        }
        return []
    }

    private func juiceCandidates(from book: RecipeBook, replacing: TextSpan) -> [CompletionCandidate] {
        return book.juices.map { juice in
            let names = [juice.name.korean, juice.name.english].compactMap { $0 }.joined(separator: " · ")
            let recipe = juice.recipe.map { "\(book.displayLabel(of: $0.fruit, in: language)) \($0.amount)" }.joined(separator: " + ")
            return CompletionCandidate(label: juice.id.rawValue, kind: .juice, detail: names, documentation: recipe, replacing: replacing)
        }
    }
}

/// What each key of the format holds, beside its completion.
enum KeyText {
    static func detail(of key: String, under path: [String], in language: Language) -> String {
        let korean = language == .korean
        switch (path.first, key) {
        case (nil, "version"): return korean ? "형식 버전: 1" : "format version: 1"
        case (nil, "fruits"): return korean ? "과일: id → 이름, 이모지, 원가, 보관 기간" : "fruits: id → name, emoji, cost, shelf life"
        case (nil, "juices"): return korean ? "쥬스: id → 이름, 별칭, 가격, 레시피" : "juices: id → name, aliases, price, recipe"
        case (nil, "store"): return korean ? "가게: 용량과 초기 재고" : "store: capacity and initial stock"
        case (_, "capacity"): return korean ? "과일마다 (또는 모두) 담을 수 있는 최대 개수" : "the most of each fruit (or every fruit) the store holds"
        case (_, "stock"): return korean ? "과일마다 초기 재고" : "each fruit's initial stock"
        case (_, "name"): return korean ? "이름: {ko: …, en: …}" : "names: {ko: …, en: …}"
        case (_, "emoji"): return korean ? "이모지 하나" : "one emoji"
        case (_, "cost"): return korean ? "하나의 원가 (원)" : "cost of one (won)"
        case (_, "shelf-life"): return korean ? "상하기 전까지 보관할 수 있는 날 수" : "days it keeps before it spoils"
        case (_, "aliases"): return korean ? "주문에 쓸 수 있는 다른 이름들" : "other names orders may use"
        case (nil, "calendar"): return korean ? "달력: 쉬는 날과 행사" : "calendar: closing days and events"
        case (_, "closed"): return korean ? "쉬는 요일과 날짜: [sun, 2026-02-16]" : "closing days and dates: [sun, 2026-02-16]"
        case (_, "events"): return korean ? "행사: [{date, factor, note}]" : "events: [{date, factor, note}]"
        case (_, "date"): return korean ? "날짜: 2026-05-05" : "date: 2026-05-05"
        case (_, "factor"): return korean ? "보통 날 대비 수요 배율: 1.5" : "demand against a usual day: 1.5"
        case (_, "note"): return korean ? "메모: 어린이날" : "note: Children's Day"
        case (nil, "suppliers"):
            return korean ? "거래처: id → 이름, 배송 기간, 주문 요일, 최소 금액, 마감" : "suppliers: id → name, lead time, order days, minimum, cut-off"
        case (_, "buy"): return korean ? "사는 곳: {supplier, pack, price}" : "how it is bought: {supplier, pack, price}"
        case (_, "supplier"): return korean ? "거래처 id" : "a supplier's id"
        case (_, "pack"): return korean ? "한 묶음의 개수" : "units in a pack"
        case ("fruits", "price"): return korean ? "한 묶음의 가격 (원)" : "price of a pack (won)"
        case (_, "lead-time"): return korean ? "주문에서 배송까지 날 수" : "days from order to delivery"
        case (_, "order-days"): return korean ? "주문할 수 있는 요일: [mon, wed, fri]" : "days an order can be placed: [mon, wed, fri]"
        case (_, "minimum"): return korean ? "한 번 주문의 최소 금액 (원)" : "least an order may come to (won)"
        case (_, "cut-off"): return korean ? "그날 주문으로 치는 마지막 시각: \"14:00\"" : "last time an order counts for the day: \"14:00\""
        case (_, "price"): return korean ? "가격 (원)" : "price (won)"
        case (_, "recipe"): return korean ? "레시피: 과일 → 개수" : "recipe: fruit → amount"
        case (_, "ko"): return korean ? "한국어 이름" : "Korean name"
        case (_, "en"): return korean ? "영어 이름" : "English name"
        default: return key
        }
    }
}
