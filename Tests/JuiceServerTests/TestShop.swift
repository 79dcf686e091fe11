import Foundation
import JuiceTestSupport
import Hummingbird
import HummingbirdTesting
import JuiceCore
import JuiceMenuEditing
import JuiceRecipes
import JuiceReload
import JuiceShop
import Logging
import NIOCore
import Testing
import JuiceServer

/// A shop in a fresh temporary directory: the built-in recipes in `recipes/`, a state file, a server over them.
struct TestShop {
    static let token = "c0ffee5eed1234567890abcdefabcdef"
    static let staffHeaders: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
    static let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    let directory: URL
    let store: any ShopStore
    let menu: LiveMenu
    let server: ShopServer

    var recipes: URL { directory.appendingPathComponent("recipes") }

    /// A shop over `store` (default: an SQLite file in the directory), its configuration changed by `configure`; the
    /// menu watched as `reload` says, the recipe directory's access for menu edits `editorAccess` (by default what the
    /// system says).
    init(
        staffToken: String? = TestShop.token, store: (any ShopStore)? = nil, reload: ReloadSettings = ReloadSettings(),
        editorAccess: RecipeDirectoryAccess? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        directory = try TestDirectories.make("juice-server")
        try TestDirectories.writeBuiltInRecipes(into: directory)
        self.store = store ?? SQLiteStore(path: directory.appendingPathComponent("state.sqlite").path)
        menu = try LiveMenu(directory: directory.appendingPathComponent("recipes").path, settings: reload)
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, staff: staffToken.map(StaffCredential.init(token:)), eventPollInterval: .milliseconds(50))
        configure(&configuration)
        let recipesPath = directory.appendingPathComponent("recipes").path
        let editor = editorAccess.map { access in MenuEditor(directory: recipesPath, access: { _ in access }) }
        server = try ShopServer(configuration: configuration, store: self.store, menu: menu, editor: editor)
    }

    /// The application, logging only warnings (or to `logger`).
    func application(logger: Logger? = nil) -> some ApplicationProtocol {
        var quiet = Logger(label: "juice-test")
        quiet.logLevel = .warning
        return server.application(logger: logger ?? quiet)
    }

    /// The current stock, read from the store.
    func stock() async throws -> [String: Int] {
        let book = await menu.current.book
        let snapshot = try await store.snapshot(book: book)
        return Dictionary(uniqueKeysWithValues: book.fruits.map { ($0.id.rawValue, snapshot.inventory[$0.id]) })
    }

    /// How many journal entries there are.
    func journalCount() async throws -> Int { try await store.history(limit: nil).count }
}

extension ByteBuffer {
    /// The buffer as JSON decoded to `T`.
    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(readableBytesView))
    }

    /// The buffer as text.
    var text: String { String(buffer: self) }
}

/// A JSON body.
func json(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
