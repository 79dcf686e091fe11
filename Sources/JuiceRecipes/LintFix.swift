import JuiceCore
import JuiceYAML

/// A suggested fix of a `Diagnostic`, with its values, worded in English or Korean only when shown.
public enum LintFix: Hashable, Sendable {
    /// The YAML layer's suggestion for its problem.
    case yaml(YAMLError)
    /// A key and its value written as one (`key:value`).
    case spaceAfterColon
    /// Add `version: 1` first.
    case addVersion
    /// Write `version: 1`.
    case writeVersion
    /// Add a `name`.
    case addName
    /// Add a `recipe`.
    case addRecipe
    /// Give both names.
    case giveNames
    /// Add a fruit to an empty recipe.
    case addFruit
    /// Rename a key to the one it probably means.
    case renameKey(String, to: String)
    /// Replace a name with the one it probably means.
    case replace(String, with: String)
    /// Use another id.
    case useID(String)
    /// Shorten an id to at most this many characters.
    case shortenID(Int)
    /// Write some text.
    case writeText
    /// Quote the value.
    case quote(String)
    /// Write the number without its leading zero.
    case dropLeadingZero(Int)
    /// Write the number plainly.
    case writeNumber(Int)
    /// Remove the quotes around a number.
    case removeQuotes
    /// Use the fruit in a recipe or remove it.
    case useOrRemoveFruit
    /// Keep one definition.
    case removeOneDefinition
    /// Lower the stock to the capacity, or raise the capacity.
    case lowerStock(to: Int)
    /// Add a stock entry for a fruit.
    case addStock(fruit: String)
    /// Define a fruit, or remove the entry naming it.
    case defineFruitOrRemoveEntry(String)
    /// Define a fruit.
    case defineFruit(String)
    /// Use less of a fruit, or raise its capacity.
    case useAtMost(Int, fruit: String)
    /// Raise a fruit's initial stock.
    case raiseStock(fruit: String, to: Int)
    /// Rename one of the fruits or juices.
    case renameOne(RecipeKind)
    /// Give each fruit or juice its own name.
    case ownName(RecipeKind)
    /// Remove or rename an alias.
    case removeAlias
    /// Write a rule setting.
    case writeSetting(String)
    /// Turn a rule off.
    case turnOff(rule: String)
    /// Raise a juice's price above what its fruits cost, or check the costs of the fruits named.
    case raisePrice(above: Int, orCheck: [String])
    /// Move the event, or take the day out of `closed`.
    case openOrMoveEvent
    /// Add a key, as in the example.
    case addKey(String, example: String)
    /// Define a supplier under `suppliers`, or name one that is.
    case defineSupplier(String)
    /// Find a supplier that delivers sooner, or check the shelf life.
    case fasterSupplier(days: Int)
    /// List at least one order day.
    case addOrderDay
    /// Lower the minimum, or buy more fruits from the supplier.
    case lowerMinimum(to: Int)
    /// Say how the fruit is bought.
    case addBuy(fruit: String)
    /// Write the cost the pack gives, or drop the cost.
    case matchPackCost(Int)

    /// The fix in `language`; nil only for a YAML problem without a general answer.
    public func text(in language: Language) -> String? {
        language == .english ? english : korean
    }

    private var english: String? {
        switch self {
        case .yaml(let error): return error.suggestion
        case .spaceAfterColon: return "put a space after the ':' ('key: value')"
        case .addVersion: return "add 'version: 1' as the first line"
        case .writeVersion: return "write 'version: 1'"
        case .addName: return "add 'name: {ko: …, en: …}'"
        case .addRecipe: return "add 'recipe: {fruit: amount}'"
        case .giveNames: return "give 'ko' and 'en' names"
        case .addFruit: return "add at least one fruit, like {banana: 2}"
        case .renameKey(let name, let suggestion): return "rename '\(name)' to '\(suggestion)'"
        case .replace(let name, let suggestion): return "replace '\(name)' with '\(suggestion)'"
        case .useID(let id): return "use '\(id)'"
        case .shortenID(let maximum): return "shorten it to at most \(maximum) characters"
        case .writeText: return "write some text"
        case .quote(let text): return "quote it: \"\(text)\""
        case .dropLeadingZero(let value): return "write \(value) without the leading zero"
        case .writeNumber(let value): return "write \(value)"
        case .removeQuotes: return "remove the quotes"
        case .useOrRemoveFruit: return "add it to a recipe or remove it"
        case .removeOneDefinition: return "remove one of the definitions"
        case .lowerStock(let capacity): return "lower the stock to \(capacity) or raise the capacity"
        case .addStock(let fruit): return "add '\(fruit): 10' under 'store: stock:'"
        case .defineFruitOrRemoveEntry(let fruit): return "define '\(fruit)' under 'fruits' or remove this entry"
        case .defineFruit(let fruit): return "define '\(fruit)' under 'fruits'"
        case .useAtMost(let capacity, let fruit): return "use at most \(capacity) or raise the capacity of '\(fruit)'"
        case .raiseStock(let fruit, let amount): return "raise the initial stock of '\(fruit)' to \(amount)"
        case .renameOne(let kind): return "rename one of the \(kind.text(in: .english))s"
        case .ownName(let kind): return "give each \(kind.text(in: .english)) its own name"
        case .removeAlias: return "remove the alias or rename it"
        case .writeSetting(let setting): return "write '\(setting)'"
        case .turnOff(let rule): return "write '\(rule): off' to turn the rule off"
        case .raisePrice(let cost, let fruits):
            return "raise the price above \(cost), or check the costs of " + fruits.map { "'\($0)'" }.joined(separator: ", ")
        case .openOrMoveEvent: return "move the event, or take its day out of 'closed'"
        case .addKey(let key, let example): return "add '\(key)', like '\(example)'"
        case .defineSupplier(let supplier): return "define '\(supplier)' under 'suppliers', or name a supplier that is"
        case .fasterSupplier(let days): return "buy it from a supplier that delivers within \(days) days, or check its shelf life"
        case .addOrderDay: return "list at least one day, like [mon, thu], or leave 'order-days' out for every day"
        case .lowerMinimum(let most): return "lower the minimum to at most \(most), or buy more of its fruits there"
        case .addBuy(let fruit): return "add 'buy: {supplier: …, pack: …}' to fruit '\(fruit)'"
        case .matchPackCost(let cost): return "write 'cost: \(cost)', or leave 'cost' out to take it from the pack"
        }
    }

    private var korean: String? {
        switch self {
        case .yaml(let error): return error.suggestion(in: .korean)
        case .spaceAfterColon: return "':' 뒤에 공백을 쓰세요 ('key: value')"
        case .addVersion: return "첫 줄에 'version: 1'을 쓰세요"
        case .writeVersion: return "'version: 1'로 쓰세요"
        case .addName: return "'name: {ko: …, en: …}'을 쓰세요"
        case .addRecipe: return "'recipe: {fruit: amount}'를 쓰세요"
        case .giveNames: return "'ko'와 'en' 이름을 쓰세요"
        case .addFruit: return "{banana: 2}처럼 과일을 하나 이상 쓰세요"
        case .renameKey(let name, let suggestion): return "'\(name)'을(를) '\(suggestion)'(으)로 바꾸세요"
        case .replace(let name, let suggestion): return "'\(name)'을(를) '\(suggestion)'(으)로 바꾸세요"
        case .useID(let id): return "'\(id)'을(를) 쓰세요"
        case .shortenID(let maximum): return "\(maximum)자 이하로 줄이세요"
        case .writeText: return "글자를 쓰세요"
        case .quote(let text): return "따옴표로 감싸세요: \"\(text)\""
        case .dropLeadingZero(let value): return "앞의 0을 빼고 \(value)(으)로 쓰세요"
        case .writeNumber(let value): return "\(value)(으)로 쓰세요"
        case .removeQuotes: return "따옴표를 지우세요"
        case .useOrRemoveFruit: return "레시피에 넣거나 지우세요"
        case .removeOneDefinition: return "정의 하나를 지우세요"
        case .lowerStock(let capacity): return "재고를 \(capacity)(으)로 낮추거나 용량을 늘리세요"
        case .addStock(let fruit): return "'store: stock:' 아래에 '\(fruit): 10'을 쓰세요"
        case .defineFruitOrRemoveEntry(let fruit): return "'fruits' 아래에 '\(fruit)'을(를) 정의하거나 이 항목을 지우세요"
        case .defineFruit(let fruit): return "'fruits' 아래에 '\(fruit)'을(를) 정의하세요"
        case .useAtMost(let capacity, let fruit): return "\(capacity)개 이하로 쓰거나 '\(fruit)'의 용량을 늘리세요"
        case .raiseStock(let fruit, let amount): return "'\(fruit)'의 초기 재고를 \(amount)(으)로 늘리세요"
        case .renameOne(let kind): return "\(kind.text(in: .korean)) 하나의 이름을 바꾸세요"
        case .ownName(let kind): return "\(kind.text(in: .korean))마다 다른 이름을 주세요"
        case .removeAlias: return "별칭을 지우거나 바꾸세요"
        case .writeSetting(let setting): return "'\(setting)'(으)로 쓰세요"
        case .turnOff(let rule): return "규칙을 끄려면 '\(rule): off'로 쓰세요"
        case .raisePrice(let cost, let fruits):
            return "가격을 \(cost)보다 높이거나 " + fruits.map { "'\($0)'" }.joined(separator: ", ") + "의 원가를 확인하세요"
        case .openOrMoveEvent: return "행사 날짜를 옮기거나 'closed'에서 그날을 빼세요"
        case .addKey(let key, let example): return "'\(example)'처럼 '\(key)'을(를) 쓰세요"
        case .defineSupplier(let supplier): return "'suppliers' 아래에 '\(supplier)'을(를) 정의하거나 있는 거래처를 쓰세요"
        case .fasterSupplier(let days): return "\(days)일 안에 가져오는 거래처에서 사거나 보관 기간을 확인하세요"
        case .addOrderDay: return "[mon, thu]처럼 요일을 하나 이상 쓰거나, 매일 주문하려면 'order-days'를 빼세요"
        case .lowerMinimum(let most): return "최소 주문 금액을 \(most) 이하로 낮추거나 그 거래처에서 과일을 더 사세요"
        case .addBuy(let fruit): return "과일 '\(fruit)'에 'buy: {supplier: …, pack: …}'을 쓰세요"
        case .matchPackCost(let cost): return "'cost: \(cost)'로 쓰거나, 묶음 가격에서 계산하도록 'cost'를 빼세요"
        }
    }
}
