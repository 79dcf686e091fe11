#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JuiceCore

/// How `juice lsp` runs: where the recipes are (unless the client's workspace says), where live stock comes from, and
/// where the log goes.
package struct ServerConfiguration: Sendable {
    /// The recipe directory given on the command line (`--recipes`); nil: the client's workspace folder.
    package var recipeDirectory: String?
    /// The live stock for hover and completion (`--state`), read-only; nil: the store section's stock.
    package var liveStock: LiveStockSource?
    /// Where log lines go (standard error by default; never standard output, which carries the protocol).
    package var log: ServerLog

    /// A configuration.
    package init(recipeDirectory: String? = nil, liveStock: LiveStockSource? = nil, log: ServerLog = .standardError) {
        self.recipeDirectory = recipeDirectory
        self.liveStock = liveStock
        self.log = log
    }
}

/// Reads the current stock counts of the shop's state. The server calls it at most about once a second and never
/// writes through it; a failure is logged and hover and completion go on without live stock.
package struct LiveStockSource: Sendable {
    /// Where the state is, for the log.
    package var location: String
    /// Reads the counts of every fruit of `book` (and any the state keeps besides).
    package var read: @Sendable (RecipeBook) async throws -> [FruitID: Int]

    /// A source reading `location` with `read`.
    package init(location: String, read: @escaping @Sendable (RecipeBook) async throws -> [FruitID: Int]) {
        self.location = location
        self.read = read
    }
}

/// Where the server's log lines go.
package struct ServerLog: Sendable {
    /// Writes one line.
    package var write: @Sendable (String) -> Void

    /// A log writing lines with `write`.
    package init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Lines on standard error, prefixed `juice lsp: `.
    package static let standardError = ServerLog { line in
        let bytes = Array("juice lsp: \(line)\n".utf8)
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var written = 0
            while written < raw.count {
                let count = systemWrite(2, base + written, raw.count - written)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return }
                written += count
            }
        }
    }

    /// Logs nothing.
    package static let silent = ServerLog { _ in }

    /// Logs `line`.
    package func callAsFunction(_ line: String) { write(line) }
}

/// `write(2)`, named apart from `ServerLog.write`.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #else
    return Darwin.write(descriptor, buffer, count)
    #endif
}
