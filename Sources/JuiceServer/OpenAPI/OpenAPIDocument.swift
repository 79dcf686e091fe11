import JuiceYAML

/// The OpenAPI document the server serves at `GET /openapi.yaml` (`openapi.yaml`, compiled in), parsed: every operation
/// with its method, its path and whether it is for staff. The server's 405 answers (with `Allow`) come from it, and the
/// tests walk it (each staff operation must answer 401 without the token; the routes must be the ones it lists).
struct OpenAPIDocument: Sendable {
    /// One operation: a method on a path.
    struct Operation: Sendable, Hashable {
        /// The method, upper-case (`POST`).
        var method: String
        /// The path (`/api/stock`).
        var path: String
        /// Whether a security requirement names the `staff` scheme (the operation's own, else the document's).
        var isStaff: Bool
    }

    /// Every operation, in the document's order.
    let operations: [Operation]

    /// The document the server serves.
    static let served = OpenAPIDocument(parsing: PackageResources.openapi_yaml)

    /// The operation keys OpenAPI allows under a path.
    private static let methods: [StaticString] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The operations of the OpenAPI document `bytes` (none when it is not YAML with a `paths` mapping).
    init(parsing bytes: [UInt8]) {
        guard let document = YAMLParser().parse(bytes, file: "openapi.yaml").document, let root = document.root else {
            operations = []
            return
        }
        func value(_ key: StaticString, in node: YAMLNodeID) -> YAMLNodeID? {
            document.entries(of: node).first { document.scalar($0.key, equals: key) }?.value
        }
        /// Whether a `security` list has a requirement naming `staff`.
        func namesStaff(_ security: YAMLNodeID) -> Bool {
            document.items(of: security).contains { requirement in value("staff", in: requirement) != nil }
        }
        let everywhere = value("security", in: root).map(namesStaff) ?? false
        var operations: [Operation] = []
        guard let paths = value("paths", in: root) else {
            self.operations = []
            return
        }
        for (path, item) in document.entries(of: paths) {
            for (key, operation) in document.entries(of: item) where document.index(of: key, in: Self.methods) != nil {
                let isStaff = value("security", in: operation).map(namesStaff) ?? everywhere
                operations.append(Operation(method: document.string(key).uppercased(), path: document.string(path), isStaff: isStaff))
            }
        }
        self.operations = operations
    }

    /// The methods the document lists for `path` (a `{parameter}` part matching any one non-empty part), sorted; nil
    /// when it does not list the path.
    func methods(of path: String) -> [String]? {
        let methods = operations.filter { Self.path($0.path, matches: path) }.map(\.method)
        return methods.isEmpty ? nil : Array(Set(methods)).sorted()
    }

    /// Whether the document's `template` (`/api/menu/juices/{id}`) matches the request path `path`.
    static func path(_ template: String, matches path: String) -> Bool {
        guard template.contains("{") else { return template == path }
        let expected = template.split(separator: "/", omittingEmptySubsequences: false)
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard expected.count == parts.count else { return false }
        return zip(expected, parts).allSatisfy { pattern, part in
            pattern.hasPrefix("{") && pattern.hasSuffix("}") ? !part.isEmpty : pattern == part
        }
    }
}
