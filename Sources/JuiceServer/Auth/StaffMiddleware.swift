import Hummingbird

/// The one check in front of every staff route: the request carries the staff token as `Authorization: Bearer …`
/// (when the server has one), else it is refused with 401 before the route runs. `ShopServer.router()` puts every
/// staff route in one group behind it, so a staff route cannot forget the check.
struct StaffMiddleware: RouterMiddleware {
    /// The staff credential; nil lets every request through (only a loopback address allows it).
    let credential: StaffCredential?

    func handle(
        _ request: Request, context: ShopRequestContext, next: (Request, ShopRequestContext) async throws -> Response
    ) async throws -> Response {
        if let credential {
            guard let header = request.headers[.authorization], let token = StaffCredential.bearerToken(in: header) else {
                throw APIError.missingCredential
            }
            guard credential.accepts(token) else { throw APIError.wrongCredential }
        }
        return try await next(request, context)
    }
}
