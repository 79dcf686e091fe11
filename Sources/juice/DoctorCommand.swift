import ArgumentParser
import Foundation
import JuiceRecipes
import JuiceShop

/// `juice doctor`: checks the state file and says what it found; never repairs anything.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the state file: SQLite's integrity check, and stock = initial stock + the journal's changes.",
        discussion: "Nothing is ever repaired or written. Exit status: 0 healthy (or no state file yet), 1 problems found or the file cannot be read."
    )

    @Option(help: ArgumentHelp("State file (default: $JUICE_STATE, else \(SQLiteStore.defaultPath)).", valueName: "file"))
    var state: String?

    @Flag(help: "Print the findings as JSON.")
    var json = false

    func run() async throws {
        let path = ShopOptions.statePath(state)
        guard FileManager.default.fileExists(atPath: path) else {
            write(path: path, exists: false, report: IntegrityReport(brokenFruits: [], backendCheck: []))
            return
        }
        let report: IntegrityReport
        do {
            report = try await SQLiteStore(path: path).checkIntegrity()
        } catch {
            Terminal.writeError("juice: error: \(error)")
            throw ExitCode(ExitStatus.failure)
        }
        write(path: path, exists: true, report: report)
        if !report.isHealthy { throw ExitCode(ExitStatus.failure) }
    }

    private func write(path: String, exists: Bool, report: IntegrityReport) {
        if json {
            Terminal.write(JSONValue.object([
                ("state", .string(path)), ("exists", .bool(exists)), ("healthy", .bool(report.isHealthy)),
                ("integrityCheck", .array(report.backendCheck.map(JSONValue.string))),
                ("brokenFruits", .array(report.brokenFruits.map { broken in
                    .object([("fruit", .string(broken.fruit.rawValue)), ("stock", .int(broken.stock)), ("expected", .int(broken.expected))])
                })),
            ]).rendered(pretty: true) + "\n")
            return
        }
        guard exists else {
            Terminal.write("state file: \(path) does not exist yet; nothing to check\n")
            return
        }
        var out = "state file: \(path)\n"
        out += "integrity check: " + report.backendCheck.joined(separator: "\n  ") + "\n"
        if report.brokenFruits.isEmpty {
            out += "stock = initial stock + the journal's changes: holds\n"
        } else {
            out += "stock = initial stock + the journal's changes: broken for \(report.brokenFruits.map(\.fruit.rawValue).joined(separator: ", "))\n"
            for broken in report.brokenFruits {
                out += "  \(broken.fruit): stock \(broken.stock), initial stock plus the journal's changes \(broken.expected)\n"
            }
        }
        if report.isHealthy {
            out += "healthy\n"
        } else {
            out += "problems found; nothing was repaired. Changes are refused until the state is consistent: restore a backup, put the figures back as they should be (with the sqlite3 tool), or move the file away to start afresh.\n"
        }
        Terminal.write(out)
    }
}
