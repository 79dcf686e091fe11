/// The operations the OpenAPI document lists, read from its `paths:` section: the server answers 405 (with `Allow`)
/// to a method the document does not list for a path it has, and a test checks the document against the routes.
enum DocumentedRoutes {
    /// The methods of each documented path, upper-case (`["/api/stock": ["GET", "POST"]]`).
    static let methodsByPath: [String: Set<String>] = read(EmbeddedAssets.openAPI)

    /// Every `  /path:` under `paths:` with its `    method:` keys.
    static func read(_ document: String) -> [String: Set<String>] {
        var routes: [String: Set<String>] = [:]
        var path: String?
        var inPaths = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" {
                inPaths = true
                continue
            }
            guard inPaths, line.hasSuffix(":") else { continue }
            if line.hasPrefix("  /") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let method = line.dropFirst(4).dropLast()
                if ["get", "post", "put", "delete", "patch"].contains(method) { routes[path, default: []].insert(method.uppercased()) }
            }
        }
        return routes
    }
}
