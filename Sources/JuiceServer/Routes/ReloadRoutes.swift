import Hummingbird

extension ShopServer {
    /// `GET /api/reload` (the live menu's version and the last attempt) and `POST /api/reload` (reload now); staff only.
    func addReloadRoutes(staff: RouterGroup<ShopRequestContext>) {
        staff.get("/api/reload") { _, context in
            JSONResponse.make(ReloadBody(await menu.status(), language: context.language))
        }
        staff.post("/api/reload") { _, context in
            await menu.reload()
            return JSONResponse.make(ReloadBody(await menu.status(), language: context.language))
        }
    }
}
