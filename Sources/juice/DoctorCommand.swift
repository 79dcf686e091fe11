import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice doctor`: checks the state file and says what it found; never repairs anything.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: HelpLanguage.text(
            "Check the state file: integrity, and stock vs journal.",
            ko: "상태 파일의 무결성과 재고를 검사해요."),
        discussion: HelpLanguage.text(
            "Runs SQLite's integrity check and checks that stock = initial stock + the journal's changes. Nothing is ever repaired or written. Exit status: 0 healthy (or no state file yet), 1 problems found or the file cannot be read.",
            ko: "SQLite 무결성 검사를 하고, 재고 = 초기 재고 + 기록된 변경인지 확인해요. 아무것도 고치거나 쓰지 않아요. 종료 코드: 0 정상 (또는 상태 파일이 아직 없음), 1 문제를 찾았거나 파일을 읽을 수 없음.")
    )

    @Option(
        help: ArgumentHelp(
            "State file, or a postgres://user@host:port/db URL (default: $JUICE_STATE, else \(SQLiteStore.defaultPath)).",
            ko: "상태 파일, 또는 postgres://user@host:port/db 주소 (기본값: $JUICE_STATE, 없으면 \(SQLiteStore.defaultPath)).",
            valueName: "file-or-url"), completion: .file())
    var state: String?

    @Option(help: LanguageHelp.option)
    var lang: Language?

    @Flag(help: ArgumentHelp("Print the findings (or the error) as JSON.", ko: "검사 결과(또는 오류)를 JSON으로 출력해요."))
    var json = false

    func run() async throws {
        let language = lang ?? Language.from(environment: Environment.languageVariables)
        let path = ShopOptions.statePath(state)
        guard PostgresLocation.isPostgresURL(path) || FileManager.default.fileExists(atPath: path) else {
            write(path: path, exists: false, report: IntegrityReport(brokenFruits: [], backendCheck: []), language: language)
            return
        }
        let report: IntegrityReport
        do {
            report = try await CommandServices.openStore(location: path).checkIntegrity()
        } catch {
            throw Reporter(language: language, json: json).fail(
                error, text: ShopText(language: language, book: RecipeBook(fruits: [], juices: [], store: Store())))
        }
        write(path: path, exists: true, report: report, language: language)
        if !report.isHealthy { throw ExitCode(ExitStatus.failure) }
    }

    private func write(path: String, exists: Bool, report: IntegrityReport, language: Language) {
        if json {
            Terminal.write(
                JSONValue.object([
                    ("state", .string(path)), ("exists", .bool(exists)), ("healthy", .bool(report.isHealthy)),
                    ("integrityCheck", .array(report.backendCheck.map(JSONValue.string))),
                    (
                        "brokenFruits",
                        .array(
                            report.brokenFruits.map { broken in
                                .object([
                                    ("fruit", .string(broken.fruit.rawValue)), ("stock", .int(broken.stock)), ("expected", .int(broken.expected)),
                                ])
                            })
                    ),
                ]).rendered(pretty: true) + "\n")
            return
        }
        var lines: [CommandMessage]
        if exists {
            lines = [.doctorState(path), .doctorIntegrity(report.backendCheck)]
            if report.brokenFruits.isEmpty {
                lines.append(.doctorInvariantHolds)
            } else {
                lines.append(.doctorInvariantBroken(report.brokenFruits.map(\.fruit.rawValue)))
                lines += report.brokenFruits.map { .doctorBrokenFruit(fruit: $0.fruit.rawValue, stock: $0.stock, expected: $0.expected) }
            }
            lines.append(report.isHealthy ? .doctorHealthy : .doctorProblems)
        } else {
            lines = [.doctorNoState(path)]
        }
        Terminal.write(lines.map { $0.text(in: language) + "\n" }.joined())
    }
}
