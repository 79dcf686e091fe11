import Foundation
import JuiceCore
import JuiceMenuEditing
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
        var shortages: [ShortageJSON]?
        var suggestions: [String]?
        /// A refused menu edit: the errors the edited recipes would have.
        var diagnostics: [DiagnosticBody]?
        /// A stale menu edit: the menu now (its `version` is also the `ETag`).
        var menu: EditableMenuBody?
        /// For an unknown outcome (`state-outcome-unknown`) or an order not found: the order's request id.
        var request: String?
        /// An unknown choice (`unknown-reason`): the values allowed.
        var allowed: [String]?
        /// A count not applied for its large variance (`large-variance`): what applying it would record.
        var counts: [CountLineJSON]?
    }

    var error: Detail
}

extension APIError {
    /// The body's fields in `language`: the status and code, the message built from the error's values, the field.
    func detail(in language: Language) -> ErrorBody.Detail {
        if case .atField(let field, let error) = self {
            var detail = error.detail(in: language)
            detail.field = field
            return detail
        }
        var detail = ErrorBody.Detail(status: status.code, code: kind, message: message(in: language), field: field)
        switch self {
        case .shop(.unknownJuice(.unknown(_, let suggestion)), _):
            detail.suggestions = suggestion.map { [$0] } ?? []
        case .shop(.stockRefused(.unknownFruit(_, let suggestion)), _):
            detail.suggestions = suggestion.map { [$0.rawValue] } ?? []
        case .menuEdit(.refused(let diagnostics), _):
            detail.diagnostics = diagnostics.map { DiagnosticBody($0, language: language) }
            detail.details = diagnostics.map { "\($0.location.description): \($0.message(in: language))" }
        case .menuEdit(_, let menu?):
            detail.menu = EditableMenuBody(menu, language: language)
        case .shop(.orderRefused(.insufficientStock(_, _, let shortages)), let book):
            // The original app's words, then a line per short fruit.
            let text = ShopText(language: language, book: book)
            detail.shortages = shortages.map { ShortageJSON($0, capacity: book.store.capacity(of: $0.fruit)) }
            detail.details = shortages.map { text(.shortage($0)).trimmingCharacters(in: .whitespaces) }
        case .shop(.state(.outcomeUnknown(_, let request, _)), _):
            detail.request = request
        case .noSuchOrder(let request):
            detail.request = request
        case .unknownReason(_, let allowed), .badQueryChoice(_, _, let allowed):
            detail.allowed = allowed
        case .largeVariance(let lines, _):
            detail.counts = lines.map(CountLineJSON.init)
        default:
            break
        }
        return detail
    }

    /// The request field the error is about, if it is about one.
    var field: String? {
        switch self {
        case .unknownField(let field, _), .missingField(let field), .duplicateField(let field), .wrongType(let field, _), .notAnInteger(let field),
            .outOfRange(let field, _, _), .ambiguousChange(let field):
            return field
        case .badQuery(let name, _, _), .badQueryChoice(let name, _, _):
            return name
        case .unknownReason:
            return "reason"
        case .largeVariance:
            return "confirm"
        case .atField(let field, _):
            return field
        case .shop(let error, _):
            if let place = error.place { return place.description }
            switch error {
            case .at: return nil
            case .unknownJuice: return "juice"
            case .orderRefused(.invalidCount), .orderRefused(.countTooLarge): return "count"
            case .orderRefused(.insufficientStock), .nothingToUndo, .undoRefused, .state, .countSessionApplied: return nil
            case .stockRefused, .duplicateFruit, .fruitStillInRecipes, .fruitNotInRecipes: return "changes"
            case .invalidQuantity: return "quantity"
            case .negativeCount: return "counts"
            case .negativeCost: return "lines"
            case .expiresBeforeDelivery, .invalidDate: return "expires"
            case .unknownCountSession: return "session"
            case .unknownPurchaseOrder: return "id"
            case .purchaseOrderReceived: return nil
            case .emptyPurchaseOrder: return "lines"
            case .unknownSupplier: return "supplier"
            case .arrivesBeforeOrderBy: return "arrives"
            }
        case .menuEdit(.invalidFile, _), .menuEdit(.noSuchDirectory, _):
            return "file"
        case .menuEdit(.invalidValue(let field, _), _):
            return field
        case .menuEdit:
            return nil
        case .malformedJSON, .bodyTooLarge, .missingCredential, .wrongCredential, .tooManyAttempts, .tooManyStreams, .notReady, .notFound,
            .methodNotAllowed, .noSuchOrder:
            return nil
        }
    }

    /// The message in `language`, built from the error's values (a shop refusal in the shop's own words, `ShopText`).
    func message(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .malformedJSON(let detail):
            return ko
                ? "요청 본문이 올바른 JSON 객체가 아니에요 (\(detail)). 예: {\"juice\": \"바나나쥬스\", \"count\": 1}"
                : "the request body is not a valid JSON object (\(detail)); for example {\"juice\": \"banana-juice\", \"count\": 1}"
        case .unknownField(let field, let allowed):
            let list = allowed.joined(separator: ", ")
            return ko ? "알 수 없는 필드 '\(field)'예요. 쓸 수 있는 필드: \(list)" : "unknown field '\(field)'; the fields allowed here are: \(list)"
        case .missingField(let field):
            return ko ? "'\(field)' 필드가 필요해요" : "the field '\(field)' is required"
        case .duplicateField(let field):
            return ko
                ? "'\(field)' 필드가 두 번 있어요. 한 번만 보내 주세요"
                : "the field '\(field)' is given twice; send it once"
        case .wrongType(let field, let expected):
            return ko ? "'\(field)' 필드는 \(expected.name(in: language))여야 해요" : "the field '\(field)' must be \(expected.name(in: language))"
        case .notAnInteger(let field):
            return ko ? "'\(field)' 값은 정수여야 하고 너무 크면 안 돼요" : "the field '\(field)' must be a whole number within 64 bits"
        case .outOfRange(let field, let value, let range):
            return ko
                ? "'\(field)' 값 \(KoreanParticle.topic.after(value)) \(range.lowerBound)…\(range.upperBound) 사이여야 해요"
                : "the field '\(field)' is \(value); it must be between \(range.lowerBound) and \(range.upperBound)"
        case .ambiguousChange(let field):
            return ko ? "'\(field)'에는 add, remove, set 중 정확히 하나를 써 주세요" : "'\(field)' must have exactly one of add, remove or set"
        case .bodyTooLarge(let limit):
            return ko ? "요청 본문이 너무 커요 (최대 \(limit)바이트)" : "the request body is too large (at most \(limit) bytes)"
        case .badQueryChoice(let name, let value, let allowed):
            let list = allowed.joined(separator: ", ")
            return ko
                ? "쿼리 '\(name)=\(value)'이(가) 잘못됐어요: \(list) 중 하나여야 해요"
                : "the query '\(name)=\(value)' is invalid: it must be one of \(list)"
        case .badQuery(let name, let value, let range):
            return ko
                ? "쿼리 '\(name)=\(value)'이(가) 잘못됐어요: \(range.lowerBound)부터 \(range.upperBound)까지의 정수여야 해요"
                : "the query '\(name)=\(value)' is invalid: it must be an integer from \(range.lowerBound) to \(range.upperBound)"
        case .missingCredential:
            return ko
                ? "직원만 할 수 있어요: 'Authorization: Bearer <직원 토큰>' 헤더를 보내 주세요"
                : "staff only: send the staff token as 'Authorization: Bearer <token>'"
        case .wrongCredential:
            return ko ? "직원 토큰이 맞지 않아요" : "the staff token is not correct"
        case .tooManyAttempts(let failures, let window, let retryAfter):
            let seconds = window.components.seconds
            return ko
                ? "\(seconds)초 안에 틀린 직원 토큰이 \(failures)번 왔어요. \(retryAfter)초 뒤에 다시 해 보세요"
                : "\(failures) wrong staff tokens within \(seconds) s; try again in \(retryAfter) s"
        case .tooManyStreams(let limit, let perClient):
            return perClient
                ? (ko
                    ? "이 기기에서 이미 실시간 연결이 \(limit)개 열려 있어요. 안 쓰는 창을 닫고 잠시 후 다시 해 보세요"
                    : "\(limit) live event streams are open from this client already; close a page you do not use and try again shortly")
                : (ko
                    ? "실시간 연결이 이미 \(limit)개로 가득 찼어요. 잠시 후 다시 해 보세요 (주문은 그대로 받아요)"
                    : "the server's \(limit) live event streams are all taken; try again shortly (orders are still taken)")
        case .notFound(let path):
            return ko ? "'\(path)'는 없는 주소예요" : "there is nothing at '\(path)'"
        case .methodNotAllowed(let method, let allowed):
            let list = allowed.joined(separator: ", ")
            return ko ? "이 주소는 \(method)를 받지 않아요. 쓸 수 있는 방법: \(list)" : "this address does not take \(method); it takes \(list)"
        case .noSuchOrder(let request):
            return ko
                ? "요청 \(request)(으)로 만든 주문이 없어요 (만들어지지 않았어요)"
                : "no order was made under request \(request) (it was not served)"
        case .shop(.state(.outcomeUnknown(_, let request, _)), _):
            // Never "refused": the order may have been made. The request id is how to find out.
            let id = request ?? "?"
            return ko
                ? "주문을 확정하는 중에 가게 재고와 연결이 끊겨서, 주문이 만들어졌는지 알 수 없어요. 다시 주문하기 전에 GET /api/orders/\(id)로 확인하세요"
                : "the connection to the shop's stock was lost while the order was being committed: it may or may not have been made. Look it up (GET /api/orders/\(id)) before ordering again"
        case .shop(.state, _):
            // The reason names the database (host, user, name) or a file: it goes to the server's log, not to clients.
            return Self.unavailable(in: language)
        case .shop(.orderRefused(.insufficientStock), let book):
            return ShopText(language: language, book: book)(.notEnough)
        case .shop(let error, let book):
            // The shop's words for what happened, then what to do about it through the API.
            let message = ShopText(language: language, book: book)(.error(error))
            return Self.hint(for: error.reason, language: language).map { message + (ko ? ". " : "; ") + $0 } ?? message
        case .menuEdit(let error, _):
            return error.message(in: language)
        case .unknownReason(let reason, let allowed):
            let list = allowed.joined(separator: ", ")
            return ko ? "버리는 이유 '\(reason)'을(를) 몰라요. 쓸 수 있는 이유: \(list)" : "unknown reason '\(reason)'; the reasons are: \(list)"
        case .largeVariance(_, let threshold):
            return ko
                ? "센 값이 기록과 \(threshold)%보다 많이 달라서 반영하지 않았어요. 다시 세어 보거나, 맞다면 \"confirm\": true로 다시 보내세요"
                : "the count differs from the expected stock by more than \(threshold)%, so it was not applied; count again, or send it again with \"confirm\": true if it is right"
        case .atField(_, let error):
            return error.message(in: language)
        case .notReady:
            return ko ? "아직 주문을 받을 수 없어요: \(Self.unavailable(in: language))" : "not ready to serve: \(Self.unavailable(in: language))"
        }
    }

    /// What a client is told while the shop's state cannot be used, whatever the reason (which the server logs).
    static func unavailable(in language: Language) -> String {
        language == .korean
            ? "지금은 가게 재고를 불러올 수 없어요. 잠시 후 다시 해 보세요"
            : "the shop's stock cannot be reached right now; try again shortly"
    }
}

extension APIError.JSONType {
    /// The type's name as a field's expectation ("a string", "문자열").
    func name(in language: Language) -> String {
        switch (self, language == .korean) {
        case (.string, true): return "문자열"
        case (.string, false): return "a string"
        case (.integer, true): return "정수"
        case (.integer, false): return "an integer"
        case (.boolean, true): return "true나 false"
        case (.boolean, false): return "true or false"
        case (.array, true): return "배열"
        case (.array, false): return "an array"
        case (.object, true): return "객체"
        case (.object, false): return "an object"
        }
    }
}

extension APIError {
    /// What to do about a shop refusal through the API, when there is more to say than the shop's message (which
    /// names no command or option): the routes and fields to use.
    static func hint(for error: ShopError, language: Language) -> String? {
        let ko = language == .korean
        switch error {
        case .unknownCountSession: return ko ? "POST /api/counts로 새로 시작하세요" : "start one with POST /api/counts"
        case .unknownPurchaseOrder: return ko ? "GET /api/purchases로 발주 목록을 보세요" : "GET /api/purchases lists them"
        case .purchaseOrderReceived:
            return ko ? "더 온 과일은 POST /api/deliveries로 따로 입고하세요" : "receive anything more with POST /api/deliveries"
        case .emptyPurchaseOrder: return ko ? "lines에 과일을 하나 이상 주세요" : "give at least one fruit in lines"
        case .arrivesBeforeOrderBy: return ko ? "arrives와 orderBy를 확인하세요 (YYYY-MM-DD)" : "check arrives and orderBy (YYYY-MM-DD)"
        default: return nil
        }
    }
}
