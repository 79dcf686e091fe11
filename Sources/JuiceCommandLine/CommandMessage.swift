import JuiceCore

/// Every message of the `juice` tool itself (usage, recipes, state files, doctor, status), one case each, in Korean or
/// English; the shop's own messages are `ShopMessage`. Errors are written `juice: 오류: …` / `juice: error: …`, notes
/// `juice: 참고: …` / `juice: note: …`.
package enum CommandMessage: Hashable, Sendable {
    /// The prefix of every error line.
    case errorPrefix
    /// The prefix of every note line.
    case notePrefix
    /// The recipes have lint errors; nothing was changed.
    case recipesInvalid(errors: Int)
    /// The recipes could not be read (the reason, from the loader).
    case recipesUnreadable(String)
    /// An explicit state file's directory does not exist.
    case stateDirectoryMissing(directory: String, path: String)
    /// A reading command needs a state file that does not exist yet.
    case stateMissing(String)
    /// `stock edit` without a terminal.
    case needsTerminal
    /// A negative amount for `stock add`/`remove`: the other subcommand does that.
    case negativeAmount(subcommand: String, fruit: String?, amount: Int)
    /// A `stock set` argument that is not FRUIT=N.
    case badAssignment(String)
    /// `stock set` without assignments.
    case noAssignments
    /// `juice waste` without `--reason` (the reasons listed).
    case wasteNeedsReason([String])
    /// `juice waste --expired` with fruits given too.
    case wasteExpiredTakesNoFruit
    /// `juice count` with neither `--start` nor counts, or `--start` with counts.
    case countNeedsCountsOrStart
    /// `juice count --blind` with counts, `--start` or `--json`.
    case blindCountTakesNoCounts
    /// `juice count --blind` without a terminal.
    case blindCountNeedsTerminal
    /// `juice count --max-variance` outside 0…10.
    case badMaxVariance(Double)
    /// `juice receive --ordered FRUIT=N` for a fruit the delivery does not have.
    case orderedNotReceived(String)
    /// A count's variance is large and there is no terminal to confirm it on: `--yes` applies it.
    case largeVarianceNeedsYes(threshold: Int)
    /// `juice report --waste` with `--history FILE` (a history file has no waste).
    case wasteNeedsState
    /// `--limit` below 0.
    case negativeLimit
    /// `--count` below 1.
    case countBelowOne
    /// `JUICE_NOW` is set to something that is not an instant with its offset.
    case clockNotAnInstant(String)
    /// A parser message (translated into Korean where it is one of the common ones).
    case parser(String)
    /// Doctor: the state file does not exist yet.
    case doctorNoState(String)
    /// Doctor: the report's heading lines.
    case doctorState(String)
    case doctorIntegrity([String])
    case doctorInvariantHolds
    case doctorInvariantBroken([String])
    case doctorBrokenFruit(fruit: String, stock: Int, expected: Int)
    case doctorHealthy
    case doctorProblems
    /// `juice simulate` needs one order source.
    case ordersOrGenerate
    /// `--generate` below 0.
    case negativeGenerate
    /// `--generate` above the bound without `--force`.
    case generateNeedsForce(orders: Int, limit: Int)
    /// `--mix` or `--demand` with `--orders`.
    case mixNeedsGenerate
    /// `--mix` and `--demand` together.
    case mixOrDemand
    /// `juice serve --port` out of range.
    case portOutOfRange
    /// The progress label of `juice simulate` and of `juice plan`.
    case simulating, planning
    /// A `--generate` run above the bound, let through by `--force`, is starting.
    case forcedRun(orders: Int, limit: Int)
    /// `--chart PATH` names a directory.
    case chartIsDirectory(String)
    /// `--chart PATH` cannot be written (permission).
    case chartNotWritable(String)
    /// `--chart PATH`'s directory does not exist.
    case chartNoDirectory(path: String, directory: String)
    /// `--chart PATH`'s directory cannot be written.
    case chartDirectoryNotWritable(path: String, directory: String)
    /// Writing the chart failed after the run (the system's reason).
    case chartWriteFailed(path: String, reason: String)
    /// Status lines.
    case statusRecipes(String?)
    case statusRecipeCounts(files: Int, fruits: Int, juices: Int)
    case statusLint(errors: Int, warnings: Int)
    case statusState(String, exists: Bool)
    case statusJournal(Int)
    case statusIntegrity(healthy: Bool)
    case statusOrphans([String])
    case statusOK
    case statusProblems(Int)
    /// Standard output could not be written, for `reason`: what was printed is incomplete.
    case outputFailed(reason: String)
    /// `juice serve` will not open on recipes with `errors` errors, and had no last good menu to serve instead.
    case serveRecipesInvalid(errors: Int, lastGood: LastGoodMenuProblem)
    /// Why `juice serve`, on recipes it cannot read, had no last good menu to serve instead (a note).
    case serveNoLastGood(LastGoodMenuProblem)
    /// `juice diff` will not compare the set at `path`: it has lint errors.
    case diffSetInvalid(path: String)
    /// `juice backup` copied the state at `state` to `backup`.
    case backupDone(state: String, backup: String)
    /// `juice serve` was asked to listen on `host`, not loopback, with no staff token.
    case staffTokenRequired(host: String)
    /// The staff token file at `path` could not be read, for `reason`.
    case staffTokenUnreadable(path: String, reason: String)
    /// The staff token from `source` (a file, or the variable) is empty.
    case staffTokenEmpty(source: String)
    /// The staff token from `source` is too weak: `length` characters where `required` random ones are needed.
    case staffTokenWeak(source: String, length: Int, required: Int)

    /// The message in `language`.
    package func text(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .errorPrefix: return ko ? "juice: 오류: " : "juice: error: "
        case .notePrefix: return ko ? "juice: 참고: " : "juice: note: "
        case .recipesInvalid(let errors):
            return ko
                ? "레시피 파일에 오류가 \(errors)개 있어서 아무것도 바꾸지 않았어요. 고친 뒤 (juice lint) 다시 해 보세요:"
                : "the recipe files have \(errors) error(s); nothing was changed. Fix them (juice lint) and try again:"
        case .recipesUnreadable(let reason):
            return ko ? "레시피를 읽을 수 없어요: \(reason)" : reason
        case .stateDirectoryMissing(let directory, let path):
            return ko
                ? "상태 파일 \(path)의 디렉터리 \(KoreanParticle.subject.after(directory)) 없어요. 경로를 확인하거나 먼저 만드세요 (mkdir -p \(directory))"
                : "the directory \(directory) for the state file \(path) does not exist; check the path, or create it first (mkdir -p \(directory))"
        case .stateMissing(let path):
            return ko
                ? "상태 파일 \(KoreanParticle.subject.after(path)) 없어요. 주문하거나 재고를 한 번 바꾸면 만들어져요"
                : "cannot open the state file \(path): no such file; order or change stock once to create it"
        case .needsTerminal:
            return ko
                ? "juice stock edit는 터미널에서만 쓸 수 있어요. 스크립트에서는 'juice stock set 과일=N …'을 쓰세요"
                : "juice stock edit needs a terminal; use 'juice stock set FRUIT=N …' in scripts"
        case .negativeAmount(let subcommand, let fruit, let amount):
            let other = subcommand == "add" ? "remove" : "add"
            let example = "juice stock \(other) \(fruit ?? (ko ? "과일" : "FRUIT")) \(-amount)"
            return ko
                ? "수량은 0 이상이어야 해요: '\(amount)'. \(subcommand == "add" ? "빼려면" : "더하려면") '\(example)'을(를) 쓰세요"
                : "amounts are 0 or more, not '\(amount)'; to \(subcommand == "add" ? "take some away" : "add some") use '\(example)'"
        case .badAssignment(let assignment):
            return ko ? "과일=N 형식이어야 해요 (예: banana=10): '\(assignment)'" : "expected FRUIT=N, like banana=10, not '\(assignment)'"
        case .noAssignments:
            return ko ? "과일=N을 하나 이상 주세요" : "give at least one FRUIT=N"
        case .wasteNeedsReason(let reasons):
            let list = reasons.joined(separator: ", ")
            return ko ? "--reason으로 버리는 이유를 주세요: \(list)" : "give the reason with --reason: \(list)"
        case .wasteExpiredTakesNoFruit:
            return ko
                ? "--expired는 유통기한이 지난 묶음을 모두 버려요. 과일을 함께 주지 마세요"
                : "--expired writes off every expired lot; give no fruits with it"
        case .countNeedsCountsOrStart:
            return ko
                ? "센 값을 과일=N으로 주거나, --start로 세기를 시작하세요 (둘 다는 안 돼요)"
                : "give the counted values as FRUIT=N, or start a count with --start (not both)"
        case .blindCountTakesNoCounts:
            return ko
                ? "--blind는 터미널에서 과일마다 물어봐요. 과일=N, --start, --json과 함께 쓰지 마세요 (--session은 돼요)"
                : "--blind asks for each fruit on the terminal; give no FRUIT=N, --start or --json with it (--session is fine)"
        case .blindCountNeedsTerminal:
            return ko
                ? "--blind는 터미널에서만 쓸 수 있어요. 스크립트에서는 'juice count 과일=N …'을 쓰세요"
                : "--blind needs a terminal; use 'juice count FRUIT=N …' in scripts"
        case .orderedNotReceived(let fruit):
            return ko
                ? "--ordered의 '\(fruit)'은(는) 이 입고에 없어요. 온 과일마다 --ordered 과일=N을 쓰세요"
                : "--ordered names '\(fruit)', which this delivery does not have; give --ordered FRUIT=N for fruit that came"
        case .badMaxVariance(let value):
            return ko ? "--max-variance는 0부터 10까지예요 (0.2는 20%): \(value)" : "--max-variance must be between 0 and 10 (0.2 is 20%), not \(value)"
        case .largeVarianceNeedsYes(let threshold):
            return ko
                ? "기록과 \(threshold)%보다 많이 달라서 반영하지 않았어요. 다시 세어 보거나, 맞다면 --yes를 붙이세요"
                : "the count differs from the expected stock by more than \(threshold)%, so it was not applied; count again, or add --yes if it is right"
        case .wasteNeedsState:
            return ko
                ? "--waste는 가게 기록(--state)에서만 읽어요. 판매 기록 파일에는 폐기가 없어요. --history를 빼 주세요"
                : "--waste reads the shop's state (--state); a sales history file has no waste. Leave out --history"
        case .negativeLimit:
            return ko ? "--limit은 0 이상이어야 해요" : "--limit must be 0 or more"
        case .countBelowOne:
            return ko ? "--count는 1 이상이어야 해요" : "--count must be at least 1"
        case .clockNotAnInstant(let text):
            return ko
                ? "JUICE_NOW='\(text)'는 시각이 아니에요. 시간대와 함께 쓰세요. 예: 2026-12-02T06:15:00+09:00"
                : "JUICE_NOW='\(text)' is not an instant; write it with its offset, for example 2026-12-02T06:15:00+09:00"
        case .parser(let message):
            return ko ? ParserMessages.korean(message) : message
        case .doctorNoState(let path):
            return ko ? "상태 파일: \(KoreanParticle.subject.after(path)) 아직 없어요. 확인할 것이 없어요" : "state file: \(path) does not exist yet; nothing to check"
        case .doctorState(let path):
            return ko ? "상태 파일: \(path)" : "state file: \(path)"
        case .doctorIntegrity(let lines):
            return (ko ? "무결성 검사: " : "integrity check: ") + lines.joined(separator: "\n  ")
        case .doctorInvariantHolds:
            return ko ? "재고 = 초기 재고 + 기록된 변경: 맞아요" : "stock = initial stock + the journal's changes: holds"
        case .doctorInvariantBroken(let fruits):
            return (ko ? "재고 = 초기 재고 + 기록된 변경: 맞지 않는 과일 " : "stock = initial stock + the journal's changes: broken for ")
                + fruits.joined(separator: ", ")
        case .doctorBrokenFruit(let fruit, let stock, let expected):
            return ko
                ? "  \(fruit): 재고 \(stock)개, 초기 재고와 기록된 변경의 합 \(expected)개"
                : "  \(fruit): stock \(stock), initial stock plus the journal's changes \(expected)"
        case .doctorHealthy:
            return ko ? "정상이에요" : "healthy"
        case .doctorProblems:
            return ko
                ? "문제가 있어요. 아무것도 고치지 않았어요. 상태가 맞을 때까지 변경은 거절돼요: 백업을 되살리거나, (sqlite3로) 수치를 제대로 고치거나, 파일을 옮기고 새로 시작하세요."
                : "problems found; nothing was repaired. Changes are refused until the state is consistent: restore a backup, put the figures back as they should be (with the sqlite3 tool), or move the file away to start afresh."
        case .ordersOrGenerate:
            return ko ? "--orders FILE이나 --generate N 중 하나를 주세요" : "give either --orders FILE or --generate N"
        case .negativeGenerate:
            return ko ? "--generate는 0 이상이어야 해요" : "--generate must be 0 or more"
        case .generateNeedsForce(let orders, let limit):
            return ko
                ? "--generate \(KoreanParticle.topic.after(orders)) \(limit)개보다 많아서 프로세서 하나를 오래 써요. 그래도 돌리려면 --force를 붙이세요"
                : "--generate \(orders) is more than \(limit) orders, a long run that keeps a processor busy; add --force to run it anyway"
        case .mixNeedsGenerate:
            return ko ? "--mix와 --demand는 --generate에만 써요" : "--mix and --demand apply to --generate only"
        case .mixOrDemand:
            return ko ? "--mix와 --demand 중 하나만 주세요" : "give --mix or --demand, not both"
        case .portOutOfRange:
            return ko ? "--port는 0부터 65535까지예요" : "--port must be between 0 and 65535"
        case .simulating: return ko ? "시뮬레이션 중" : "simulating"
        case .planning: return ko ? "계획 중" : "planning"
        case .forcedRun(let orders, let limit):
            let (count, bound) = (Self.grouped(orders), Self.grouped(limit))
            return ko
                ? "주문 \(count)개를 시뮬레이션해요 (--force: \(bound)개 넘게). 프로세서 하나를 오래 쓰고, Ctrl-C로 멈출 수 있어요"
                : "simulating \(count) generated orders (--force: more than \(bound)); this keeps a processor busy a long while, Ctrl-C stops it"
        case .chartIsDirectory(let path):
            return ko ? "--chart \(path): 디렉터리예요. stock.svg 같은 파일 이름을 주세요" : "--chart \(path): is a directory; give a file name like stock.svg"
        case .chartNotWritable(let path):
            return ko ? "--chart \(path): 쓸 수 없어요 (권한 없음)" : "--chart \(path): cannot be written (permission denied)"
        case .chartNoDirectory(let path, let directory):
            return ko
                ? "--chart \(path): 디렉터리 '\(directory)'이(가) 없어요. 먼저 만드세요"
                : "--chart \(path): no such directory '\(directory)'; create it first"
        case .chartDirectoryNotWritable(let path, let directory):
            return ko
                ? "--chart \(path): 디렉터리 '\(directory)'에 쓸 수 없어요 (권한 없음)"
                : "--chart \(path): the directory '\(directory)' cannot be written (permission denied)"
        case .chartWriteFailed(let path, let reason):
            return ko ? "\(path)에 쓸 수 없어요: \(reason)" : "cannot write \(path): \(reason)"
        case .statusRecipes(let path):
            return (ko ? "레시피: " : "recipes: ") + (path ?? (ko ? "기본 내장 레시피" : "built-in set"))
        case .statusRecipeCounts(let files, let fruits, let juices):
            return ko ? "  파일 \(files)개, 과일 \(fruits)개, 쥬스 \(juices)개" : "  \(files) file(s), \(fruits) fruit(s), \(juices) juice(s)"
        case .statusLint(let errors, let warnings):
            return ko ? "  검사: 오류 \(errors)개, 경고 \(warnings)개" : "  lint: \(errors) error(s), \(warnings) warning(s)"
        case .statusState(let path, let exists):
            return (ko ? "상태: " : "state: ") + path
                + (exists ? "" : (ko ? " (아직 없음; 첫 변경 때 만들어져요)" : " (not created yet; the first change creates it)"))
        case .statusJournal(let entries):
            return ko ? "  기록 \(entries)개" : "  \(entries) journal entr\(entries == 1 ? "y" : "ies")"
        case .statusIntegrity(let healthy):
            return ko ? "  무결성: \(healthy ? "정상" : "문제 있음 (juice doctor)")" : "  integrity: \(healthy ? "healthy" : "problems (see juice doctor)")"
        case .statusOrphans(let fruits):
            return ko
                ? "  레시피에 없는데 재고가 남은 과일: \(fruits.joined(separator: ", ")) (juice stock retire)"
                : "  fruits with stock the recipes no longer have: \(fruits.joined(separator: ", ")) (juice stock retire)"
        case .statusOK:
            return ko ? "문제 없어요" : "no problems"
        case .statusProblems(let count):
            return ko ? "문제 \(count)개" : "\(count) problem(s)"
        case .outputFailed(let reason):
            return ko ? "표준 출력에 쓸 수 없어요 (\(reason)). 출력이 완전하지 않아요" : "cannot write to standard output (\(reason)); the output is incomplete"
        case .serveRecipesInvalid(let errors, let lastGood):
            return ko
                ? "레시피 파일에 오류가 \(errors)개 있어서 가게를 열 수 없어요. \(lastGood.text(in: language)) 고친 뒤 (juice lint) 다시 시작하세요:"
                : "the recipe files have \(errors) error(s); the shop cannot open on them, and \(lastGood.text(in: language)). Fix them (juice lint) and start again:"
        case .serveNoLastGood(let lastGood):
            return lastGood.text(in: language)
        case .diffSetInvalid(let path):
            return ko
                ? "\(path)에 오류가 있어요. 비교하려면 먼저 고치세요 (juice lint \(path)):"
                : "\(path) has errors; fix them (juice lint \(path)) to compare:"
        case .backupDone(let state, let backup):
            return ko
                ? "상태 \(KoreanParticle.object.after(state)) \(backup)에 백업했어요. 검사: juice doctor --state \(backup)"
                : "backed up the state \(state) to \(backup); check it with: juice doctor --state \(backup)"
        case .staffTokenRequired(let host):
            return ko
                ? "직원 토큰 없이 \(host)에서 들을 수 없어요: 닿을 수 있는 누구나 재고를 바꿀 수 있으니까요. JUICE_STAFF_TOKEN을 설정하거나 --staff-token-file FILE을 주거나, 127.0.0.1에서 들으세요"
                : "refusing to listen on \(host) without a staff token: anyone who can reach it could change stock. Set JUICE_STAFF_TOKEN or pass --staff-token-file FILE, or listen on 127.0.0.1"
        case .staffTokenUnreadable(let path, let reason):
            return ko ? "직원 토큰 파일 \(KoreanParticle.object.after(path)) 읽을 수 없어요: \(reason)" : "cannot read the staff token file \(path): \(reason)"
        case .staffTokenEmpty(let source):
            return ko
                ? "\(source)의 직원 토큰이 비어 있어요. 길고 무작위인 토큰을 넣으세요 (예: openssl rand -hex 16)"
                : "the staff token from \(source) is empty; put a long random token there (for example: openssl rand -hex 16)"
        case .staffTokenWeak(let source, let length, let required):
            return ko
                ? "\(source)의 직원 토큰이 너무 약해요 (\(length)자). 무작위 문자 \(required)자 이상 (128비트)이 필요해요. 이렇게 만드세요: openssl rand -hex 16"
                : "the staff token from \(source) is too weak (\(length) characters; at least \(required) random ones, 128 bits, are needed). Make one with: openssl rand -hex 16"
        }
    }
}

/// Why `juice serve`, on a recipe directory it cannot serve, had no last good menu (kept in the state) to serve instead.
package enum LastGoodMenuProblem: Hashable, Sendable {
    /// The state keeps none (a new shop, or one no server has opened since sets were kept).
    case noneKept
    /// The state could not be read: the reason, in the chosen language.
    case unreadable(String)
    /// The kept set has `errors` errors under this JuiceMaker's rules.
    case invalid(errors: Int)

    /// The reason in `language`: a sentence in Korean, a clause in English.
    package func text(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .noneKept:
            return ko ? "상태에 대신 내놓을 마지막 정상 메뉴도 없어요." : "the state keeps no last good menu to serve instead"
        case .unreadable(let reason):
            return ko
                ? "상태에서 마지막 정상 메뉴를 읽을 수도 없었어요 (\(reason))."
                : "the last good menu could not be read from the state (\(reason))"
        case .invalid(let errors):
            return ko
                ? "상태에 남은 마지막 정상 메뉴도 이 버전의 검사로 오류가 \(errors)개 있어요."
                : "the last good menu the state keeps has \(errors) error(s) under this version's rules"
        }
    }
}

extension CommandMessage {
    /// `value` with commas between thousands (the same in both languages): 100,000,000.
    package static func grouped(_ value: Int) -> String { NumberText.grouped(value) }
}

/// Korean forms of the parser's common messages (the rest stay as the parser says them).
package enum ParserMessages {
    /// The parser's `message` in Korean where it is one of the common ones, else as it is.
    package static func korean(_ message: String) -> String {
        let patterns: [(String, (String) -> String)] = [
            ("Unknown option '", { "알 수 없는 옵션이에요: '\($0)'" }),
            ("Unexpected argument '", { "필요 없는 인자예요: '\($0)'" }),
            ("Missing expected argument '", { "인자가 빠졌어요: '\($0)'" }),
            ("Missing value for '", { "값이 빠졌어요: '\($0)'" }),
            ("Unknown subcommand '", { "알 수 없는 하위 명령이에요: '\($0)'" }),
        ]
        for (prefix, make) in patterns where message.hasPrefix(prefix) {
            let rest = message.dropFirst(prefix.count)
            guard let end = rest.firstIndex(of: "'") else { continue }
            return make(String(rest[..<end])) + rest[rest.index(after: end)...]
        }
        if message.hasPrefix("The value '"), let range = message.firstRange(of: "' is invalid for '") {
            let value = message[message.index(message.startIndex, offsetBy: 11)..<range.lowerBound]
            let rest = message[range.upperBound...]
            if let end = rest.firstIndex(of: "'") {
                var tail = String(rest[rest.index(after: end)...])
                // The values an enumerated option takes: ". Please provide one of 'a', 'b' or 'c'."
                if let choices = tail.firstRange(of: ". Please provide one of ") {
                    let list = String(tail[choices.upperBound...]).replacing("' or '", with: "', '")
                    tail = ". 쓸 수 있는 값: " + (list.hasSuffix(".") ? String(list.dropLast()) : list)
                }
                return "'\(rest[..<end])'에 '\(value)'은(는) 쓸 수 없어요" + tail
            }
        }
        return message
    }
}
