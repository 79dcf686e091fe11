import Hummingbird

/// The one check in front of every staff route: the request carries the staff token as `Authorization: Bearer …`
/// (when the server has one), else it is refused with 401 before the route runs. `ShopServer.router()` puts every
/// staff route in one group behind it, so a staff route cannot forget the check. A client address that sent too many
/// wrong tokens (`StaffThrottle`) is refused with 429 before its token is looked at; the throttling is logged once
/// per burst.
struct StaffMiddleware: RouterMiddleware {
    /// The staff credential; nil lets every request through (only a loopback address allows it).
    let credential: StaffCredential?
    /// The wrong tokens counted per client address.
    let throttle: StaffThrottle

    func handle(
        _ request: Request, context: ShopRequestContext, next: (Request, ShopRequestContext) async throws -> Response
    ) async throws -> Response {
        if let credential {
            let client = context.client
            if let retryAfter = throttle.refusal(for: client) {
                throw APIError.tooManyAttempts(failures: throttle.settings.failures, window: throttle.settings.window, retryAfter: retryAfter)
            }
            guard let header = request.headers[.authorization], let token = StaffCredential.bearerToken(in: header) else {
                throw APIError.missingCredential
            }
            guard credential.accepts(token) else {
                if let lockout = throttle.recordFailure(of: client) {
                    context.logger.warning(
                        "staff authentication throttled: too many wrong staff tokens from one client; its staff requests get 429 for a while",
                        metadata: [
                            "client": "\(lockout.client)", "failures": "\(lockout.failures)",
                            "window_seconds": "\(throttle.settings.window.components.seconds)",
                        ])
                }
                throw APIError.wrongCredential
            }
        }
        return try await next(request, context)
    }
}
