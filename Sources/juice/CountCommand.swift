import ArgumentParser
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop
import JuiceUseCases

/// `juice count FRUIT=N …`, `juice count --start`, `juice count --session ID FRUIT=N …`: a stocktake.
struct CountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "count",
        abstract: HelpLanguage.text("Count the stock; --start first to count while selling.", ko: "재고를 세요. 팔면서 세려면 먼저 --start."),
        discussion: HelpLanguage.text(
            """
            A count that matches is recorded too (juice stock shows when each fruit was last counted). Counting while \
            the shop sells: 'juice count --start' prints a session id; apply the count with --session ID, and each fruit \
            is set to what was counted plus what moved since the start, so no order is lost or counted twice. A \
            variance above --max-variance (default 0.2: 20% of the expected value) asks first on a terminal and is \
            refused elsewhere unless --yes. --blind asks each fruit's count on the terminal and shows the expected \
            values only after. Exit status: 0 done, 1 refused (a large variance, an applied session) or \
            the state, 2 usage error (unknown fruit or session, a count below 0).
            """,
            ko: """
                맞는 세기도 기록에 남아요 (juice stock이 과일마다 마지막으로 센 때를 보여 줘요). 파는 동안 세려면: \
                'juice count --start'가 세기 id를 알려 주고, --session ID로 반영하면 센 값에 그동안 바뀐 만큼을 더해서 \
                주문이 빠지거나 두 번 세지지 않아요. 차이가 --max-variance (기본 0.2: 기록의 20%)보다 크면 터미널에서는 \
                먼저 묻고, 아니면 --yes 없이는 거절해요. --blind는 터미널에서 과일마다 센 값을 묻고, 기록된 값은 다 센 뒤에 \
                보여 줘요. 종료 코드: 0 완료, 1 거절됨 (큰 차이, 이미 반영한 세기)이나 상태, \
                2 사용법 오류 (모르는 과일이나 세기, 0보다 작은 값).
                """))

    @OptionGroup var options: ShopOptions
    @Argument(help: ArgumentHelp("What was counted, FRUIT=N ….", ko: "센 값, 과일=N …."), completion: .custom(Completions.assignments))
    var counts: [String] = []
    @Flag(help: ArgumentHelp("Start a count session and print its id.", ko: "세기를 시작하고 id를 보여 줘요.")) var start = false
    @Option(help: ArgumentHelp("The count session to apply (from --start).", ko: "반영할 세기 id (--start에서 받은 것).")) var session: String?
    @Option(
        help: ArgumentHelp(
            "The variance, as a share of the expected value, above which to ask first (default 0.2).", ko: "먼저 물어볼 차이, 기록 대비 비율 (기본 0.2)."))
    var maxVariance: Double = CountLine.defaultLargeVariance
    @Flag(help: ArgumentHelp("Apply a large variance without asking.", ko: "차이가 커도 묻지 않고 반영해요.")) var yes = false
    @Flag(
        help: ArgumentHelp(
            "On a terminal, ask each fruit's count without showing the expected value first.",
            ko: "터미널에서 과일마다 센 값을 물어요. 기록된 값은 다 센 뒤에 보여 줘요."))
    var blind = false
    @Flag(help: ArgumentHelp("Print the result (or the error) as JSON.", ko: "결과(또는 오류)를 JSON으로 출력해요.")) var json = false

    /// Refuses what cannot work together (in `run()`: the reporter writes the error, which `--help` must not see).
    private func checkArguments() throws {
        let reporter = options.reporter(json: json)
        if blind {
            guard counts.isEmpty, !start, !json else { throw reporter.usage(.blindCountTakesNoCounts) }
            guard Terminal.isInteractive else { throw reporter.usage(.blindCountNeedsTerminal) }
            return
        }
        guard start != !counts.isEmpty, !(start && session != nil) else { throw reporter.usage(.countNeedsCountsOrStart) }
        guard (0...10).contains(maxVariance) else { throw reporter.usage(.badMaxVariance(maxVariance)) }
    }

    func run() async throws {
        try checkArguments()
        let shopSession = try options.session(json: json)
        let text = shopSession.text
        if start { return try await startSession(in: shopSession) }
        let counted =
            blind
            ? askEachFruit(book: shopSession.shop.book, text: text)
            : try FruitAssignments(counts, reporter: shopSession.reporter).resolved(in: shopSession.shop.book).map {
                (fruit: $0.fruit, count: $0.value)
            }
        guard !counted.isEmpty else {
            Terminal.write(text(.countNotApplied) + "\n")
            return
        }
        let receipt = try await apply(counted, session: shopSession)
        shopSession.noteOrphans(receipt.snapshot)
        let lines = receipt.entry?.detail?.counts ?? []
        if json {
            Terminal.write(JSONValue(encoding: CountResultJSON(receipt, book: shopSession.shop.book)).rendered(pretty: true) + "\n")
            return
        }
        for line in lines {
            Terminal.write(text(.countLine(line)) + "\n")
            // In a session, what orders and deliveries moved while staff counted, and the stock it made.
            let now = receipt.snapshot.inventory[line.fruit]
            if now != line.counted { Terminal.write(text(.movedWhileCounting(line.fruit, moved: now - line.counted, now: now)) + "\n") }
        }
        printReceipt(receipt, session: shopSession, json: false)
    }

    /// `juice count --start`: starts a count session and says its id.
    private func startSession(in shopSession: ShopSession) async throws {
        let started: ShopActions.StartedCount
        do throws(ShopError) { started = try await shopSession.actions.startCount() } catch {
            throw shopSession.reporter.fail(error, text: shopSession.text)
        }
        Terminal.write(
            (json
                ? JSONValue(encoding: CountSessionJSON(started.session, expected: started.expected)).rendered(pretty: true)
                : shopSession.text(.countStarted(started.session))) + "\n")
    }

    /// Applies the count (`ShopActions.count`, the one rule of when a variance needs confirming), confirmed by
    /// `--yes` or, when its variance is large, by staff on the terminal (`confirmLargeVariance`).
    private func apply(_ counted: [(fruit: FruitID, count: Int)], session shopSession: ShopSession) async throws -> ShopReceipt {
        let (session, largeVariance, actions) = (session, maxVariance, shopSession.actions)
        func count(confirmed: Bool) async throws -> ShopActions.CountOutcome {
            try await shopSession.write { _ throws(ShopError) in
                try await actions.count(counted, session: session, confirmed: confirmed, largeVariance: largeVariance, command: commandLineText)
            }
        }
        switch try await count(confirmed: yes) {
        case .applied(let receipt): return receipt
        case .needsConfirmation(let preview): try confirmLargeVariance(preview, session: shopSession)
        }
        guard case .applied(let receipt) = try await count(confirmed: true) else { throw ExitCode(ExitStatus.failure) }
        return receipt
    }
}
