import Hummingbird

extension ShopServer {
    /// `GET /api/reload` (the live menu's version and the last attempt) and `POST /api/reload` (reload now); staff only.
    func addReloadRoutes(to router: Router<ShopRequestContext>) {
        router.get("/api/reload") { request, _ in
            try requireStaff(request)
            return JSONResponse.make(ReloadBody(await menu.status()))
        }
        router.post("/api/reload") { request, _ in
            try requireStaff(request)
            await menu.reload()
            return JSONResponse.make(ReloadBody(await menu.status()))
        }
    }
}
