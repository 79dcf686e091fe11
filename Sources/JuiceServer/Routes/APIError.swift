import Hummingbird
import JuiceCore
import JuiceMenuEditing
import JuiceShop

/// Why the API refused a request; one case per failure. Nothing was changed whenever one is thrown.
///
/// Each error knows its own response (Hummingbird's `HTTPResponseError`): the status from `status` (one mapping, which
/// follows the shop's error categories), a JSON body whose `code` is `kind` and whose message is in the request's
/// language (`APIErrorText.swift`).
enum APIError: HTTPResponseError, Sendable {
    /// The body is not JSON (or not the JSON value expected at the top).
    case malformedJSON(detail: String)
    /// A field the endpoint does not know; `allowed` lists the ones it does.
    case unknownField(String, allowed: [String])
    /// A required field is missing.
    case missingField(String)
    /// A field given twice in one object (named with its full path).
    case duplicateField(String)
    /// A field has the wrong JSON type.
    case wrongType(field: String, expected: JSONType)
    /// A number is not an integer a count can hold (a fraction, or beyond 64 bits).
    case notAnInteger(field: String)
    /// An integer outside the range the endpoint allows.
    case outOfRange(field: String, value: Int, range: ClosedRange<Int>)
    /// A stock change names none or more than one of add, remove and set.
    case ambiguousChange(field: String)
    /// The body is larger than the limit.
    case bodyTooLarge(limit: Int)
    /// A query parameter is not an integer in `range`.
    case badQuery(name: String, value: String, range: ClosedRange<Int>)
    /// A query parameter that is not one of `allowed` (`GET /api/purchases?status=`).
    case badQueryChoice(name: String, value: String, allowed: [String])
    /// A staff action without the staff token.
    case missingCredential
    /// A staff action with a token that is not the staff token.
    case wrongCredential
    /// A staff action from a client that sent too many wrong tokens: `failures` within `window`; it may try again
    /// after `retryAfter` seconds.
    case tooManyAttempts(failures: Int, window: Duration, retryAfter: Int)
    /// An event stream beyond the cap: `limit` streams are open already, from this client (`perClient`) or in all.
    case tooManyStreams(limit: Int, perClient: Bool)
    /// The shop refused the change (`book` names things in the message).
    case shop(ShopError, book: RecipeBook)
    /// `/healthz`: the shop's state cannot be read now (the database is away), for the reason `error` gives.
    case notReady(ShopError, book: RecipeBook)
    /// `GET /api/orders/{request}`: no order was journaled under that request id (it was not served, or, asked
    /// less than 2 s after an unknown outcome, not yet decided: see docs/reliability.md).
    case noSuchOrder(request: String)
    /// No such route.
    case notFound(path: String)
    /// The path exists, but not with this method.
    case methodNotAllowed(String, allowed: [String])
    /// A menu edit was not made (`menu`: the menu now, for a stale version or a file changed on disk).
    case menuEdit(MenuEditError, menu: EditableMenu?)
    /// `POST /api/waste`: a reason that is not one of `allowed` (`WasteReason`).
    case unknownReason(String, allowed: [String])
    /// `POST /api/counts/{id}`: a count whose variance is above `threshold` percent of the expected stock for some fruit
    /// (any variance where 0 was expected), sent without `"confirm": true`; `lines` is what applying it would record.
    case largeVariance([CountLine], threshold: Int)
    /// `error`, about the request field `field` (a shop refusal located in the body: `lines[1].expires`).
    indirect case atField(String, APIError)

    /// A JSON value's type, as a field expects it.
    enum JSONType: Sendable, Hashable {
        case string, integer, boolean, array, object
    }

    /// The error's `code` in the body: the shop's own `ShopError.kind` (the `kind` `juice … --json` prints) for a
    /// refusal of the shop, else a kebab-case name of the server's own.
    var kind: String {
        switch self {
        case .malformedJSON: return "malformed-json"
        case .unknownField: return "unknown-field"
        case .missingField: return "missing-field"
        case .duplicateField: return "duplicate-field"
        case .wrongType: return "wrong-type"
        case .notAnInteger: return "not-an-integer"
        case .outOfRange: return "out-of-range"
        case .ambiguousChange: return "ambiguous-change"
        case .bodyTooLarge: return "body-too-large"
        case .badQuery, .badQueryChoice: return "bad-query"
        case .missingCredential: return "staff-only"
        case .wrongCredential: return "wrong-token"
        case .tooManyAttempts: return "too-many-attempts"
        case .tooManyStreams: return "too-many-streams"
        case .shop(let error, _): return error.kind
        case .notReady: return "not-ready"
        case .noSuchOrder: return "no-such-order"
        case .notFound: return "not-found"
        case .methodNotAllowed: return "method-not-allowed"
        case .menuEdit(let error, _): return error.kind
        case .unknownReason: return "unknown-reason"
        case .largeVariance: return "large-variance"
        case .atField(_, let error): return error.kind
        }
    }

    /// The shop's refusal `error` as an API error: about the request field where the shop placed it (`lines[2].units`),
    /// said as `naming` says the route's fields; a state failure is the server's own, about no field.
    static func refusal(_ error: ShopError, book: RecipeBook, naming: RequestFieldNames = RequestFieldNames()) -> APIError {
        guard let place = error.place, !error.reason.isState else { return .shop(error.reason, book: book) }
        return .atField(naming.field(for: place), .shop(error.reason, book: book))
    }

    /// The response's status: the one mapping from errors to HTTP statuses.
    var status: HTTPResponse.Status {
        switch self {
        case .malformedJSON, .unknownField, .missingField, .duplicateField, .wrongType, .notAnInteger, .outOfRange, .ambiguousChange, .badQuery,
            .badQueryChoice,
            .unknownReason:
            return .badRequest
        case .bodyTooLarge: return .contentTooLarge
        case .missingCredential, .wrongCredential: return .unauthorized
        case .tooManyAttempts: return .tooManyRequests
        case .tooManyStreams: return .serviceUnavailable
        case .shop(let error, _): return Self.status(of: error)
        case .notReady: return .serviceUnavailable
        case .noSuchOrder, .notFound: return .notFound
        case .methodNotAllowed: return .methodNotAllowed
        case .menuEdit(let error, _): return Self.status(of: error)
        case .largeVariance: return .conflict
        case .atField(_, let error): return error.status
        }
    }

    /// A refused menu edit's status: 404 for a juice, fruit or directory that is not there, 400 for a file name or a value that
    /// cannot be one, 422 for an edit that would break the recipes, 412 for a stale `If-Match`, 409 for what the files or the
    /// directory do not allow now, 503 for a write or read that failed.
    static func status(of error: MenuEditError) -> HTTPResponse.Status {
        switch error {
        case .unknownJuice, .unknownFruit, .noSuchDirectory: return .notFound
        case .invalidFile, .invalidValue: return .badRequest
        case .refused: return .unprocessableContent
        case .stale: return .preconditionFailed
        case .juiceExists, .fruitExists, .notEditableInPlace, .capacityShared, .changedOnDisk, .notWritable, .nothingToUndo, .undoBlocked:
            return .conflict
        case .writeFailed, .unreadable: return .serviceUnavailable
        }
    }

    /// A shop refusal's status, from its category (`ShopError.category`): a request that can never work is 404 when it
    /// names something the shop does not have (a juice, a fruit, a count session, a purchase order, a supplier) and 400 otherwise, a refusal of the stock now is 409, an unusable state
    /// 503. Every state failure is the server's own here (its store, opened at start), never the request's, so it is a
    /// 503 even where the command line counts it as a wrong `--state` argument.
    static func status(of located: ShopError) -> HTTPResponse.Status {
        let error = located.reason
        if case .state = error { return .serviceUnavailable }
        switch error.category {
        case .request:
            switch error {
            case .unknownJuice, .stockRefused(.unknownFruit), .unknownCountSession, .unknownPurchaseOrder, .unknownSupplier: return .notFound
            default: return .badRequest
            }
        case .refused: return .conflict
        case .state: return .serviceUnavailable
        }
    }

    /// The JSON response in the request's language (`ShopRequestContext.language`; Korean for another context).
    func response(from request: Request, context: some RequestContext) throws -> Response {
        let language = (context as? ShopRequestContext)?.language ?? .korean
        var response = JSONResponse.make(ErrorBody(error: detail(in: language)), status: status)
        switch self {
        case .missingCredential: response.headers[.wwwAuthenticate] = "Bearer realm=\"juice staff\""
        case .wrongCredential: response.headers[.wwwAuthenticate] = "Bearer realm=\"juice staff\", error=\"invalid_token\""
        case .methodNotAllowed(_, let allowed): response.headers[.allow] = allowed.joined(separator: ", ")
        case .menuEdit(_, let menu?): response.headers[.eTag] = "\"\(menu.version)\""
        default: break
        }
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// The seconds a client is asked to wait before trying again (`Retry-After`), for the errors that pass.
    var retryAfter: Int? {
        switch self {
        case .tooManyAttempts(_, _, let seconds): return max(1, seconds)
        // An event stream frees its slot when its page goes away; a page that retries at once would only be refused again.
        case .tooManyStreams: return 5
        // The state is away (the database restarting, a network cut): the server reconnects by itself, so ask to try soon.
        default: return status == .serviceUnavailable ? 1 : nil
        }
    }

    /// The state failure behind this error (a 503), whose reason is for the server's log only.
    var stateFailure: StateError? {
        switch self {
        case .shop(.state(let error), _), .notReady(.state(let error), _): return error
        case .atField(_, let error): return error.stateFailure
        default: return nil
        }
    }
}

/// How a route says the places the shop names (`FieldPath`, in the shop's own words) as its request's fields: the
/// shop's list of lines may be the body's `counts`, a line's `count` its `counted`, and a body of one line has no list.
struct RequestFieldNames: Sendable {
    /// Field names the route spells otherwise (the shop's name to the body's).
    var renamed: [String: String] = [:]
    /// Whether the body is one line: the shop's `lines[0]` is the body itself.
    var singleLine = false

    /// `path` as the body's field, `counts[2].counted` or `quantity`.
    func field(for path: FieldPath) -> String {
        var steps = path.steps
        if singleLine, steps.count > 2, case .field("lines") = steps[0], case .index = steps[1] { steps.removeFirst(2) }
        return FieldPath(
            steps.map { step in
                guard case .field(let name) = step, let spelled = renamed[name] else { return step }
                return .field(spelled)
            }
        ).description
    }
}

extension ShopError {
    /// Whether the state failed (the server's own failure, about no request field).
    var isState: Bool {
        if case .state = self { return true }
        return false
    }
}
