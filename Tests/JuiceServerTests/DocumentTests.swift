import Foundation
import JuiceCore
import Testing
@testable import JuiceServer

@Suite struct DocumentTests {
    static let serverSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/JuiceServer")

    /// Every `router.get("…")` / `staff.post("…")` in the server's sources, as "GET /path", with whether it was added to
    /// the staff group.
    static func registeredRoutes() throws -> [String: Bool] {
        var routes: [String: Bool] = [:]
        let files = try #require(FileManager.default.enumerator(at: serverSources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for (receiver, isStaff) in [("router", false), ("staff", true)] {
                for method in ["get", "post", "put", "delete", "patch"] {
                    for part in text.components(separatedBy: "\(receiver).\(method)(\"").dropFirst() {
                        // Hummingbird's `:name` is OpenAPI's `{name}`.
                        let path = part.prefix { $0 != "\"" }.split(separator: "/", omittingEmptySubsequences: false)
                            .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
                        routes["\(method.uppercased()) \(path)"] = isStaff
                    }
                }
            }
        }
        return routes
    }

    @Test func theOpenAPIDocumentListsExactlyTheRoutesTheServerHasAndWhichAreForStaff() throws {
        let registered = try Self.registeredRoutes()
        #expect(registered.count >= 14)
        let documented = Dictionary(
            uniqueKeysWithValues: OpenAPIDocument.served.operations.map { ("\($0.method) \($0.path)", $0.isStaff) })
        #expect(documented == registered)
    }

    @Test func theDocumentIsReadAsYAMLWithTheSecurityOfEachOperation() {
        let document = OpenAPIDocument(
            parsing: Array(
                """
                openapi: 3.1.0
                security: [{staff: []}]
                paths:
                  "/a":
                    get: {security: []}
                    post:
                      summary: staff by the document's default
                    parameters: []
                  /b:
                    delete:
                      security:
                        - other: []
                        - staff: []
                """.utf8))
        #expect(
            document.operations == [
                .init(method: "GET", path: "/a", isStaff: false), .init(method: "POST", path: "/a", isStaff: true),
                .init(method: "DELETE", path: "/b", isStaff: true),
            ])
        #expect(document.methods(of: "/a") == ["GET", "POST"])
        #expect(document.methods(of: "/c") == nil)
        #expect(OpenAPIDocument(parsing: Array("[not, a, document".utf8)).operations.isEmpty)
    }
}
