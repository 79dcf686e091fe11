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
            Recipes: YAML under recipes/ (--recipes DIR; else the built-in set). Stock and journal: \
            .juice/state.sqlite (--state FILE). 'juice status' says which are in use. Language: --lang ko|en, else \
            LC_ALL, LC_MESSAGES or LANG (Korean when none is set). Error kinds: 'juice help errors'. Exit codes: 0 \
            success, 1 problems found or refused, 2 usage error, 3 a change's outcome unknown.
            """,
            ko: """
                레시피: recipes/ 아래의 YAML (--recipes DIR, 없으면 내장 레시피). 재고와 기록: .juice/state.sqlite \
                (--state FILE). 무엇을 쓰는지는 'juice status'. 언어: --lang ko|en, 없으면 LC_ALL, LC_MESSAGES, LANG \
                (셋 다 없으면 한국어). 오류 종류: 'juice help errors'. 종료 코드: 0 성공, 1 문제를 찾았거나 거절됨, \
                2 사용법 오류, 3 변경의 결과를 알 수 없음.
                """),
        version: JuiceVersion.current,
        // By who uses them. The stock room (deliveries, waste, counts) will be a group of its own.
        groupedSubcommands: [
            CommandGroup(
                name: HelpLanguage.text("Recipes", ko: "레시피"),
                subcommands: [LintCommand.self, SchemaCommand.self, MenuCommand.self, DiffCommand.self]),
            CommandGroup(
                name: HelpLanguage.text("Shop", ko: "가게"),
                subcommands: [
                    OrderCommand.self, HistoryCommand.self,
                    UndoCommand.self, StatusCommand.self, ServeCommand.self,
                    DoctorCommand.self, BackupCommand.self,
                ]),
            CommandGroup(
                name: HelpLanguage.text("Stock room", ko: "창고"),
                subcommands: [StockCommand.self, ReceiveCommand.self, WasteCommand.self, CountCommand.self, PurchaseCommand.self]),
            CommandGroup(
                name: HelpLanguage.text("Planning", ko: "계획"),
                subcommands: [SimulateCommand.self, PlanCommand.self, ReportCommand.self, ForecastCommand.self]),
            CommandGroup(
                name: HelpLanguage.text("Shell and editor", ko: "셸과 편집기"), subcommands: [CompletionsCommand.self, LSPCommand.self]),
        ]
    )
}
