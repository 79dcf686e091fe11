import JuiceCore
import JuiceRecipes
import JuiceYAML

/// What is wrong at one place of an order file (or a demand file), one case per problem, in Korean or English.
package enum OrderFileProblem: Hashable, Sendable {
    /// A CSV field opened with a quote has no closing quote on its line.
    case unclosedQuotedField
    /// Text follows a quoted CSV field's closing quote.
    case textAfterClosingQuote
    /// A quoted CSV count has no closing quote.
    case unclosedQuotedCount
    /// A count outside `1...limit`; `found` says what was written, where that adds anything.
    case badCount(limit: Int, found: YAMLValueDescription?)
    /// A JSON Lines line is not a JSON object with a `juice` string.
    case notAJSONOrder
    /// A key appears twice in one order; `firstColumn` is where it first appears.
    case duplicateKey(String, firstColumn: Int)
    /// A key an order does not have (only `juice` and `count`), with the key it probably meant.
    case unknownKey(String, suggestion: String?)
    /// A YAML mapping order without `juice`.
    case missingJuice
    /// A YAML order whose juice is not a plain name (`found` describes it).
    case notAJuiceName(found: YAMLValueDescription)
    /// A YAML order file with no list in it.
    case noOrders
    /// A YAML order file whose top is not a list (`found` describes it).
    case notAList(found: YAMLValueDescription)
    /// A problem the YAML layer found (syntax, tabs, encoding, limits).
    case yaml(YAMLError)
    /// A demand file without a `demand:` mapping.
    case noDemandSection
    /// A demand weight that is not a whole number of at least 0 (`found` describes it).
    case badWeight(found: YAMLValueDescription)
    /// A demand file's juice that the recipes do not know.
    case unknownDemandJuice(MixProblem)

    /// The explanation in `language`, with what to do about it.
    package func text(in language: Language) -> String {
        language == .korean ? korean : english
    }

    private static let yamlExample = "'- banana-juice' or '- {juice: banana-juice, count: 2}'"
    private static let koreanYAMLExample = "'- banana-juice'나 '- {juice: banana-juice, count: 2}'"

    private var english: String {
        switch self {
        case .unclosedQuotedField:
            return "the quoted field that starts here has no closing quote on its line; end it with '\"' (a quote inside is written twice: \"\")"
        case .textAfterClosingQuote:
            return "text after a quoted field's closing quote; expected a comma, or put the text inside the quotes"
        case .unclosedQuotedCount:
            return "the quoted count has no closing quote; write it like \"2\" or 2"
        case .badCount(let limit, let found):
            return "the count must be a whole number from 1 to \(limit)" + (found.map { ", not \($0)" } ?? "")
        case .notAJSONOrder:
            return "expected a JSON object like {\"juice\": \"banana-juice\", \"count\": 2}"
        case .duplicateKey(let key, let first):
            return "duplicate key '\(key)' in an order (first at column \(first)); remove one of them"
        case .unknownKey(let key, let suggestion):
            return "unknown key '\(key)' in an order" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; an order has 'juice' and 'count'")
        case .missingJuice:
            return "an order needs 'juice', like {juice: banana-juice, count: 2}"
        case .notAJuiceName(let found):
            return "expected a juice name, like \(Self.yamlExample), not \(found)"
        case .noOrders:
            return "the file holds no list of orders; expected lines like \(Self.yamlExample)"
        case .notAList(let found):
            return "expected a list of orders, like \(Self.yamlExample), found \(found)"
        case .yaml(let problem):
            return problem.explanation(in: .english)
        case .noDemandSection:
            return "expected a 'demand:' mapping from juice to weight, like 'demand: {banana-juice: 5, kiwi-juice: 1}'"
        case .badWeight(let found):
            return "a weight must be a whole number of at least 0, not \(found)"
        case .unknownDemandJuice(let problem):
            return problem.text(in: .english)
        }
    }

    private var korean: String {
        switch self {
        case .unclosedQuotedField:
            return "여기서 시작한 따옴표 필드가 이 줄에서 닫히지 않아요. '\"'로 닫으세요 (안의 따옴표는 두 번 써요: \"\")"
        case .textAfterClosingQuote:
            return "따옴표 필드를 닫은 뒤에 글자가 있어요. 쉼표를 쓰거나 글자를 따옴표 안에 넣으세요"
        case .unclosedQuotedCount:
            return "따옴표로 연 수량이 닫히지 않아요. \"2\"나 2처럼 쓰세요"
        case .badCount(let limit, let found):
            return "수량은 1부터 \(limit)까지의 정수여야 해요" + (found.map { " (지금: \($0.text(in: .korean)))" } ?? "")
        case .notAJSONOrder:
            return "{\"juice\": \"banana-juice\", \"count\": 2} 같은 JSON 객체여야 해요"
        case .duplicateKey(let key, let first):
            return "주문에 키 '\(key)'이(가) 두 번 있어요 (처음은 \(first)번째 칸). 하나를 지우세요"
        case .unknownKey(let key, let suggestion):
            return "주문에 없는 키예요: '\(key)'" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? ". 주문에는 'juice'와 'count'만 있어요")
        case .missingJuice:
            return "주문에 'juice'가 필요해요. 예: {juice: banana-juice, count: 2}"
        case .notAJuiceName(let found):
            return "쥬스 이름이 와야 해요 (예: \(Self.koreanYAMLExample)). 찾은 것: \(found.text(in: .korean))"
        case .noOrders:
            return "파일에 주문 목록이 없어요. \(Self.koreanYAMLExample) 같은 줄을 쓰세요"
        case .notAList(let found):
            return "주문 목록이어야 해요 (예: \(Self.koreanYAMLExample)). 찾은 것: \(found.text(in: .korean))"
        case .yaml(let problem):
            return problem.explanation(in: .korean)
        case .noDemandSection:
            return "쥬스별 비율을 담은 'demand:' 매핑이 있어야 해요. 예: 'demand: {banana-juice: 5, kiwi-juice: 1}'"
        case .badWeight(let found):
            return "비율은 0 이상의 정수여야 해요. 찾은 것: \(found.text(in: .korean))"
        case .unknownDemandJuice(let problem):
            return problem.text(in: .korean)
        }
    }
}
