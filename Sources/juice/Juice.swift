import ArgumentParser
import JuiceCommandLine
import JuiceRecipes

/// The `juice` command: the JuiceMaker recipe engine's command-line tool.
struct Juice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "juice",
        abstract: HelpLanguage.text("JuiceMaker: a declarative recipe engine for a juice bar.", ko: "JuiceMaker: 쥬스 가게의 선언형 레시피 엔진이에요."),
        discussion: HelpLanguage.text(
            """
            Fruits, juices and stock live in YAML files under recipes/ (or --recipes DIR, or the built-in set); the \
            stock and its journal in .juice/state.sqlite (or --state FILE). 'juice status' says which are in use. \
            Messages follow --lang ko|en, else LC_ALL, LC_MESSAGES or LANG (Korean when none is set).

            Errors are one line on standard error, 'juice: error: MESSAGE' (the Korean word for error with --lang ko); \
            notes 'juice: note: MESSAGE'. A refused order prints the original app's words and every short fruit. With \
            --json a failure also prints {"error": {"kind": KIND, "message": MESSAGE, ...details}} on standard output, \
            with the same exit code. Kinds (the API uses the same; docs/errors.md has the table): usage, unknown-juice, \
            unknown-fruit, invalid-count, negative-amount, too-large, duplicate-fruit, fruit-in-recipes, \
            fruit-not-in-recipes, state-directory-missing, recipes-unreadable, staff-token-required, \
            staff-token-unreadable, staff-token-empty, staff-token-weak, backup-exists, backup-invalid-destination, backup-postgres, \
            state-invalid-location, state-postgres-not-built-in, state-unreachable (exit 2); insufficient-stock, \
            below-zero, above-capacity, nothing-to-undo, undo-refused, recipes-invalid, backup-write-failed, \
            state-cannot-open, state-not-a-database, state-read-only, state-disk-full, state-io-error, \
            state-busy, state-newer-schema, state-inconsistent, state-failed, state-authentication-failed, \
            state-no-such-database, state-permission-denied, state-connection-lost, state-conflict (exit 1); \
            state-outcome-unknown (exit 3).

            Exit codes: 0 success, 1 problems found or refused by the stock or state, 2 usage error (the request can \
            never work as typed), 3 a change's outcome is unknown (the connection to PostgreSQL was lost while it was \
            committed).
            """,
            ko: """
                과일, 쥬스, 재고는 recipes/ 아래의 YAML 파일에 있어요 (--recipes DIR로 바꾸거나, 없으면 기본 내장 레시피). \
                재고와 그 기록은 .juice/state.sqlite에 있어요 (--state FILE로 바꿀 수 있어요). 무엇을 쓰고 있는지는 \
                'juice status'로 볼 수 있어요. 메시지 언어는 --lang ko|en, 없으면 LC_ALL, LC_MESSAGES, LANG을 따르고, \
                셋 다 없으면 한국어예요.

                오류는 표준 오류에 한 줄로 나와요: 'juice: 오류: 메시지' (--lang en이면 'juice: error:'), 참고는 \
                'juice: 참고: 메시지'. 거절된 주문은 원래 앱의 말과 모자란 과일을 모두 보여 줘요. --json을 주면 실패할 때도 \
                표준 출력에 {"error": {"kind": 종류, "message": 메시지, ...자세한 내용}}을 쓰고, 종료 코드는 같아요. \
                종류 (API도 같은 이름을 써요; 표는 docs/errors.md): usage, unknown-juice, unknown-fruit, invalid-count, \
                negative-amount, too-large, duplicate-fruit, fruit-in-recipes, fruit-not-in-recipes, state-directory-missing, \
                recipes-unreadable, staff-token-required, staff-token-unreadable, staff-token-empty, staff-token-weak, backup-exists, \
                backup-invalid-destination, backup-postgres, state-invalid-location, state-postgres-not-built-in, \
                state-unreachable (종료 코드 2); insufficient-stock, below-zero, above-capacity, nothing-to-undo, \
                undo-refused, recipes-invalid, backup-write-failed, state-cannot-open, state-not-a-database, state-read-only, \
                state-disk-full, state-io-error, state-busy, state-newer-schema, state-inconsistent, state-failed, \
                state-authentication-failed, state-no-such-database, state-permission-denied, state-connection-lost, \
                state-conflict (종료 코드 1); state-outcome-unknown (종료 코드 3).

                종료 코드: 0 성공, 1 문제를 찾았거나 재고나 상태 때문에 거절됨, 2 사용법 오류 (입력한 그대로는 절대 안 되는 요청), \
                3 변경의 결과를 알 수 없음 (확정하는 중에 PostgreSQL 연결이 끊겼어요).
                """),
        version: JuiceVersion.current,
        subcommands: [
            LintCommand.self, SchemaCommand.self, MenuCommand.self, OrderCommand.self, StockCommand.self, HistoryCommand.self,
            UndoCommand.self, StatusCommand.self, DoctorCommand.self, BackupCommand.self, SimulateCommand.self, PlanCommand.self, ReportCommand.self,
            ForecastCommand.self, DiffCommand.self,
            CompletionsCommand.self, ServeCommand.self, LSPCommand.self,
        ]
    )
}
