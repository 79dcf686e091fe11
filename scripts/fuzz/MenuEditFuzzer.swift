// libFuzzer target: a menu edit (`MenuChange`, as the shop's page asks for one) applied to a recipe set by the menu
// editor's text edits (`MenuTextEditor`, in memory), then checked as the editor checks it (`MenuEditor.check`: lint
// and the live menu). An input is edit bytes, a NUL, then up to four recipe files separated by 0x01 (named
// fruits.yaml, juices.yaml, store.yaml and more.yaml in that order), so that libFuzzer mutates the files too
// (flow style, comments, quoting, anchors) as well as the edit. A set that is not clean to begin with is replaced by
// the default one (`recipes/`).
// The edit must be refused, refused by the check for what it means (a duplicate name, an unknown fruit, a stock
// over capacity…, never for text it wrote badly: a YAML syntax error, a duplicate key, a wrong type), or give a set
// whose recipe book reads back exactly what the edit said, everything else as it was.
#if canImport(Glibc)
import Glibc
#endif
import JuiceCore
import JuiceMenuEditing
import JuiceRecipeText
import JuiceRecipes

/// Stops the run with `message` on standard error unless `condition` holds (a failed property: libFuzzer keeps the
/// input). `precondition` would say nothing in an optimized build.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    failure(message())
}

/// Stops the run with `message` on standard error.
func failure(_ message: String) -> Never {
    var text = message + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    abort()
}

/// Values, good and odd, that an edit draws from.
enum Pool {
    static let texts = [
        "망고", "딸기 주스", "Banana", "바나나쥬스", "it's", "a: b", "a:b", "# not a comment", "a #b", "a# b", "\"quoted\"", "'single'",
        "", " ", "  lead", "trail ", "true", "no", "Off", "~", "null", "123", "1.5", "0x1F", "010", "1:30", "🍓🍓", "🥝", "tab\there",
        "line\nbreak", "cr\rhere", "back\\slash", "{a: 1}", "[x]", "- dash", "-", "? q", "&anchor", "*alias", "!tag", "%percent", "@at",
        "`tick", "|", ">", "a, b", "a,b", "...", "---", ".", "..", "é", "e\u{301}", "\u{A0}nbsp", "\u{FEFF}bom", "\u{2028}ls", "del\u{7F}",
        "nul\u{0}", "bell\u{7}", "nel\u{85}", "c1\u{9F}", "\u{FFFE}", "ps\u{2029}", String(repeating: "x", count: 300),
        String(repeating: "가", count: 120), "ko", "en", "price: 1",
        "{ko: a}", "a\n  b: c", "\\n", "\"", "'", "<<", "=", "😀 grin", "\u{1F1F0}\u{1F1F7}", "kiwi", "Kiwi", "strawberry", "banana-juice",
    ]
    static let juiceIDs = ["new-juice", "mango-juice", "여름-juice", "x", "a.b", "a_b", "a b", "123", "true", "-x", "_x", "banana-juice"]
    static let fruitIDs = ["kiwi", "grape", "mango", "여름", "x.y", "a b", "no", "123", "strawberry", "-f"]
    static let amounts = [0, 1, 2, 3, 5, 10, 30, 99, 100, 101, 150, 1000, -1, 1_000_000, Int.max, Int.min]
    static let files = [
        "juices.yaml", "fruits.yaml", "store.yaml", "more.yaml", "extra.yaml", "new.yml", "sub/x.yaml", "../x.yaml", ".h.yaml", "x.txt",
    ]
}

/// Choices read from the edit bytes (zeros once they run out).
struct Draw {
    var bytes: ArraySlice<UInt8>

    mutating func byte() -> Int { Int(bytes.popFirst() ?? 0) }
    mutating func pick<T>(_ items: [T]) -> T { items[byte() % items.count] }
    mutating func chance() -> Bool { byte() & 1 == 1 }

    mutating func text() -> String {
        let choice = byte()
        guard choice >= 200 else { return Pool.texts[choice % Pool.texts.count] }
        // Raw bytes, repaired as UTF-8.
        let count = byte() % 48
        var raw: [UInt8] = []
        for _ in 0..<count { raw.append(UInt8(byte())) }
        return String(decoding: raw, as: UTF8.self)
    }

    mutating func amount() -> Int {
        let choice = byte()
        return choice < 200 ? Pool.amounts[choice % Pool.amounts.count] : byte() * 256 + byte()
    }

    mutating func name(required: Bool) -> NameChange {
        let korean = chance() ? text() : nil
        let english = chance() || (required && korean == nil) ? text() : nil
        return NameChange(korean: korean, english: english)
    }

    mutating func juice(_ book: RecipeBook) -> JuiceID {
        byte() < 220 && !book.juices.isEmpty ? pick(book.juices).id : JuiceID(chance() ? pick(Pool.juiceIDs) : text())
    }

    mutating func fruit(_ book: RecipeBook) -> FruitID {
        byte() < 220 && !book.fruits.isEmpty ? pick(book.fruits).id : FruitID(chance() ? pick(Pool.fruitIDs) : text())
    }

    /// A recipe of one to three different fruits.
    mutating func recipe(_ book: RecipeBook) -> [Ingredient] {
        var recipe: [Ingredient] = []
        for _ in 0...(byte() % 3) {
            let fruit = fruit(book)
            if !recipe.contains(where: { $0.fruit == fruit }) { recipe.append(Ingredient(fruit: fruit, amount: amount())) }
        }
        return recipe
    }

    mutating func change(_ book: RecipeBook) -> MenuChange {
        switch byte() % 9 {
        case 0: return .changeJuice(juice(book), JuiceChange(price: amount()))
        case 1: return .changeJuice(juice(book), JuiceChange(name: name(required: false)))
        case 2: return .changeJuice(juice(book), JuiceChange(aliases: (0..<(byte() % 4)).map { _ in text() }))
        case 3: return .changeJuice(juice(book), JuiceChange(recipe: recipe(book)))
        case 4:
            return .changeJuice(
                juice(book),
                JuiceChange(
                    price: chance() ? amount() : nil, name: chance() ? name(required: false) : nil,
                    aliases: chance() ? (0..<(byte() % 3)).map { _ in text() } : nil, recipe: chance() ? recipe(book) : nil))
        case 5:
            return .addJuice(
                NewJuice(
                    id: juice(book), name: name(required: true), aliases: chance() ? [text()] : [], price: chance() ? amount() : nil,
                    recipe: recipe(book), file: chance() ? pick(Pool.files) : nil))
        case 6: return .removeJuice(juice(book))
        case 7:
            return .addFruit(
                NewFruit(
                    id: fruit(book), name: name(required: true), emoji: chance() ? text() : nil, stock: chance() ? amount() : nil,
                    capacity: chance() ? amount() : nil, file: chance() ? pick(Pool.files) : nil))
        default:
            return .changeFruit(
                fruit(book),
                FruitChange(
                    name: chance() ? name(required: false) : nil, emoji: chance() ? text() : nil, stock: chance() ? amount() : nil,
                    capacity: chance() ? amount() : nil))
        }
    }
}

/// The rules whose errors refuse an edit for what it means; any other error (but an empty value's) is text the editor
/// wrote badly.
let meaningful: Set<RuleID> = [
    .invalidID, .duplicateID, .duplicateName, .duplicateAlias, .unknownFruit, .invalidQuantity, .integerOverflow, .emptyRecipe,
    .exceedsCapacity, .unknownStockFruit, .stockExceedsCapacity, .limitExceeded,
]

/// Whether `diagnostic` refuses an edit for what it means: a rule of `meaningful`, or an empty value the edit gave.
func isMeaningful(_ diagnostic: Diagnostic) -> Bool {
    if meaningful.contains(diagnostic.rule) { return true }
    switch diagnostic.finding {
    case .emptyText, .emptyName: return true
    default: return false
    }
}

func renamed(_ name: LocalizedName, _ change: NameChange) -> LocalizedName {
    LocalizedName(korean: change.korean ?? name.korean, english: change.english ?? name.english)
}

/// The book `change` should make of `before`.
func expected(_ before: RecipeBook, _ change: MenuChange) -> RecipeBook? {
    var juices = before.juices
    var fruits = before.fruits
    var store = before.store
    switch change {
    case .changeJuice(let id, let change):
        guard let index = juices.firstIndex(where: { $0.id == id }) else { return nil }
        var juice = juices[index]
        if let price = change.price { juice.price = price }
        if let name = change.name { juice.name = renamed(juice.name, name) }
        if let aliases = change.aliases { juice.aliases = aliases }
        if let recipe = change.recipe {
            // Fruits kept in their order with their new amounts, new ones after them in the order given.
            let amounts = Dictionary(recipe.map { ($0.fruit, $0.amount) }, uniquingKeysWith: { $1 })
            let kept = juice.recipe.compactMap { old in amounts[old.fruit].map { Ingredient(fruit: old.fruit, amount: $0) } }
            juice.recipe = kept + recipe.filter { new in !juice.recipe.contains { $0.fruit == new.fruit } }
        }
        juices[index] = juice
    case .addJuice(let new):
        juices.append(
            Juice(id: new.id, name: renamed(LocalizedName(), new.name), aliases: new.aliases, price: new.price, recipe: new.recipe))
    case .removeJuice(let id): juices.removeAll { $0.id == id }
    case .addFruit(let new):
        fruits.append(Fruit(id: new.id, name: renamed(LocalizedName(), new.name), emoji: new.emoji))
        if let stock = new.stock { store.initialStock[new.id] = stock }
        if let capacity = new.capacity, capacity != store.defaultCapacity { store.capacities[new.id] = capacity }
    case .changeFruit(let id, let change):
        guard let index = fruits.firstIndex(where: { $0.id == id }) else { return nil }
        if let name = change.name { fruits[index].name = renamed(fruits[index].name, name) }
        if let emoji = change.emoji { fruits[index].emoji = emoji }
        if let stock = change.stock { store.initialStock[id] = stock }
        // (The default capacity needs no entry of its own: `same` compares each fruit's capacity, not the entries.)
        if let capacity = change.capacity { store.capacities[id] = capacity }
    }
    return RecipeBook(fruits: fruits, juices: juices, store: store)
}

/// Whether two books hold the same fruits, juices and store, in any order.
func same(_ left: RecipeBook, _ right: RecipeBook) -> Bool {
    Dictionary(left.juices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        == Dictionary(right.juices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        && Dictionary(left.fruits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            == Dictionary(right.fruits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        && left.store.defaultCapacity == right.store.defaultCapacity && left.store.initialStock == right.store.initialStock
        && left.fruits.allSatisfy { left.store.capacity(of: $0.id) == right.store.capacity(of: $0.id) }
}

func describe(_ files: [RecipeSourceFile]) -> String {
    files.map { "--- \($0.name)\n" + String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n")
}

let names = ["fruits.yaml", "juices.yaml", "store.yaml", "more.yaml"]
/// The default set, named as in its directory.
let defaultFiles = DefaultRecipes.files.map { RecipeSourceFile(name: $0.name.replacing("recipes/", with: ""), bytes: $0.bytes) }
let defaultCheck = MenuEditor.check(defaultFiles, rules: LoadedRuleConfiguration())

/// libFuzzer's entry point: one input of `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMenuEdits(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 1 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let nul = input.firstIndex(of: 0) ?? size
    let texts = input[min(nul + 1, size)...].split(separator: 1, maxSplits: names.count - 1, omittingEmptySubsequences: false)
    var files = zip(names, texts).map { RecipeSourceFile(name: $0, bytes: Array($1)) }.sorted { $0.name < $1.name }
    var start = MenuEditor.check(files, rules: LoadedRuleConfiguration())
    if !start.errors.isEmpty {
        // Files a mutation broke: the edit is made to the default set instead (so that every input makes one).
        files = defaultFiles
        start = defaultCheck
    }
    let book = start.result.book
    var draw = Draw(bytes: ArraySlice(input[..<nul]))
    let change = draw.change(book)
    // As `MenuEditor.apply`: the file name first, the edits, new files only where no file is.
    switch change {
    case .addJuice(let juice): if let file = juice.file, (try? MenuTextEditor.checkFileName(file)) == nil { return 0 }
    case .addFruit(let fruit): if let file = fruit.file, (try? MenuTextEditor.checkFileName(file)) == nil { return 0 }
    default: break
    }
    let textChange: MenuTextChange
    do { textChange = try MenuTextEditor(files: files, book: book).edits(for: change) } catch { return 0 }
    if textChange.newFiles.contains(where: { new in new.name.contains("/") || files.contains { $0.name == new.name } }) { return 0 }
    let edited = TextEdit.applying(textChange.edits, to: files) + textChange.newFiles
    let check = MenuEditor.check(edited, rules: LoadedRuleConfiguration())
    guard check.errors.isEmpty else {
        let bad = check.errors.filter { !isMeaningful($0) }
        require(bad.isEmpty, "\(change) wrote text that does not read: \(bad)\n\(describe(edited))")
        return 0
    }
    guard let want = expected(book, change) else { failure("\(change) was made, but the book has no such thing") }
    require(
        same(check.result.book, want),
        "\(change) reads back as\n\(check.result.book)\ninstead of\n\(want)\n\(describe(edited))")
    return 0
}
