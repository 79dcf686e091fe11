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
        }
    }

    private static func korean(_ expected: String) -> String {
        ["a string": "문자열", "an integer": "정수", "an array": "배열", "an object": "객체", "an integer from 1 to 1000": "1부터 1000까지의 정수"][expected] ?? expected
    }

    private static func shopBody(_ error: ShopError, text: ShopText) -> (HTTPResponse.Status, ErrorBody.Detail) {
        let ko = text.language == .korean
        func make(_ status: HTTPResponse.Status, _ code: String, _ korean: String, _ english: String) -> (HTTPResponse.Status, ErrorBody.Detail) {
            (status, ErrorBody.Detail(status: status.code, code: code, message: ko ? korean : english))
        }
        switch error {
        case .unknownJuice(.unknown(let name, let suggestion)):
            var (status, body) = make(.notFound, "unknown_juice",
                                      "'\(name)'라는 쥬스는 없어요" + (suggestion.map { ". '\($0)'을(를) 찾으셨나요?" } ?? ""),
                                      "there is no juice called '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            body.field = "juice"
            body.suggestions = suggestion.map { [$0] } ?? []
            return (status, body)
        case .orderRefused(.insufficientStock(_, _, let shortages)):
            var (status, body) = make(.conflict, "insufficient_stock", text.notEnough, text.notEnough)
            body.shortages = shortages.map { ShortageBody(fruit: $0.fruit.rawValue, need: $0.needed, have: $0.inStock, short: $0.short) }
            body.details = text.shortageLines(shortages).map { $0.trimmingCharacters(in: .whitespaces) }
            return (status, body)
        case .orderRefused(.invalidCount(let count)), .orderRefused(.countTooLarge(let count)):
            var (status, body) = make(.badRequest, "out_of_range", "주문 수량 \(count)은(는) 만들 수 없는 수예요", "cannot order \(count) juices")
            body.field = "count"
            return (status, body)
        case .stockRefused(let reason):
            return stockBody(reason, text: text)
        case .nothingToUndo:
            return make(.conflict, "nothing_to_undo", "되돌릴 변경이 없어요", "there is no change to undo")
        case .undoRefused(let entry, _, let reason):
            let (_, inner) = stockBody(reason, text: text)
            return make(.conflict, "undo_refused", "변경 #\(entry)을(를) 되돌릴 수 없어요: \(inner.message)",
                        "cannot undo change #\(entry): \(inner.message)")
        case .state(let stateError):
            return make(.serviceUnavailable, "state_unavailable", "재고 파일을 쓸 수 없어요: \(stateError)",
                        "the shop's state cannot be used: \(stateError)")
        }
    }

    private static func stockBody(_ reason: StockError, text: ShopText) -> (HTTPResponse.Status, ErrorBody.Detail) {
        let ko = text.language == .korean
        func make(_ status: HTTPResponse.Status, _ code: String, _ korean: String, _ english: String) -> (HTTPResponse.Status, ErrorBody.Detail) {
            (status, ErrorBody.Detail(status: status.code, code: code, message: ko ? korean : english, field: "changes"))
        }
        switch reason {
        case .unknownFruit(let fruit, let suggestion):
            var result = make(.notFound, "unknown_fruit",
                              "'\(fruit)'라는 과일은 없어요" + (suggestion.map { ". '\($0)'을(를) 찾으셨나요?" } ?? ""),
                              "there is no fruit called '\(fruit)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            result.1.suggestions = suggestion.map { [$0.rawValue] } ?? []
            return result
        case .negativeAmount(let fruit, let amount):
            return make(.badRequest, "negative_amount", "\(text.label(of: fruit)) 수량 \(amount)은(는) 0 이상이어야 해요",
                        "the amount \(amount) for \(text.label(of: fruit)) must be 0 or more")
        case .belowZero(let fruit, let stock, let result):
            return make(.conflict, "below_zero", "\(text.label(of: fruit)) 재고가 0보다 적어져요 (재고 \(stock)개, 결과 \(result)개)",
                        "\(text.label(of: fruit)) would go below zero (\(stock) in stock, result \(result))")
        case .aboveCapacity(let fruit, let result, let capacity):
            return make(.conflict, "above_capacity", "\(text.label(of: fruit)) 재고가 최대 \(capacity)개를 넘어요 (결과 \(result)개)",
                        "\(text.label(of: fruit)) would exceed its capacity of \(capacity) (result \(result))")
        case .overflow(let fruit):
            return make(.badRequest, "out_of_range", "\(text.label(of: fruit)) 수량이 너무 커요", "the amount for \(text.label(of: fruit)) is too large")
        }
    }
}
