import Foundation
import HTTPTypes
import JuiceCore
import JuiceShop

/// An error body as the API sends it: `{"error": {…}}`.
struct ErrorBody: Codable, Sendable {
    /// The error's fields.
    struct Detail: Codable, Sendable {
        var status: Int
        var code: String
        var message: String
        var field: String?
        var details: [String]?
        var shortages: [ShortageBody]?
        var suggestions: [String]?
    }

    var error: Detail
}

/// A short fruit in a refused order.
struct ShortageBody: Codable, Sendable, Hashable {
    var fruit: String
    var need: Int
    var have: Int
    var short: Int
}

extension APIProblem {
    /// The status, code and message of this problem in `language`.
    func body(in language: Language) -> (HTTPResponse.Status, ErrorBody.Detail) {
        let ko = language == .korean
        func make(_ status: HTTPResponse.Status, _ code: String, _ korean: String, _ english: String, field: String? = nil) -> (HTTPResponse.Status, ErrorBody.Detail) {
            (status, ErrorBody.Detail(status: status.code, code: code, message: ko ? korean : english, field: field))
        }
        switch self {
        case .malformedJSON(let detail):
            return make(.badRequest, "malformed_json",
                          "요청 본문이 올바른 JSON 객체가 아니에요 (\(detail)). 예: {\"juice\": \"바나나쥬스\", \"count\": 1}",
                          "the request body is not a valid JSON object (\(detail)); for example {\"juice\": \"banana-juice\", \"count\": 1}")
        case .unknownField(let field, let allowed):
            let list = allowed.joined(separator: ", ")
            return make(.badRequest, "unknown_field", "알 수 없는 필드 '\(field)'예요. 쓸 수 있는 필드: \(list)",
                          "unknown field '\(field)'; the fields allowed here are: \(list)", field: field)
        case .missingField(let field):
            return make(.badRequest, "missing_field", "'\(field)' 필드가 필요해요", "the field '\(field)' is required", field: field)
        case .wrongType(let field, let expected):
            return make(.badRequest, "wrong_type", "'\(field)' 필드는 \(Self.korean(expected))여야 해요",
                          "the field '\(field)' must be \(expected)", field: field)
        case .notAnInteger(let field):
            return make(.badRequest, "not_an_integer", "'\(field)' 값은 정수여야 하고 너무 크면 안 돼요",
                          "the field '\(field)' must be a whole number within 64 bits", field: field)
        case .outOfRange(let field, let value, let range):
            return make(.badRequest, "out_of_range", "'\(field)' 값 \(value)은(는) \(range.lowerBound)…\(range.upperBound) 사이여야 해요",
                          "the field '\(field)' is \(value); it must be between \(range.lowerBound) and \(range.upperBound)", field: field)
        case .ambiguousChange(let field):
            return make(.badRequest, "ambiguous_change", "'\(field)'에는 add, remove, set 중 정확히 하나를 써 주세요",
                          "'\(field)' must have exactly one of add, remove or set", field: field)
        case .bodyTooLarge(let limit):
            return make(.contentTooLarge, "body_too_large", "요청 본문이 너무 커요 (최대 \(limit)바이트)",
                          "the request body is too large (at most \(limit) bytes)")
        case .badQuery(let name, let value, let expected):
            return make(.badRequest, "bad_query", "쿼리 '\(name)=\(value)'이(가) 잘못됐어요: \(Self.korean(expected))여야 해요",
                          "the query '\(name)=\(value)' is invalid: it must be \(expected)", field: name)
        case .missingCredential:
            return make(.unauthorized, "staff_only", "직원만 할 수 있어요: 'Authorization: Bearer <직원 토큰>' 헤더를 보내 주세요",
                          "staff only: send the staff token as 'Authorization: Bearer <token>'")
        case .wrongCredential:
            return make(.unauthorized, "wrong_token", "직원 토큰이 맞지 않아요", "the staff token is not correct")
        case .notFound(let path):
            return make(.notFound, "not_found", "'\(path)'는 없는 주소예요", "there is nothing at '\(path)'")
        case .methodNotAllowed(let method, let allowed):
            let list = allowed.joined(separator: ", ")
            return make(.methodNotAllowed, "method_not_allowed", "이 주소는 \(method)를 받지 않아요. 쓸 수 있는 방법: \(list)",
                        "this address does not take \(method); it takes \(list)")
        case .shop(let error, let book):
            return Self.shopBody(error, text: ShopText(language: language, book: book))
        case .notReady:
            // The reason names the database (host, user, name) or a file: it goes to the server's log, not to clients.
            return make(.serviceUnavailable, "not_ready", "아직 주문을 받을 수 없어요: \(Self.unavailableKorean)", "not ready to serve: \(Self.unavailableEnglish)")
        }
    }

    /// What a client is told while the shop's state cannot be used, whatever the reason (which the server logs).
    static let unavailableKorean = "지금은 가게 재고를 불러올 수 없어요. 잠시 후 다시 해 보세요"
    /// `unavailableKorean` in English.
    static let unavailableEnglish = "the shop's stock cannot be reached right now; try again shortly"

    private static func korean(_ expected: String) -> String {
        ["a string": "문자열", "an integer": "정수", "an array": "배열", "an object": "객체", "an integer from 1 to 1000": "1부터 1000까지의 정수"][expected] ?? expected
    }

    /// A shop refusal: its status and code here, its words from the shop's own messages (`ShopMessage`).
    private static func shopBody(_ error: ShopError, text: ShopText) -> (HTTPResponse.Status, ErrorBody.Detail) {
        let (status, code, field) = classify(error)
        var body = ErrorBody.Detail(status: status.code, code: code, message: text(.error(error)), field: field)
        switch error {
        case .state:
            // The reason names the database (host, user, name) or a file: it goes to the server's log, not to clients.
            body.message = text.language == .korean ? unavailableKorean : unavailableEnglish
        case .unknownJuice(.unknown(_, let suggestion)):
            body.suggestions = suggestion.map { [$0] } ?? []
        case .stockRefused(.unknownFruit(_, let suggestion)):
            body.suggestions = suggestion.map { [$0.rawValue] } ?? []
        case .orderRefused(.insufficientStock(_, _, let shortages)):
            // The original app's words, then a line per short fruit.
            body.message = text(.notEnough)
            body.shortages = shortages.map { ShortageBody(fruit: $0.fruit.rawValue, need: $0.needed, have: $0.inStock, short: $0.short) }
            body.details = shortages.map { text(.shortage($0)).trimmingCharacters(in: .whitespaces) }
        default:
            break
        }
        return (status, body)
    }

    /// The status, code and field of a shop refusal.
    private static func classify(_ error: ShopError) -> (HTTPResponse.Status, String, String?) {
        switch error {
        case .unknownJuice: return (.notFound, "unknown_juice", "juice")
        case .orderRefused(.insufficientStock): return (.conflict, "insufficient_stock", nil)
        case .orderRefused(.invalidCount), .orderRefused(.countTooLarge): return (.badRequest, "out_of_range", "count")
        case .stockRefused(.unknownFruit): return (.notFound, "unknown_fruit", "changes")
        case .stockRefused(.negativeAmount): return (.badRequest, "negative_amount", "changes")
        case .stockRefused(.overflow): return (.badRequest, "out_of_range", "changes")
        case .stockRefused(.belowZero): return (.conflict, "below_zero", "changes")
        case .stockRefused(.aboveCapacity): return (.conflict, "above_capacity", "changes")
        case .duplicateFruit: return (.badRequest, "duplicate_fruit", "changes")
        case .fruitStillInRecipes, .fruitNotInRecipes: return (.conflict, "fruit_not_sold", "changes")
        case .nothingToUndo: return (.conflict, "nothing_to_undo", nil)
        case .undoRefused: return (.conflict, "undo_refused", nil)
        case .state: return (.serviceUnavailable, "state_unavailable", nil)
        }
    }
}
