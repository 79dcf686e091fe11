import ArgumentParser
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceReload
import JuiceServer
import JuiceShop
import Logging
import Metrics

/// `juice serve`: the live shop over HTTP, with the two screens in a browser and menus that reload while it runs.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the live shop: the JSON API, live events and the two screens at http://HOST:PORT/.",
        discussion: """
            Staff actions (changing stock, undo, history, reloads) need the staff token, read from $JUICE_STAFF_TOKEN \
            or --staff-token-file, sent as 'Authorization: Bearer <token>'. Without one the server only listens on \
            loopback. SIGHUP or POST /api/reload re-reads the recipes; a broken edit is rejected and the last good \
            menu stays live. SIGTERM or SIGINT stop it gracefully.
            """
    )

    @OptionGroup var options: ShopOptions

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on (0: any free port, printed at start).")
    var port = 8080

    @Option(help: ArgumentHelp("A file whose first line is the staff token (else $JUICE_STAFF_TOKEN).", valueName: "file"))
    var staffTokenFile: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let staff: StaffCredential?
        do { staff = try StaffCredential.load(file: staffTokenFile, environment: environment) } catch {
            Terminal.writeError("juice: error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        let menu: LiveMenu
        do { menu = try LiveMenu(directory: options.recipes ?? environment["JUICE_RECIPES"]) } catch {
            Terminal.writeError("juice: error: cannot start on this menu: \(error)")
            throw ExitCode(ExitStatus.failure)
        }
        // The same store as the CLI: an SQLite file, or PostgreSQL for several counters on one stock.
        let store = try options.makeStore()
        let statePath = store.location
        do { try await store.prepare() } catch {
            Terminal.writeError("juice: error: \(error)")
            // A database that cannot be reached or entered is a problem with how the server was started.
            if case .state(.unreachable) = error { throw ExitCode(ExitStatus.usage) }
            throw ExitCode(ExitStatus.failure)
        }
        let configuration = ServerConfiguration(host: host, port: port, language: options.lang ?? .korean, staff: staff)
        let server: ShopServer
        do { server = try ShopServer(configuration: configuration, store: store, menu: menu) } catch {
            Terminal.writeError("juice: error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        MetricsSystem.bootstrap(server.metrics.factory)
        var logger = Logger(label: "juice-serve")
        logger.logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let host = self.host
        let application = server.application(logger: logger) { port in
            Terminal.write("juice: serving on http://\(host):\(port)/ (state \(statePath))\n")
        }
        try await application.runService()
    }
}
