import JuiceCore
import JuiceYAML

/// What a lint rule found, with its values: the message of a `Diagnostic`, worded in English or Korean only when shown.
public enum LintFinding: Hashable, Sendable {
    // MARK: The YAML layer's

    /// A problem the YAML layer found.
    case yaml(YAMLError)

    // MARK: One file's structure and values

    /// A section that must be a mapping is something else.
    case expectedMapping(RecipeSection, found: YAMLValueDescription)
    /// A file without `version`.
    case missingVersion
    /// A `version` other than the one this JuiceMaker reads.
    case unsupportedVersion(Int, supported: Int)
    /// A fruit or juice without `name`.
    case missingName(RecipeEntry)
    /// A juice without `recipe`.
    case missingRecipe(juice: String)
    /// A name mapping with nothing in it.
    case emptyName(RecipeEntry)
    /// A juice whose recipe names no fruit.
    case emptyRecipe(juice: String)
    /// A key the format does not define where it stands, with the allowed key it probably means.
    case unknownKey(String, in: KeyPlace, suggestion: String?)
    /// A fruit or juice id with characters ids may not hold.
    case invalidID(RecipeKind, id: String)
    /// A fruit or juice id made only of dots (`.`, `..`), which no URL can name.
    case onlyDotsID(RecipeKind, id: String)
    /// A fruit or juice id of `length` characters, more than `maximum`.
    case idTooLong(RecipeKind, id: String, length: Int, maximum: Int)
    /// A value of the wrong type.
    case wrongType(RecipeField, expected: ExpectedValue, found: YAMLValueDescription)
    /// A text field left empty.
    case emptyText(RecipeField)
    /// A number with a leading zero, which YAML 1.1 tools read as octal.
    case octalInYAML11(written: String, value: Int, octal: Int)
    /// A `0o` number, which YAML 1.1 tools read as text.
    case textInYAML11(written: String, value: Int)
    /// Text that YAML 1.1 tools read as something else.
    case readDifferentlyInYAML11(written: String, subject: YAML11Subject, reading: YAML11Reading)
    /// A quantity below its minimum.
    case belowMinimum(RecipeField, value: Int, minimum: Int)
    /// A quantity above the most allowed.
    case aboveMaximum(RecipeField, value: Int, maximum: Int)
    /// An integer that does not fit in 64 bits.
    case integerOverflow(RecipeField, written: String)
    /// A fractional number where a whole one must stand.
    case notWholeNumber(RecipeField, written: String)
    /// A quoted value where a whole number must stand.
    case quotedWhereNumber(RecipeField, text: String)
    /// Text where a whole number must stand, which YAML 1.1 tools would read as a number or a boolean.
    case numberInYAML11(RecipeField, written: String, reading: YAML11Reading)

    // MARK: The recipe set's

    /// A fruit no juice uses.
    case unusedFruit(String)
    /// Something defined twice across the files.
    case definedTwice(RecipeDefinition)
    /// Initial stock above the fruit's capacity.
    case stockAboveCapacity(fruit: String, stock: Int, capacity: Int)
    /// A fruit without a stock entry.
    case missingStock(fruit: String)
    /// Stock or capacity given for a fruit that is not defined.
    case unknownStockFruit(fruit: String, stock: Bool, suggestion: String?)
    /// A recipe needs more of a fruit than the store can hold.
    case exceedsCapacity(juice: String, fruit: String, amount: Int, capacity: Int)
    /// A recipe needs more of a fruit than the store starts with.
    case exceedsInitialStock(juice: String, fruit: String, amount: Int, stock: Int)
    /// A recipe names a fruit that is not defined.
    case unknownFruit(String, juice: String, suggestion: String?)
    /// An id that is the same name as another's id, name or alias (`differs`: only under `NameKey`, not as text).
    case idIsAnotherName(RecipeEntry, same: NameClaim, differs: Bool)
    /// Two fruits or juices with the same name; `same` is the other's.
    case nameTaken(RecipeKind, name: String, same: NameClaim, differs: Bool)
    /// An alias that is another's id, name or alias.
    case aliasTaken(alias: String, of: RecipeEntry, same: NameClaim, differs: Bool)
    /// A juice whose price is at or below what its fruits cost.
    case priceNotAboveCost(juice: String, price: Int, cost: RecipeCost)
    /// A mapping without a key it needs (a supplier's `lead-time`, a `buy`'s `supplier`).
    case missingKey(String, in: RecipeSection)
    /// A number that must be above 0 and is not (an event's factor).
    case notAboveZero(RecipeField, written: String)
    /// An event on a day the calendar says the shop is closed.
    case eventOnClosedDay(date: String)
    /// A day or date the calendar's `closed` gives twice.
    case closedTwice(day: String)
    /// A fruit bought from a supplier that is not defined.
    case unknownSupplier(String, fruit: String, suggestion: String?)
    /// A day name other than `mon` … `sun`.
    case unknownWeekday(String, suggestion: String?)
    /// A fruit whose supplier takes longer to deliver than the fruit keeps.
    case leadTimeBeyondShelfLife(fruit: String, supplier: String, leadTime: Int, shelfLife: Int)
    /// A supplier whose `order-days` list is empty.
    case noOrderDay(supplier: String)
    /// A supplier's minimum above what the store can ever hold of its fruits, at their costs.
    case unreachableMinimum(supplier: String, minimum: Int, most: Int)
    /// A fruit a juice on the menu uses that has no supplier, in a set that has suppliers.
    case noWayToBuy(fruit: String)
    /// A fruit whose `cost` is not its pack price over its pack.
    case costDisagreesWithPack(fruit: String, cost: Int, price: Int, pack: Int)

    // MARK: The rule configuration file's

    /// A `.juicelint.yaml` that is not a mapping.
    case configurationNotAMapping(found: YAMLValueDescription)
    /// `rules` that is not a mapping.
    case rulesNotAMapping(found: YAMLValueDescription)
    /// A rule set to something other than off, warning or error.
    case badRuleSetting(rule: String, found: YAMLValueDescription)
    /// A key other than `rules` in `.juicelint.yaml`.
    case unknownConfigurationKey(String, suggestion: String?)
    /// A rule id no rule has.
    case unknownRule(String, suggestion: String?)

    /// The finding in `language`.
    public func message(in language: Language) -> String {
        language == .english ? english : korean
    }

    private static let rulesExample = "'rules: {exceeds-initial-stock: off}'"
    private static let sameKey = "names match ignoring case, spaces, '-' and '_'"

    private var english: String {
        switch self {
        case .yaml(let error):
            switch error {
            case .emptyFile: return error.message + "; expected a mapping starting with 'version: 1'"
            case .unsupportedTag(let tag, _): return "unsupported tag '\(tag)'; recipe files use plain YAML values only"
            default: return error.message
            }
        case .expectedMapping(let section, let found):
            return "expected \(section.expected(in: .english)) for \(section.text(in: .english)), got \(found)"
        case .missingVersion:
            return "missing 'version'; recipe files start with 'version: 1'"
        case .unsupportedVersion(let version, let supported):
            return "unsupported version \(version); this JuiceMaker reads version \(supported)"
        case .missingName(let entry):
            return "\(entry.text(in: .english)) has no 'name'"
        case .missingRecipe(let juice):
            return "juice '\(juice)' has no 'recipe'"
        case .emptyName(let owner):
            return "the name of \(owner.text(in: .english)) is empty"
        case .emptyRecipe(let juice):
            return "juice '\(juice)' has an empty recipe"
        case .unknownKey(let name, let place, let suggestion):
            return "unknown key '\(name)' \(place.text(in: .english))"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of " + place.allowed.map { "'\($0)'" }.joined(separator: ", "))
        case .invalidID(let kind, let id):
            return "\(kind.text(in: .english)) id '\(id)' may hold only letters, digits, '-', '_' and '.'"
        case .onlyDotsID(let kind, let id):
            return "\(kind.text(in: .english)) id '\(id)' is only dots, which a URL cannot name; an id needs a letter or a digit"
        case .idTooLong(let kind, let id, let length, let maximum):
            return "\(kind.text(in: .english)) id '\(RecipeLimits.shortened(id))' is \(length) characters long; an id holds at most \(maximum)"
        case .wrongType(let field, let expected, let found):
            return "expected \(expected.text(in: .english)) for the \(field.text(in: .english)), got \(found)"
        case .emptyText(let field):
            return "the \(field.text(in: .english)) is empty"
        case .octalInYAML11(let written, let value, let octal):
            return "'\(written)' is \(value) here, but YAML 1.1 tools read it as octal \(octal)"
        case .textInYAML11(let written, let value):
            return "'\(written)' is \(value) here, but YAML 1.1 tools read it as text"
        case .readDifferentlyInYAML11(let written, let subject, let reading):
            return "'\(written)' is text here, but YAML 1.1 tools read \(subject.text(in: .english)) as \(reading)"
        case .belowMinimum(let field, let value, let minimum):
            return "the \(field.text(in: .english)) is \(value == 0 ? "zero" : "negative") (\(value)); it must be at least \(minimum)"
        case .aboveMaximum(let field, let value, let maximum):
            return "the \(field.text(in: .english)) is \(value); the most allowed is \(maximum)"
        case .integerOverflow(let field, let written):
            return "the \(field.text(in: .english)) \(written) does not fit in a 64-bit integer"
        case .notWholeNumber(let field, let written):
            return "the \(field.text(in: .english)) must be a whole number, not \(written)"
        case .quotedWhereNumber(let field, let text):
            return "expected a whole number for the \(field.text(in: .english)), got the text \"\(text)\""
        case .numberInYAML11(let field, let written, let reading):
            return "expected a whole number for the \(field.text(in: .english)), got '\(written)' (YAML 1.1 tools would read it as \(reading))"
        case .unusedFruit(let fruit):
            return "no juice uses fruit '\(fruit)'"
        case .definedTwice(let definition):
            return "\(definition.text(in: .english)) is defined twice"
        case .stockAboveCapacity(let fruit, let stock, let capacity):
            return "the stock of '\(fruit)' is \(stock), above its capacity of \(capacity)"
        case .missingStock(let fruit):
            return "fruit '\(fruit)' has no stock entry; it starts at 0"
        case .unknownStockFruit(let fruit, let stock, let suggestion):
            return "\(stock ? "stock" : "capacity") given for unknown fruit '\(fruit)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .exceedsCapacity(let juice, let fruit, let amount, let capacity):
            return "juice '\(juice)' needs \(amount) '\(fruit)' but the store holds at most \(capacity); it can never be made"
        case .exceedsInitialStock(let juice, let fruit, let amount, let stock):
            return "juice '\(juice)' needs \(amount) '\(fruit)' but the store starts with \(stock); it cannot be made until restocked"
        case .unknownFruit(let fruit, let juice, let suggestion):
            return "unknown fruit '\(fruit)' in juice '\(juice)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .idIsAnotherName(let entry, let same, let differs):
            return "\(entry.kind.text(in: .english)) id '\(entry.id)' is the same name as \(same.text(in: .english))"
                + (differs ? "; \(Self.sameKey)" : "")
        case .nameTaken(let kind, let name, let same, let differs):
            return "two \(kind.text(in: .english))s are named '\(name)'" + (same.role == .id ? " (it is \(same.text(in: .english)))" : "")
                + (differs ? "; \(Self.sameKey)" : "")
        case .aliasTaken(let alias, let owner, let same, let differs):
            return "alias '\(alias)' of \(owner.text(in: .english)) is already \(same.text(in: .english))" + (differs ? "; \(Self.sameKey)" : "")
        case .priceNotAboveCost(let juice, let price, let cost):
            let shares = Self.costliest(cost, more: { "and \($0) more" })
            return price < cost.total
                ? "juice '\(juice)' sells for \(price), below the \(Self.amount(cost.total)) its fruits cost (\(shares))"
                : "juice '\(juice)' sells for \(price), exactly what its fruits cost (\(shares)); it earns nothing on them"
        case .configurationNotAMapping(let found):
            return "expected a mapping with 'rules', like \(Self.rulesExample), not \(found)"
        case .rulesNotAMapping(let found):
            return "'rules' must map rule ids to off, warning or error, like \(Self.rulesExample), not \(found)"
        case .badRuleSetting(let rule, let found):
            return "rule '\(rule)' must be off, warning or error, not \(found)"
        case .unknownConfigurationKey(let key, let suggestion):
            return "unknown key '\(key)' in \(RuleConfiguration.fileName)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "; the file holds only 'rules'")
        case .unknownRule(let name, let suggestion):
            return "unknown rule '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'juice lint --list-rules' lists them")
        case .missingKey(let key, let section):
            return "\(section.text(in: .english)) has no '\(key)'"
        case .notAboveZero(let field, let written):
            return "the \(field.text(in: .english)) is \(written); it must be above 0 (1 is a usual day, 1.5 half again as busy)"
        case .eventOnClosedDay(let date):
            return "the event on \(date) falls on a day the calendar says the shop is closed"
        case .closedTwice(let day):
            return "'\(day)' is closed twice in 'calendar'; was another day meant?"
        case .unknownSupplier(let supplier, let fruit, let suggestion):
            return "fruit '\(fruit)' is bought from unknown supplier '\(supplier)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownWeekday(let day, let suggestion):
            return "unknown day '\(day)'; days are mon, tue, wed, thu, fri, sat, sun" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .leadTimeBeyondShelfLife(let fruit, let supplier, let leadTime, let shelfLife):
            return "supplier '\(supplier)' delivers fruit '\(fruit)' \(leadTime) days after the order, but it keeps only \(shelfLife)"
                + "; it would arrive spoiled"
        case .noOrderDay(let supplier):
            return "supplier '\(supplier)' has no order day, so nothing can ever be ordered from it"
        case .unreachableMinimum(let supplier, let minimum, let most):
            return "the minimum order of supplier '\(supplier)' is \(minimum), but a full store of its fruits costs only \(most)"
        case .noWayToBuy(let fruit):
            return "fruit '\(fruit)' is used on the menu but has no supplier ('buy'), so no purchase order can include it"
        case .costDisagreesWithPack(let fruit, let cost, let price, let pack):
            return "fruit '\(fruit)' costs \(cost) a unit, but its pack of \(pack) costs \(price) (\(Self.perUnit(price, pack)) a unit)"
        }
    }

    private var korean: String {
        switch self {
        case .yaml(let error):
            switch error {
            case .emptyFile: return error.message(in: .korean) + ". 'version: 1'로 시작하는 매핑이어야 해요"
            case .unsupportedTag(let tag, _): return "태그 '\(tag)'은(는) 쓸 수 없어요. 레시피 파일은 평범한 YAML 값만 써요"
            default: return error.message(in: .korean)
            }
        case .expectedMapping(let section, let found):
            return "\(KoreanParticle.topic.after(section.text(in: .korean))) \(section.expected(in: .korean))이어야 해요 (지금: \(found.text(in: .korean)))"
        case .missingVersion:
            return "'version'이 없어요. 레시피 파일은 'version: 1'로 시작해요"
        case .unsupportedVersion(let version, let supported):
            return "버전 \(KoreanParticle.topic.after(version)) 읽을 수 없어요. 이 JuiceMaker는 버전 \(KoreanParticle.object.after(supported)) 읽어요"
        case .missingName(let entry):
            return "\(entry.text(in: .korean))에 'name'이 없어요"
        case .missingRecipe(let juice):
            return "쥬스 '\(juice)'에 'recipe'가 없어요"
        case .emptyName(let owner):
            return "\(owner.text(in: .korean))의 이름이 비었어요"
        case .emptyRecipe(let juice):
            return "쥬스 '\(juice)'의 레시피가 비었어요"
        case .unknownKey(let name, let place, let suggestion):
            return "\(place.text(in: .korean))에 없는 키예요: '\(name)'"
                + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? ". 쓸 수 있는 키: " + place.allowed.map { "'\($0)'" }.joined(separator: ", "))
        case .invalidID(let kind, let id):
            return "\(kind.text(in: .korean)) id '\(id)'에는 글자, 숫자, '-', '_', '.'만 쓸 수 있어요"
        case .onlyDotsID(let kind, let id):
            return "\(kind.text(in: .korean)) id '\(id)'은(는) 점으로만 되어 있어서 주소(URL)로 가리킬 수 없어요. 글자나 숫자를 넣으세요"
        case .idTooLong(let kind, let id, let length, let maximum):
            return "\(kind.text(in: .korean)) id '\(RecipeLimits.shortened(id))'은(는) \(length)자예요. id는 \(maximum)자까지 쓸 수 있어요"
        case .wrongType(let field, let expected, let found):
            let mustBe = KoreanParticle.mustBe.after(expected.text(in: .korean))
            return "\(KoreanParticle.topic.after(field.text(in: .korean))) \(mustBe) 해요 (지금: \(found.text(in: .korean)))"
        case .emptyText(let field):
            return "\(KoreanParticle.subject.after(field.text(in: .korean))) 비었어요"
        case .octalInYAML11(let written, let value, let octal):
            return "'\(written)'은(는) 여기서 \(value)이지만, YAML 1.1 도구는 8진수 \(octal)로 읽어요"
        case .textInYAML11(let written, let value):
            return "'\(written)'은(는) 여기서 \(value)이지만, YAML 1.1 도구는 글자로 읽어요"
        case .readDifferentlyInYAML11(let written, let subject, let reading):
            return "'\(written)'은(는) 여기서 글자지만, YAML 1.1 도구는 \(KoreanParticle.object.after(subject.text(in: .korean))) \(reading.korean)(으)로 읽어요"
        case .belowMinimum(let field, let value, let minimum):
            return "\(KoreanParticle.subject.after(field.text(in: .korean))) \(value == 0 ? "0이에요" : "음수예요 (\(value))"). \(minimum) 이상이어야 해요"
        case .aboveMaximum(let field, let value, let maximum):
            return "\(KoreanParticle.subject.after(field.text(in: .korean))) \(value)예요. 최대 \(maximum)까지 쓸 수 있어요"
        case .integerOverflow(let field, let written):
            return "\(field.text(in: .korean)) \(KoreanParticle.topic.after(written)) 64비트 정수에 들어가지 않아요"
        case .notWholeNumber(let field, let written):
            return "\(KoreanParticle.topic.after(field.text(in: .korean))) 정수여야 해요 (지금: \(written))"
        case .quotedWhereNumber(let field, let text):
            return "\(KoreanParticle.topic.after(field.text(in: .korean))) 정수여야 해요 (지금: 글자 \"\(text)\")"
        case .numberInYAML11(let field, let written, let reading):
            return "\(KoreanParticle.topic.after(field.text(in: .korean))) 정수여야 해요 (지금: '\(written)', YAML 1.1 도구는 \(reading.korean)(으)로 읽어요)"
        case .unusedFruit(let fruit):
            return "과일 '\(fruit)'을(를) 쓰는 쥬스가 없어요"
        case .definedTwice(let definition):
            return "\(KoreanParticle.subject.after(definition.text(in: .korean))) 두 번 정의됐어요"
        case .stockAboveCapacity(let fruit, let stock, let capacity):
            return "'\(fruit)'의 재고(\(stock))가 용량 \(capacity)보다 많아요"
        case .missingStock(let fruit):
            return "과일 '\(fruit)'의 재고 항목이 없어요. 0에서 시작해요"
        case .unknownStockFruit(let fruit, let stock, let suggestion):
            return "없는 과일 '\(fruit)'의 \(stock ? "재고가" : "용량이") 있어요" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? "")
        case .exceedsCapacity(let juice, let fruit, let amount, let capacity):
            return "쥬스 '\(juice)'에 '\(fruit)'이(가) \(amount)개 필요하지만 가게에는 최대 \(capacity)개만 들어가요. 이 쥬스는 만들 수 없어요"
        case .exceedsInitialStock(let juice, let fruit, let amount, let stock):
            return "쥬스 '\(juice)'에 '\(fruit)'이(가) \(amount)개 필요하지만 가게는 \(stock)개로 시작해요. 재고를 채우기 전에는 만들 수 없어요"
        case .unknownFruit(let fruit, let juice, let suggestion):
            return "쥬스 '\(juice)'에 없는 과일이 있어요: '\(fruit)'" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? "")
        case .idIsAnotherName(let entry, let same, let differs):
            return "\(entry.kind.text(in: .korean)) id '\(entry.id)'은(는) \(same.text(in: .korean))과(와) 같은 이름이에요" + (differs ? Self.koreanSameKey : "")
        case .nameTaken(let kind, let name, let same, let differs):
            return "\(kind.text(in: .korean)) 둘의 이름이 '\(name)'이에요" + (same.role == .id ? " (\(same.text(in: .korean))이에요)" : "")
                + (differs ? Self.koreanSameKey : "")
        case .aliasTaken(let alias, let owner, let same, let differs):
            return "\(owner.text(in: .korean))의 별칭 '\(alias)'은(는) 이미 \(same.text(in: .korean))이에요" + (differs ? Self.koreanSameKey : "")
        case .priceNotAboveCost(let juice, let price, let cost):
            let shares = Self.costliest(cost, more: { "외 \($0)개" })
            return price < cost.total
                ? "쥬스 '\(juice)'의 가격 \(KoreanParticle.subject.after(price)) 과일 원가 \(Self.amount(cost.total))보다 낮아요 (\(shares))"
                : "쥬스 '\(juice)'의 가격 \(KoreanParticle.subject.after(price)) 과일 원가와 같아서 남는 게 없어요 (\(shares))"
        case .configurationNotAMapping(let found):
            return "\(Self.rulesExample) 같은 'rules' 매핑이어야 해요 (지금: \(found.text(in: .korean)))"
        case .rulesNotAMapping(let found):
            return "'rules'는 \(Self.rulesExample)처럼 규칙 id를 off, warning, error로 잇는 매핑이어야 해요 (지금: \(found.text(in: .korean)))"
        case .badRuleSetting(let rule, let found):
            return "규칙 '\(rule)'은(는) off, warning, error 중 하나여야 해요 (지금: \(found.text(in: .korean)))"
        case .unknownConfigurationKey(let key, let suggestion):
            return "\(RuleConfiguration.fileName)에 없는 키예요: '\(key)'" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? ". 이 파일에는 'rules'만 있어요")
        case .unknownRule(let name, let suggestion):
            return "없는 규칙이에요: '\(name)'" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? ". 'juice lint --list-rules'로 규칙을 볼 수 있어요")
        case .missingKey(let key, let section):
            return "\(section.text(in: .korean))에 '\(key)'이(가) 없어요"
        case .notAboveZero(let field, let written):
            return "\(KoreanParticle.subject.after(field.text(in: .korean))) \(written)이에요. 0보다 커야 해요 (1은 보통 날, 1.5는 절반 더 바쁜 날)"
        case .eventOnClosedDay(let date):
            return "\(date) 행사는 달력에서 가게가 쉬는 날이에요"
        case .closedTwice(let day):
            return "'calendar'의 쉬는 날에 '\(day)'이(가) 두 번 있어요. 다른 날을 쓰려던 건가요?"
        case .unknownSupplier(let supplier, let fruit, let suggestion):
            return "과일 '\(fruit)'을(를) 사는 거래처 '\(supplier)'이(가) 없어요" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? "")
        case .unknownWeekday(let day, let suggestion):
            return "없는 요일이에요: '\(day)'. 요일은 mon, tue, wed, thu, fri, sat, sun이에요" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? "")
        case .leadTimeBeyondShelfLife(let fruit, let supplier, let leadTime, let shelfLife):
            return "거래처 '\(supplier)'은(는) 과일 '\(fruit)'을(를) 주문하고 \(leadTime)일 뒤에 가져오는데, 이 과일은 \(shelfLife)일만 가요. 도착하면 이미 상해 있어요"
        case .noOrderDay(let supplier):
            return "거래처 '\(supplier)'에 주문 요일이 없어서 아무것도 주문할 수 없어요"
        case .unreachableMinimum(let supplier, let minimum, let most):
            return "거래처 '\(supplier)'의 최소 주문 금액은 \(minimum)인데, 그 과일을 창고 가득 채워도 \(most)밖에 안 돼요"
        case .noWayToBuy(let fruit):
            return "과일 '\(fruit)'은(는) 메뉴에 쓰이는데 거래처('buy')가 없어서 발주서에 넣을 수 없어요"
        case .costDisagreesWithPack(let fruit, let cost, let price, let pack):
            return "과일 '\(fruit)'의 원가는 개당 \(cost)인데, \(pack)개 묶음이 \(price)이에요 (개당 \(Self.perUnit(price, pack)))"
        }
    }

    /// `price / pack` to one decimal place, as shown: "450", "437.5".
    private static func perUnit(_ price: Int, _ pack: Int) -> String {
        guard pack > 0 else { return "\(price)" }
        let tenths = (price * 10 + pack / 2) / pack
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    private static let koreanSameKey = ". 이름은 대소문자, 공백, '-', '_'를 무시하고 맞춰 봐요"

    /// The costliest fruits of `cost` ("'banana' 2 × 800 = 1600, …"), as many as `price-below-cost` shows, then
    /// `more` of how many are left out.
    private static func costliest(_ cost: RecipeCost, more: (Int) -> String) -> String {
        let shown = RecipeValidator.costliestShown
        let shares = cost.costliestFirst.prefix(shown).map { "'\($0.fruit.rawValue)' \($0.amount) × \($0.unitCost) = \(amount($0.cost))" }
        return (shares + (cost.shares.count > shown ? [more(cost.shares.count - shown)] : [])).joined(separator: ", ")
    }

    /// A cost; one that reached `Int.max` (a sum that does not fit in 64 bits) is shown as at least that.
    private static func amount(_ value: Int) -> String {
        value == .max ? "≥ \(value)" : "\(value)"
    }
}

extension YAML11Reading {
    /// The reading in Korean ("참거짓 값 false", "8진수 8"…).
    var korean: String {
        switch self {
        case .boolean(let value): return "참거짓 값 \(value)"
        case .octal(let value): return "8진수 \(value)"
        case .sexagesimal(let value): return "60진수 \(value)"
        case .underscoredInteger(let value): return "숫자 \(value)"
        case .binary(let value): return "2진수 \(value)"
        }
    }
}
