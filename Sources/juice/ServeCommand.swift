import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceMenuEditing
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
        abstract: HelpLanguage.text(
            "Run the live shop: the JSON API, events and screens.",
            ko: "가게를 열어요: JSON API, 실시간 이벤트, 화면."),
        discussion: HelpLanguage.text(
            """
            Serves the JSON API, live events and the two screens at http://HOST:PORT/. Staff actions (changing stock, undo, history, today's sales, the purchase list, reloads) need the staff token, read from $JUICE_STAFF_TOKEN \
            or --staff-token-file, sent as 'Authorization: Bearer <token>'. Without one the server only listens on \
            loopback. SIGHUP or POST /api/reload re-reads the recipes; a broken edit is rejected and the last good \
            menu stays live. The staff panel's purchase list is planned as 'juice plan --service-level P' plans it, from \
            the same history, for the day after the last sale. SIGTERM or SIGINT stop it gracefully. --lang (else the environment, as for every \
            command) is the language of replies to requests whose Accept-Language names neither ko nor en.
            """,
            ko: """
                JSON API, 실시간 이벤트, 그리고 http://HOST:PORT/의 두 화면을 내줘요. 직원 작업 (재고 바꾸기, 되돌리기, 기록, 오늘 판매, 구매 목록, 다시 읽기)에는 직원 토큰이 필요해요. $JUICE_STAFF_TOKEN이나 \
                --staff-token-file에서 읽고, 'Authorization: Bearer <token>'으로 보내요. 토큰이 없으면 루프백에서만 \
                들어요. SIGHUP이나 POST /api/reload로 레시피를 다시 읽어요. 망가진 수정은 거절되고 마지막으로 좋았던 \
                메뉴가 그대로 쓰여요. 직원 패널의 구매 목록은 'juice plan --service-level P'처럼, 같은 기록에서 같은 방법으로 \
                마지막 판매 다음 날을 위해 세워요. SIGTERM이나 SIGINT로 깔끔하게 멈춰요. --lang (없으면 다른 명령처럼 환경 변수)은 \
                Accept-Language가 ko도 en도 아닌 요청에 답하는 언어예요.
                """)
    )

    @OptionGroup var options: ShopOptions

    @Option(help: ArgumentHelp("Address to listen on.", ko: "들을 주소."))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Port to listen on (0: any free port, printed at start).", ko: "들을 포트 (0: 비어 있는 아무 포트, 시작할 때 출력해요)."))
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "A file whose first line is the staff token (else $JUICE_STAFF_TOKEN).",
            ko: "첫 줄이 직원 토큰인 파일 (없으면 $JUICE_STAFF_TOKEN).", valueName: "file"))
    var staffTokenFile: String?

    @Option(
        help: ArgumentHelp(
            "How the recipe directory is watched: auto (inotify, else polling), polling, or off (reload only on SIGHUP or POST /api/reload).",
            ko: "레시피 디렉터리를 지켜보는 방법: auto (inotify, 안 되면 polling), polling, off (SIGHUP이나 POST /api/reload 때만 다시 읽기)."))
    var watch: WatchChoice = .auto

    @Option(
        help: ArgumentHelp(
            "The staff panel's purchase list aims for this chance (0.5 to 0.999, or 50% to 99.9%) that every order of tomorrow is served.",
            ko: "직원 패널의 구매 목록이 목표로 하는, 내일 모든 주문이 나갈 확률 (0.5부터 0.999, 또는 50%부터 99.9%).", valueName: "P"))
    var serviceLevel = "0.95"

    @Option(
        help: ArgumentHelp(
            "A count (stocktake) whose variance is above this share of the expected stock needs confirming on the page and the API.",
            ko: "재고 조사의 차이가 기록 대비 이 비율보다 크면 화면과 API에서 먼저 확인해요.", valueName: "share"))
    var maxVariance: Double = CountLine.defaultLargeVariance

    @Flag(help: ArgumentHelp("Print a failure to start as JSON too.", ko: "시작하지 못하면 그 이유를 JSON으로도 출력해요."))
    var json = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(CommandMessage.portOutOfRange.text(in: UsageLanguage.current)) }
        guard PlanCommand.probability(serviceLevel) != nil else {
            throw ValidationError(PlanningMessage.badServiceLevel(serviceLevel).text(in: UsageLanguage.current))
        }
        guard (0...10).contains(maxVariance) else {
            throw ValidationError(CommandMessage.badMaxVariance(maxVariance).text(in: UsageLanguage.current))
        }
    }

    func run() async throws {
        // Until the server traps SIGHUP, a reload asked for during start-up must not stop the shop (the menu is read
        // fresh at start anyway).
        signal(SIGHUP, SIG_IGN)
        let reporter = options.reporter(json: json)
        let staff = try staffCredential(reporter: reporter)
        let directory = try options.checkedRecipeDirectory(json: json)
        let logger = CommandServices.logger("juice-serve", level: .info)
        let editor = MenuEditor(directory: directory, logFile: Self.menuEditLog(statePath: options.statePath))
        // A menu edit a killed server left half made is taken back before the set is read.
        Self.log(await editor.recoverInterruptedEdits(), logger: logger)
        let (menu, store) = try await openMenuAndStore(directory: directory, logger: logger, reporter: reporter)
        let configuration = ServerConfiguration(
            host: host, port: port, language: options.language, staff: staff, serviceLevel: PlanCommand.probability(serviceLevel) ?? 0.95,
            maxCountVariance: maxVariance, clock: try options.clock(json: json))
        let server: ShopServer
        do { server = try ShopServer(configuration: configuration, store: store, menu: menu, editor: editor) } catch {
            throw reporter.failure(error)
        }
        MetricsSystem.bootstrap(server.metrics.factory)
        await keepServedMenu(menu, server: server, directory: directory, logger: logger)
        let (host, statePath) = (self.host, store.location)
        // The store runs around the whole command (`CommandServices.runningStores`), so it closes after the server
        // stops.
        let application = server.application(logger: logger) { port in
            Terminal.write("juice: serving on http://\(host):\(port)/ (state \(statePath))\n")
        }
        try await application.runService()
    }

    /// The staff token, from `--staff-token-file` or `$JUICE_STAFF_TOKEN` (nil: none, and the server only listens on
    /// loopback).
    private func staffCredential(reporter: Reporter) throws -> StaffCredential? {
        do { return try StaffCredential.load(file: staffTokenFile, environment: ProcessInfo.processInfo.environment) } catch {
            throw reporter.failure(error)
        }
    }

    /// Where staff's menu edits are recorded: `menu-edits.jsonl` beside an SQLite state; nil (in memory only) with
    /// PostgreSQL.
    static func menuEditLog(statePath: String) -> String? {
        guard !PostgresLocation.isPostgresURL(statePath) else { return nil }
        return URL(fileURLWithPath: statePath).deletingLastPathComponent().appendingPathComponent("menu-edits.jsonl").path
    }

    /// The menu to serve and the store, ready: the recipes at `directory` (nil: the built-in set), or, when they are
    /// broken, the last good menu the state keeps (`LastGoodStart`, which opens the store itself); the same store as
    /// the CLI (an SQLite file, or PostgreSQL for several counters on one stock), prepared.
    private func openMenuAndStore(directory: String?, logger: Logger, reporter: Reporter) async throws -> (LiveMenu, any ShopStore) {
        let settings = ReloadSettings(watchMethod: watch.method)
        var store: (any ShopStore)?
        let menu: LiveMenu
        do throws(LiveMenuError) {
            menu = try LiveMenu(directory: directory, settings: settings)
        } catch {
            // A broken directory never takes the shop down while the state keeps the last good menu.
            guard let directory else { throw reporter.startFailure(error, directory: nil, lastGood: .noneKept) }
            let start = LastGoodStart(
                directory: directory, settings: settings, rejected: error, logger: logger, language: options.language,
                clock: try options.clock(json: json))
            let (served, opened) = try await start.menu(statePath: options.statePath, reporter: reporter)
            menu = served
            store = opened
        }
        let shopStore = try store ?? options.makeStore(json: json)
        do { try await shopStore.prepare() } catch {
            // A database that cannot be reached or entered is a problem with how the server was started (exit 2).
            let text = ShopText(language: options.language, book: await menu.current.book)
            throw reporter.fail(error, text: text)
        }
        return (menu, shopStore)
    }

    /// Keeps the set the server accepts as the shop's last good menu from now on (written only when it changed), when
    /// it was read from the directory, and logs what is served.
    private func keepServedMenu(_ menu: LiveMenu, server: ShopServer, directory: String?, logger: Logger) async {
        let live = await menu.current
        guard live.origin == .directory else { return }
        let kept = await server.keepLastGoodMenu(logger: logger)
        logger.info(
            "serving the menu from \(directory ?? "the built-in set") (menu version \(live.version.prefix(12)))\(kept ? "; kept in the state as the last good menu" : "")"
        )
    }

    /// Logs what the recovery of interrupted menu edits found, if anything.
    static func log(_ recovery: MenuEditRecovery, logger: Logger) {
        let found = [
            ("restored", recovery.restored), ("not yet replaced, as they were", recovery.untouched),
            ("changed since, left as they are", recovery.changedSince), ("could not be restored, tried again at the next start", recovery.failed),
        ].filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1.joined(separator: ", "))" }
        if !found.isEmpty {
            let level: Logger.Level = recovery.failed.isEmpty && recovery.changedSince.isEmpty ? .warning : .error
            logger.log(level: level, "an interrupted menu edit was taken back; \(found.joined(separator: "; "))")
        }
        if !recovery.temporaryFilesRemoved.isEmpty {
            logger.info("removed the temporary files of menu edits whose process ended: \(recovery.temporaryFilesRemoved.joined(separator: ", "))")
        }
        if !recovery.leftAlone.isEmpty {
            logger.warning(
                "left alone, another process's menu edit in progress or unreadable: \(recovery.leftAlone.joined(separator: ", "))")
        }
    }
}

/// How `juice serve` watches the recipe directory.
enum WatchChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, polling, off

    /// The live menu's watch method.
    var method: WatchMethod {
        switch self {
        case .auto: return .automatic
        case .polling: return .polling
        case .off: return .off
        }
    }
}

extension Reporter {
    /// Reports why the server will not start on the recipes at `directory` (nil: the built-in set), as before there
    /// was a last good menu: recipes that cannot be read (exit 2, after a note saying why no last good menu was
    /// served), or every lint error (exit 1), saying why no last good menu was served (`lastGood`).
    func startFailure(_ error: LiveMenuError, directory: String?, lastGood: LastGoodMenuProblem) -> ExitCode {
        switch error {
        case .unreadable(let reason):
            if directory != nil { note(CommandMessage.serveNoLastGood(lastGood).text(in: language)) }
            return recipesUnreadable(reason, path: directory ?? RecipeSet.defaultDirectory)
        case .invalid(let result):
            return recipesInvalid(result, message: .serveRecipesInvalid(errors: result.errorCount, lastGood: lastGood))
        }
    }

    /// Reports why the server will not start (exit 2): a problem with how it was started.
    func failure(_ error: ServerStartError) -> ExitCode {
        let (kind, message): (String, CommandMessage) =
            switch error {
            case .staffTokenRequired(let host): ("staff-token-required", .staffTokenRequired(host: host))
            case .unreadableTokenFile(let path, let reason): ("staff-token-unreadable", .staffTokenUnreadable(path: path, reason: reason))
            case .emptyStaffToken(let source): ("staff-token-empty", .staffTokenEmpty(source: source))
            case .weakStaffToken(let source, let length, let required):
                ("staff-token-weak", .staffTokenWeak(source: source, length: length, required: required))
            }
        return failure(kind: kind, message: message.text(in: language), status: ExitStatus.usage)
    }
}
