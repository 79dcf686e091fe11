import Foundation
import Hummingbird
import NIOCore

extension ShopServer {
    /// `GET /` (the two screens, in the request's language), its script and style sheet, and `GET /openapi.yaml`:
    /// all compiled into the binary.
    func addPageRoutes(to router: Router<ShopRequestContext>) {
        router.get("/") { _, context in
            let page = context.language == .english
                ? EmbeddedAssets.indexHTML.replacingOccurrences(of: "<html lang=\"ko\">", with: "<html lang=\"en\">")
                : EmbeddedAssets.indexHTML
            return Self.asset(page, type: "text/html; charset=utf-8")
        }
        router.get("/app.js") { _, _ in Self.asset(EmbeddedAssets.appJS, type: "text/javascript; charset=utf-8") }
        router.get("/style.css") { _, _ in Self.asset(EmbeddedAssets.styleCSS, type: "text/css; charset=utf-8") }
        router.get("/openapi.yaml") { _, _ in Self.asset(EmbeddedAssets.openAPI, type: "application/yaml; charset=utf-8") }
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
