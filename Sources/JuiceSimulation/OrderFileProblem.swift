import JuiceCore
import JuiceYAML

/// What is wrong at one place of an order file (or a demand file), one case per problem, in Korean or English.
public enum OrderFileProblem: Hashable, Sendable {
    /// A CSV field opened with a quote has no closing quote on its line.
    case unclosedQuotedField
    /// Text follows a quoted CSV field's closing quote.
    case textAfterClosingQuote
    /// A quoted CSV count has no closing quote.
    case unclosedQuotedCount
    /// A count outside `1...limit`; `found` says what was written, where that adds anything.
    case badCount(limit: Int, found: String?)
    /// A JSON Lines line is not a JSON object with a `juice` string.
    case notAJSONOrder
    /// A key appears twice in one order; `firstColumn` is where it first appears.
    case duplicateKey(String, firstColumn: Int)
    /// A key an order does not have (only `juice` and `count`), with the key it probably meant.
    case unknownKey(String, suggestion: String?)
    /// A YAML mapping order without `juice`.
    case missingJuice
    /// A YAML order whose juice is not a plain name (`found` describes it).
    case notAJuiceName(found: String)
    /// A YAML order file with no list in it.
    case noOrders
    /// A YAML order file whose top is not a list (`found` describes it).
    case notAList(found: String)
    /// A problem the YAML layer found (syntax, tabs, encoding, limits).
    case yaml(YAMLError)
    /// A demand file without a `demand:` mapping.
    case noDemandSection
    /// A demand weight that is not a whole number of at least 0 (`found` describes it).
    case badWeight(found: String)
    /// A demand file's juice that the recipes do not know.
    case unknownDemandJuice(MixProblem)

    /// The explanation in `language`, with what to do about it.
    public func text(in language: Language) -> String {
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
            return problem.message + (problem.suggestion.map { "; \($0)" } ?? "")
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
            return "수량은 1부터 \(limit)까지의 정수여야 해요" + (found.map { " (지금: \(Self.korean(found: $0)))" } ?? "")
        case .notAJSONOrder:
            return "{\"juice\": \"banana-juice\", \"count\": 2} 같은 JSON 객체여야 해요"
        case .duplicateKey(let key, let first):
            return "주문에 키 '\(key)'이(가) 두 번 있어요 (처음은 \(first)번째 칸). 하나를 지우세요"
        case .unknownKey(let key, let suggestion):
            return "주문에 없는 키예요: '\(key)'" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? ". 주문에는 'juice'와 'count'만 있어요")
        case .missingJuice:
            return "주문에 'juice'가 필요해요. 예: {juice: banana-juice, count: 2}"
        case .notAJuiceName(let found):
            return "쥬스 이름이 와야 해요 (예: \(Self.koreanYAMLExample)). 찾은 것: \(Self.korean(found: found))"
        case .noOrders:
            return "파일에 주문 목록이 없어요. \(Self.koreanYAMLExample) 같은 줄을 쓰세요"
        case .notAList(let found):
            return "주문 목록이어야 해요 (예: \(Self.koreanYAMLExample)). 찾은 것: \(Self.korean(found: found))"
        case .yaml(let problem):
            return Self.korean(problem)
        case .noDemandSection:
            return "쥬스별 비율을 담은 'demand:' 매핑이 있어야 해요. 예: 'demand: {banana-juice: 5, kiwi-juice: 1}'"
        case .badWeight(let found):
            return "비율은 0 이상의 정수여야 해요. 찾은 것: \(Self.korean(found: found))"
        case .unknownDemandJuice(let problem):
            return problem.text(in: .korean)
        }
    }

    /// A YAML layer problem in Korean, with what to do about it.
    private static func korean(_ problem: YAMLError) -> String {
        switch problem {
        case .syntax(let message, _):
            // libyaml's own words are English: where their cause is clear, the Korean explanation stands for them;
            // else their Korean; words libyaml may add later stay as it wrote them, marked.
            if let hint = koreanSyntaxHint(message) ?? LibYAMLKorean.text(message) { return "YAML 문법 오류: \(hint)" }
            return "YAML 문법 오류 (libyaml: \(message))"
        case .tabIndentation:
            return "들여쓰기에 탭 문자가 있어요. YAML은 공백만 써요. 탭을 공백으로 바꾸세요"
        case .invalidUTF8(let at):
            return "\(at.byteOffset ?? 0)번째 바이트가 UTF-8이 아니에요. 파일을 UTF-8 텍스트로 다시 저장하세요"
        case .nulByte(let at):
            return "\(at.byteOffset ?? 0)번째 바이트가 NUL이에요. 파일을 UTF-8 텍스트로 다시 저장하세요"
        case .controlCharacter(let value, _):
            let hex = String(value, radix: 16, uppercase: true)
            return "YAML에 쓸 수 없는 제어 문자가 있어요: U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)"
        case .unsupportedEncoding(let name, _):
            return "파일의 인코딩이 \(name)이에요. UTF-8로 저장하세요"
        case .byteOrderMarkInside:
            return "파일 중간에 바이트 순서 표시(U+FEFF)가 있어요. 파일 두 개를 이어 붙였나요? 보이지 않는 U+FEFF 문자를 지우세요"
        case .emptyFile:
            return "파일이 비었거나 주석만 있어요"
        case .multipleDocuments:
            return "파일에 YAML 문서가 둘 이상 있어요. 문서마다 파일을 따로 쓰세요"
        case .alias(let name, _):
            return "별칭 '*\(name)'은(는) 쓸 수 없어요. 값을 그대로 다 쓰세요"
        case .anchor(let name, _):
            return "앵커 '&\(name)'은(는) 쓸 수 없어요 (별칭을 받지 않아요). 지우세요"
        case .mergeKey:
            return "병합 키 '<<'는 쓸 수 없어요. 항목을 그대로 다 쓰세요"
        case .duplicateKey(let key, _, _):
            return "키 '\(key)'이(가) 두 번 있어요. 하나를 지우거나 이름을 바꾸세요"
        case .nonStringKey(let what, _):
            return "매핑의 키는 문자열이어야 해요 (지금: \(korean(found: what))). 이름을 쓰고, 숫자처럼 보이면 따옴표로 감싸세요"
        case .unsupportedTag(let tag, _):
            return "태그 '\(tag)'은(는) 쓸 수 없어요. 평범한 YAML 값만 읽어요"
        case .tooDeep(let limit, _):
            return "중첩이 \(limit)단계보다 깊어요. 파일을 나누거나 단순하게 하세요"
        case .fileTooLarge(let bytes, let limit, _):
            return "파일이 \(bytes)바이트예요. 한도는 \(limit)바이트예요. 파일을 나누거나 단순하게 하세요"
        case .tooManyNodes(let limit, _):
            return "파일 하나에 YAML 노드가 \(limit)개보다 많아요. 파일을 나누거나 단순하게 하세요"
        case .scalarTooLong(let bytes, let limit, _):
            return "값 하나가 \(bytes)바이트예요. 한도는 \(limit)바이트예요. 파일을 나누거나 단순하게 하세요"
        case .notAList(let found, _):
            return "목록('- '로 시작하는 줄)이어야 해요. 찾은 것: \(korean(found: found))"
        case .itemTooLarge(let limit, _):
            return "목록 항목 하나에 YAML 노드가 \(limit)개보다 많아요. 항목을 나누거나 단순하게 하세요"
        }
    }

    /// What the YAML layer found (`YAMLDocument.describe`, in English: "a mapping", "the number 3", "'text'"), in Korean.
    private static func korean(found: String) -> String {
        let words: [(String, String)] = [
            ("a mapping", "매핑"), ("a list", "목록"), ("an alias", "별칭"), ("an empty value", "빈 값"),
        ]
        if let word = words.first(where: { $0.0 == found }) { return word.1 }
        if found.hasPrefix("the boolean ") { return "참거짓 값 " + found.dropFirst("the boolean ".count) }
        if found.hasPrefix("the number ") { return "숫자 " + found.dropFirst("the number ".count) }
        return found
    }

    /// A Korean explanation of libyaml's terse syntax message, where its cause is clear.
    private static func koreanSyntaxHint(_ message: String) -> String? {
        let hints: [(String, String)] = [
            ("mapping values are not allowed", "': '가 든 값은 따옴표로 감싸고, 윗줄의 키 뒤에는 ':'를 쓰고, 중첩 매핑은 더 들여 쓴 새 줄에서 시작하세요"),
            ("could not find expected ':'", "키마다 뒤에 콜론과 공백을 쓰거나 ('key: value'), 이 줄의 들여쓰기를 확인하세요"),
            ("did not find expected key", "들여쓰기(한 매핑의 키는 같은 칸에서 시작)와 키마다 ':'가 있는지 확인하세요"),
            ("did not find expected '-' indicator", "들여쓰기를 확인하세요: 한 목록의 항목은 같은 칸에서 시작해요"),
            ("block sequence entries are not allowed", "목록은 키 다음 줄에서, 항목마다 '- '를 들여 써서 시작하세요"),
            ("did not find expected ',' or ']'", "'['를 ']'로 닫고, 항목 사이에 ', '를 쓰세요"),
            ("did not find expected ',' or '}'", "'{'를 '}'로 닫고, 항목 사이에 ', '를 쓰세요"),
            ("while scanning a quoted scalar", "따옴표를 닫으세요: 따옴표로 연 값은 같은 따옴표로 끝나야 해요"),
            ("found character that cannot start any token", "값을 따옴표로 감싸세요: 따옴표 없는 값은 '@', '`', 탭으로 시작할 수 없어요"),
        ]
        return hints.first { message.contains($0.0) }?.1
    }
}
