import Foundation
import Hummingbird
import NIOCore

extension ShopServer {
    /// `GET /` (the screens, in the request's language), its script modules (`app.js`, which imports the shared
    /// `api.js`, the menu screen's `menu.js` and the stock room's `stockroom.js`; a JavaScript type, as browsers require
    /// of modules) and style sheet, and `GET /openapi.yaml`: compiled into the binary by SwiftPM (`.embedInCode`
    /// resources of the target: `PackageResources`).
    func addPageRoutes(to router: Router<ShopRequestContext>) {
        router.get("/") { _, context in
            Self.asset(context.language == .english ? PageAssets.englishIndex : PackageResources.index_html, type: "text/html; charset=utf-8")
        }
        router.get("/api.js") { _, _ in Self.asset(PackageResources.api_js, type: "text/javascript; charset=utf-8") }
        router.get("/app.js") { _, _ in Self.asset(PackageResources.app_js, type: "text/javascript; charset=utf-8") }
        router.get("/menu.js") { _, _ in Self.asset(PackageResources.menu_js, type: "text/javascript; charset=utf-8") }
        router.get("/stockroom.js") { _, _ in Self.asset(PackageResources.stockroom_js, type: "text/javascript; charset=utf-8") }
        router.get("/style.css") { _, _ in Self.asset(PackageResources.style_css, type: "text/css; charset=utf-8") }
        router.get("/openapi.yaml") { _, _ in Self.asset(PackageResources.openapi_yaml, type: "application/yaml; charset=utf-8") }
    }

    private static func asset(_ bytes: [UInt8], type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The page's variants made from the compiled-in files.
enum PageAssets {
    /// `index.html` marked as English (the script picks the words from the `lang` attribute).
    static let englishIndex = Array(
        String(decoding: PackageResources.index_html, as: UTF8.self)
            .replacingOccurrences(of: "<html lang=\"ko\">", with: "<html lang=\"en\">").utf8)
}
