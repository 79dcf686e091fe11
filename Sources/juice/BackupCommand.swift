import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice backup FILE`: a consistent copy of an SQLite state file, taken while the shop goes on serving.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: HelpLanguage.text(
            "Copy the SQLite state file to FILE while serving.",
            ko: "가게가 장사하는 동안 상태 파일을 FILE로 복사해요."),
        discussion: HelpLanguage.text(
            """
            The copy is the state as of one moment (SQLite's VACUUM INTO), written beside FILE and put in place only \
            when complete, so FILE never holds half a copy. 'juice doctor --state FILE' checks it; restoring is \
            stopping the shop and putting the copy where the state file was. An existing FILE is replaced only with \
            --force. A PostgreSQL state is backed up with pg_dump (the message says the exact command). Exit status: \
            0 copied, 1 the state or FILE could not be read or written, 2 usage error.
            """,
            ko: """
                한순간의 상태 그대로 SQLite가 복사하고, FILE 옆에 쓴 뒤 다 쓰였을 때만 제자리에 놓아서 \
                FILE에 반쪽짜리 복사본이 남는 일은 없어요. 'juice doctor --state FILE'로 검사해요. 되살리려면 가게를 \
                멈추고 복사본을 상태 파일 자리에 놓으세요. 이미 있는 FILE은 --force를 줄 때만 바꿔요. PostgreSQL 상태는 \
                pg_dump로 백업해요 (메시지가 정확한 명령을 알려 줘요). 종료 코드: 0 복사함, 1 상태나 FILE을 읽거나 쓸 \
                수 없음, 2 사용법 오류.
                """)
    )

    @Argument(
        help: ArgumentHelp("Where to write the copy.", ko: "복사본을 쓸 곳.", valueName: "file"), completion: .file())
    var file: String

    @Option(
        help: ArgumentHelp(
            "State file to copy (default: $JUICE_STATE, else \(SQLiteStore.defaultPath)).",
            ko: "복사할 상태 파일 (기본값: $JUICE_STATE, 없으면 \(SQLiteStore.defaultPath)).", valueName: "file-or-url"),
        completion: .file())
    var state: String?

    @Flag(help: ArgumentHelp("Replace FILE if it exists.", ko: "FILE이 이미 있으면 바꿔요."))
    var force = false

    @Option(help: LanguageHelp.option)
    var lang: Language?

    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요."))
    var json = false

    func run() async throws {
        let language = lang ?? Language.from(environment: Environment.languageVariables)
        let reporter = Reporter(language: language, json: json)
        let path = ShopOptions.statePath(state)
        do throws(BackupError) {
            guard !PostgresLocation.isPostgresURL(path) else {
                let location: PostgresLocation
                do throws(StateError) { location = try PostgresLocation(url: path) } catch { throw .state(error) }
                throw .postgres(location: location.description, command: location.dumpCommand(file: file))
            }
            try await SQLiteStore(path: path).backup(to: file, replacing: force)
        } catch {
            throw reporter.failure(error, state: PostgresLocation.withoutPassword(path), backup: file)
        }
        if json {
            Terminal.write(
                JSONValue.object([("state", .string(path)), ("backup", .string(file)), ("copied", .bool(true))]).rendered(pretty: true) + "\n")
        } else {
            Terminal.write(CommandMessage.backupDone(state: path, backup: file).text(in: language) + "\n")
        }
    }
}

extension Reporter {
    /// Reports why no backup was made: exit 2 when the request can never work as typed, else 1.
    func failure(_ error: BackupError, state: String, backup: String) -> ExitCode {
        var details: [(String, JSONValue)] = [("state", .string(state)), ("backup", .string(backup))]
        if case .postgres(_, let command) = error { details.append(("command", .string(command))) }
        return failure(
            kind: error.kind, message: error.message(in: language), details: details,
            status: error.isUsageError ? ExitStatus.usage : ExitStatus.failure)
    }
}
