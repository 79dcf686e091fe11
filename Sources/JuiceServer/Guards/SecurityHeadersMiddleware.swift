import HTTPTypes
import Hummingbird

/// Puts the browser security headers on every response, the page's, the API's and every error's: a
/// Content-Security-Policy that allows only the server's own script, style and connections (the page has no inline
/// script or style) and no framing, `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and
/// `X-Frame-Options: DENY` (for browsers without `frame-ancestors`). It is the outermost middleware, so an error
/// rendered by any middleware or route inside it carries them too.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for field in SecurityHeaders.fields { response.headers[field.name] = field.value }
        return response
    }
}

/// The fields `SecurityHeadersMiddleware` sets, made once.
enum SecurityHeaders {
    /// The policy: nothing but the server's own files and API; no plugins, no `<base>`, forms only to itself.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Every field with its value.
    static let fields: HTTPFields = {
        var fields: HTTPFields = [.contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff"]
        for (name, value) in [("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY")] {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return fields
    }()
}
