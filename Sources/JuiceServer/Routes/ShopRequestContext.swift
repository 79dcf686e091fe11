import Hummingbird
import JuiceCore

/// The request context of the shop's routes: Hummingbird's core storage plus the language the answer speaks.
public struct ShopRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The language of messages in the answer (from `Accept-Language`, else the server's default).
    public var language: Language = .korean

    /// Creates a context for a request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }
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

/// Sets each request's language and turns `APIProblem`s into JSON error bodies in that language.
struct APIMiddleware: RouterMiddleware {
    /// The language when a request names none the shop speaks.
    let defaultLanguage: Language
    /// Where the reasons of 503s go (clients get a generic message).
    let stateFailures: StateFailureLog

    func handle(_ request: Request, context: ShopRequestContext, next: (Request, ShopRequestContext) async throws -> Response) async throws -> Response {
        var context = context
        context.language = request.headers[.acceptLanguage].flatMap(Language.preferred(byAcceptLanguage:)) ?? defaultLanguage
        do {
            return try await next(request, context)
        } catch let problem as APIProblem {
            if let failure = problem.stateFailure {
                await stateFailures.record(failure, path: request.uri.path, logger: context.logger)
            }
            return problem.response(in: context.language)
        } catch let error as HTTPError where error.status == .notFound {
            if let allowed = DocumentedRoutes.methodsByPath[request.uri.path] {
                var response = APIProblem.methodNotAllowed(request.method.rawValue, allowed: allowed.sorted()).response(in: context.language)
                response.headers[.allow] = allowed.sorted().joined(separator: ", ")
                return response
            }
            return APIProblem.notFound(path: request.uri.path).response(in: context.language)
        }
    }
}

extension APIProblem {
    /// The JSON response for this problem in `language`.
    func response(in language: Language) -> Response {
        let (status, detail) = body(in: language)
        var response = JSONResponse.make(ErrorBody(error: detail), status: status)
        if case .missingCredential = self { response.headers[.wwwAuthenticate] = "Bearer realm=\"juice staff\"" }
        if case .wrongCredential = self { response.headers[.wwwAuthenticate] = "Bearer realm=\"juice staff\", error=\"invalid_token\"" }
        // The state is away (the database restarting, a network cut): the server reconnects by itself, so ask to try soon.
        if status == .serviceUnavailable { response.headers[.retryAfter] = "1" }
        return response
    }
}
