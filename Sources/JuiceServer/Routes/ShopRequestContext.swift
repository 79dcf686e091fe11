import Hummingbird
import JuiceCore
import NIOCore

/// The request context of the shop's routes: Hummingbird's core storage plus the language the answer speaks.
package struct ShopRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    package var coreContext: CoreRequestContextStorage
    /// The language of messages in the answer (from `Accept-Language`, else the server's default).
    package var language: Language = .korean
    /// The peer the request came from (nil in a router test), which per-client limits count against.
    package let remoteAddress: SocketAddress?

    /// Creates a context for a request.
    package init(source: Source) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Whom per-client limits count this request against.
    var client: ClientAddress { ClientAddress(remoteAddress) }
}

extension Language {
    /// The language `Accept-Language` prefers among Korean and English (highest quality first), or nil.
    static func preferred(byAcceptLanguage header: String) -> Language? {
        var best: (language: Language, quality: Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first?.lowercased(), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard quality > 0, let language = Language(rawValue: primary) else { continue }
            if quality > best?.quality ?? -1 { best = (language, quality) }
        }
        return best?.language
    }
}

/// Sets each request's language, and renders the API's errors in it. An `APIError` carries its own response
/// (`HTTPResponseError`); it is rendered here rather than by the router because the router renders with the context it
/// started with, before this middleware set the language. A path the router does not have is a 404, or a 405 (with
/// `Allow`) when the OpenAPI document lists the path with other methods.
struct APIMiddleware: RouterMiddleware {
    /// The language when a request names none the shop speaks.
    let defaultLanguage: Language
    /// Where the reasons of 503s go (clients get a generic message).
    let stateFailures: StateFailureLog

    func handle(
        _ request: Request, context: ShopRequestContext, next: (Request, ShopRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.language = request.headers[.acceptLanguage].flatMap(Language.preferred(byAcceptLanguage:)) ?? defaultLanguage
        do {
            return try await next(request, context)
        } catch let error as APIError {
            if let failure = error.stateFailure {
                await stateFailures.record(failure, path: request.uri.path, logger: context.logger)
            }
            return try error.response(from: request, context: context)
        } catch let error as HTTPError where error.status == .notFound {
            let unrouted: APIError
            if let allowed = OpenAPIDocument.served.methods(of: request.uri.path), !allowed.contains(request.method.rawValue) {
                unrouted = .methodNotAllowed(request.method.rawValue, allowed: allowed)
            } else {
                unrouted = .notFound(path: request.uri.path)
            }
            return try unrouted.response(from: request, context: context)
        }
    }
}
