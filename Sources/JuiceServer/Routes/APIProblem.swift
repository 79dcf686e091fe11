import JuiceCore
import JuiceShop

/// Why the API refused a request; one case per failure. Nothing was changed whenever one is thrown.
enum APIProblem: Error, Sendable {
    /// The body is not JSON (or not the JSON value expected at the top).
    case malformedJSON(detail: String)
    /// A field the endpoint does not know; `allowed` lists the ones it does.
    case unknownField(String, allowed: [String])
    /// A required field is missing.
    case missingField(String)
    /// A field has the wrong JSON type.
    case wrongType(field: String, expected: String)
    /// A number is not an integer a count can hold (a fraction, or beyond 64 bits).
    case notAnInteger(field: String)
    /// An integer outside the range the endpoint allows.
    case outOfRange(field: String, value: Int, range: ClosedRange<Int>)
    /// A stock change names none or more than one of add, remove and set.
    case ambiguousChange(field: String)
    /// The body is larger than the limit.
    case bodyTooLarge(limit: Int)
    /// A query parameter is not what the endpoint expects.
    case badQuery(name: String, value: String, expected: String)
    /// A staff action without the staff token.
    case missingCredential
    /// A staff action with a token that is not the staff token.
    case wrongCredential
    /// The shop refused the change (`book` names things in the message).
    case shop(ShopError, book: RecipeBook)
    /// `/healthz`: the shop's state cannot be read now (the database is away), for the reason `error` gives.
    case notReady(ShopError, book: RecipeBook)
    /// No such route.
    case notFound(path: String)
    /// The path exists, but not with this method.
    case methodNotAllowed(String, allowed: [String])
}
