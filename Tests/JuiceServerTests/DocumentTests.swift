import Foundation
import JuiceCore
import Testing
@testable import JuiceServer

@Suite struct DocumentTests {
    static let serverSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/JuiceServer")

    @Test func theCompiledInAssetsMatchTheirFiles() throws {
        let pairs = [("Page/index.html", EmbeddedAssets.indexHTML), ("Page/app.js", EmbeddedAssets.appJS),
                     ("Page/style.css", EmbeddedAssets.styleCSS), ("OpenAPI/openapi.yaml", EmbeddedAssets.openAPI)]
        for (path, embedded) in pairs {
            let file = try String(contentsOf: Self.serverSources.appendingPathComponent(path), encoding: .utf8)
            #expect(file == embedded, "\(path) changed: run scripts/embed-server-assets.py")
        }
    }

    /// Every `router.get("…")` / `router.post("…")` in the server's sources, as "GET /path".
    static func registeredRoutes() throws -> Set<String> {
        var routes = Set<String>()
        let files = FileManager.default.enumerator(at: serverSources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for method in ["get", "post"] {
                for part in text.components(separatedBy: "router.\(method)(\"").dropFirst() {
                    routes.insert("\(method.uppercased()) \(part.prefix { $0 != "\"" })")
                }
            }
        }
        return routes
    }

    @Test func theOpenAPIDocumentListsExactlyTheRoutesTheServerHas() throws {
        let registered = try Self.registeredRoutes()
        #expect(registered.count >= 15)
        #expect(Set(DocumentedRoutes.methodsByPath.flatMap { path, methods in methods.map { "\($0) \(path)" } }) == registered)
    }
}
