import Foundation
import JuiceTestSupport
import Testing

/// `--help` follows the language as every other message does (`--lang`, else LC_ALL, LC_MESSAGES, LANG, else Korean);
/// the man page (`--experimental-dump-help`) stays English.
@Suite("help in the user's language")
struct HelpLanguageTests {
    /// The environment of a run in `lang` (nil: no locale variable at all), 80 columns wide.
    static func environment(lang: String?) -> [String: String] {
        ["LANG": lang ?? "", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "80"]
    }

    static func help(_ arguments: [String], lang: String?) async throws -> JuiceBinary.Outcome {
        try await JuiceBinary.run(arguments, environment: environment(lang: lang))
    }

    /// Compares `text` with the golden file `name` (JUICE_UPDATE_GOLDEN=1 rewrites it).
    static func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = JuiceBinary.packageRoot.appendingPathComponent("Tests/JuiceCLITests/Fixtures/golden/\(name)")
        #expect(text == (try Golden.expected(for: text, at: url)), sourceLocation: sourceLocation)
    }

    /// How many terminal columns `text` takes (Hangul and the other wide characters two, the rest one).
    static func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x115F).contains(scalar.value) ? width + 2 : width + 1
        }
    }

    @Test("help screens in Korean and English (golden files), Korean from LANG, --lang (before or after the command) or no locale at all")
    func goldens() async throws {
        let cases: [(arguments: [String], lang: String?, golden: String)] = [
            (["order", "--help"], "en_US.UTF-8", "help-order.en.txt"),
            (["order", "--help"], "ko_KR.UTF-8", "help-order.ko.txt"),
            (["stock", "--help"], "C.UTF-8", "help-stock.en.txt"),
            (["--lang", "ko", "stock", "--help"], "en_US.UTF-8", "help-stock.ko.txt"),
            (["simulate", "--help"], "en_US.UTF-8", "help-simulate.en.txt"),
            (["simulate", "--help", "--lang", "ko"], "en_US.UTF-8", "help-simulate.ko.txt"),
            (["serve", "--help"], "en_US.UTF-8", "help-serve.en.txt"),
            (["serve", "--help"], nil, "help-serve.ko.txt"),
            (["backup", "--help"], "en_US.UTF-8", "help-backup.en.txt"),
            (["backup", "--help"], "ko_KR.UTF-8", "help-backup.ko.txt"),
        ]
        for (arguments, lang, golden) in cases {
            let outcome = try await Self.help(arguments, lang: lang)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.isEmpty)
            try Self.expectGolden(outcome.stdout, golden)
        }
        // `juice help stock` and `-h` say the same as `stock --help`.
        let korean = try await Self.help(["stock", "--help"], lang: "ko_KR.UTF-8").stdout
        #expect(try await Self.help(["help", "stock"], lang: "ko_KR.UTF-8").stdout == korean)
        #expect(try await Self.help(["stock", "-h"], lang: "ko_KR.UTF-8").stdout == korean)
    }

    @Test(
        "a --lang after a command with a default subcommand picks the language of that command's help, not the subcommand's",
        arguments: [
            (["stock", "--help", "--lang", "ko"], "en_US.UTF-8", "help-stock.ko.txt"),
            (["stock", "--lang", "ko", "--help"], "en_US.UTF-8", "help-stock.ko.txt"),
            (["stock", "-h", "--lang=ko"], "en_US.UTF-8", "help-stock.ko.txt"),
            (["stock", "--help", "--lang", "en"], "ko_KR.UTF-8", "help-stock.en.txt"),
        ])
    func langAfterCommandWithDefault(arguments: [String], lang: String, golden: String) async throws {
        let outcome = try await Self.help(arguments, lang: lang)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
        try Self.expectGolden(outcome.stdout, golden)
    }

    @Test("the subcommands' own help still takes --lang anywhere")
    func subcommandHelpWithLang() async throws {
        let show = try await Self.help(["stock", "show", "--help"], lang: "ko_KR.UTF-8")
        #expect(show.status == 0)
        #expect(try await Self.help(["stock", "show", "--help", "--lang", "ko"], lang: "en_US.UTF-8").stdout == show.stdout)
        #expect(try await Self.help(["stock", "show", "--lang", "ko", "--help"], lang: "en_US.UTF-8").stdout == show.stdout)
        #expect(show.stdout != (try await Self.help(["stock", "--help"], lang: "ko_KR.UTF-8").stdout))
    }

    @Test("Korean help lines fit the terminal's width in columns (a Hangul syllable takes two)", arguments: [60, 80, 120])
    func koreanWidth(width: Int) async throws {
        var environment = Self.environment(lang: "ko_KR.UTF-8")
        environment["COLUMNS"] = String(width)
        for command in [["order"], ["stock", "set"], ["simulate"], ["lint"], ["serve"], []] {
            let outcome = try await JuiceBinary.run(command + ["--help"], environment: environment)
            let lines = outcome.stdout.split(separator: "\n")
            #expect(lines.count > 3)
            for line in lines where line.contains(where: { !$0.isWhitespace }) {
                // A single word wider than the line (a long flag, a URL) may stand alone.
                let words = line.split(separator: " ")
                guard words.count > 1 else { continue }
                #expect(Self.columns(line) <= width, "\(command) at \(width): '\(line)' is \(Self.columns(line)) columns")
            }
        }
    }

    /// Every command of the tree, as the argument lists that reach it (`["stock", "add"]`), from the English dump.
    static func commandPaths() async throws -> [[String]] {
        let dump = try await JuiceBinary.run(["--experimental-dump-help"], environment: environment(lang: "en_US.UTF-8"))
        let root = try #require((try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])?["command"] as? [String: Any])
        var paths: [[String]] = []
        var pending: [([String], [String: Any])] = [([], root)]
        while let (path, command) = pending.popLast() {
            paths.append(path)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                pending.append((path + [name], sub))
            }
        }
        return paths
    }

    /// Words that stay as they are in Korean help: command, option value and rule names, formats, programs, signals.
    static let keptWords: Set<String> = [
        "juice", "JuiceMaker", "YAML", "JSON", "CSV", "SVG", "SQLite", "PostgreSQL", "Schema", "API", "HOST", "PORT",
        "FILE", "DIR", "ko", "en", "LANG", "LC", "ALL", "MESSAGES", "NO", "COLOR", "text", "json", "csv", "github",
        "sarif", "auto", "always", "never", "polling", "off", "inotify", "bash", "zsh", "fish", "error", "warning", "every",
        "below", "to", "store", "Enter", "Esc", "SIGHUP", "SIGTERM", "SIGINT", "GET", "POST", "Accept", "Language", "usage",
        "id", "count", "compinit", "day", "weekday", "hour", "fruit", "profit", "shelf", "life",
        // Waste reasons and journal kinds (option values and names in the JSON), and the fruits.yaml key.
        "spoiled", "expired", "dropped", "staff", "other", "delivery", "cost",
        // Purchase order statuses (juice purchase list --status).
        "open", "received", "all",
    ]

    /// The English words left in a Korean help screen once what may stay is taken out: flags, placeholders, quoted
    /// examples, paths, ids, variables and the kept words.
    static func englishLeft(in text: String, commands: Set<String>) -> [String] {
        var rest = text
        // Quoted examples, JSON, placeholders, variables, ids (kebab-case), flags, then paths, URLs and assignments.
        for pattern in [
            #"'[^']*'"#, #""[^"]*""#, #"\{[^}]*\}"#, #"<[^>]*>"#, #"\$[A-Z_]+"#, #"\b[a-z]+(-[a-z]+)+\b"#,
            #"(?<![\w-])--?[a-z][a-z-]*"#, #"[^\s(),;]*[/.=:@~_][^\s(),;]*"#,
        ] {
            rest = rest.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return rest.components(separatedBy: CharacterSet.letters.inverted).filter { word in
            word.count > 1 && word.unicodeScalars.allSatisfy { $0.isASCII } && !keptWords.contains(word) && !commands.contains(word)
        }
    }

    @Test("every command's help has a Korean text: no English left but names, flags and ids")
    func everyCommandInKorean() async throws {
        let paths = try await Self.commandPaths()
        #expect(paths.count > 18, "\(paths)")
        let commands = Set(paths.flatMap { $0 })
        for path in paths {
            let korean = try await Self.help(path + ["--help"], lang: "ko_KR.UTF-8")
            let english = try await Self.help(path + ["--help"], lang: "en_US.UTF-8")
            #expect(korean.status == 0 && english.status == 0, "\(path)")
            #expect(korean.stdout != english.stdout, "\(path): the Korean help differs from the English")
            #expect(korean.stdout.contains("개요: ") && korean.stdout.contains("사용법: "), "\(path)")
            let left = Self.englishLeft(in: korean.stdout, commands: commands)
            #expect(left.isEmpty, "\(path): English left in the Korean help: \(left)\n\(korean.stdout)")
            // The check itself finds the English help's words.
            #expect(Self.englishLeft(in: english.stdout, commands: commands).count > 3, "\(path)")
        }
    }

    @Test("usage errors' usage lines and hint follow the language")
    func usageLines() async throws {
        let korean = try await Self.help(["order"], lang: "ko_KR.UTF-8")
        #expect(korean.status == 2)
        #expect(korean.stderr.hasPrefix("juice: 오류: 인자가 빠졌어요: '<juice>'\n"), "\(korean.stderr)")
        #expect(korean.stderr.contains("\n도움말:  <juice>  쥬스: id, 이름 또는 별칭."))
        #expect(korean.stderr.contains("\n사용법: juice order [--recipes <dir>]"))
        #expect(korean.stderr.contains("자세한 내용은 'juice order --help'로 볼 수 있어요."))
        let english = try await Self.help(["order"], lang: "en_US.UTF-8")
        #expect(english.stderr.contains("\nHelp:  <juice>  The juice: id, name or alias"))
        #expect(english.stderr.contains("\nUsage: juice order [--recipes <dir>]"))
        #expect(english.stderr.contains("See 'juice order --help' for more information."))
    }

    @Test("the man page's source (--experimental-dump-help) is English whatever the language")
    func dumpStaysEnglish() async throws {
        let english = try await Self.help(["--experimental-dump-help"], lang: "en_US.UTF-8")
        let korean = try await Self.help(["--experimental-dump-help"], lang: "ko_KR.UTF-8")
        let none = try await Self.help(["--experimental-dump-help"], lang: nil)
        #expect(english.status == 0)
        #expect(korean.stdout == english.stdout)
        #expect(none.stdout == english.stdout)
        #expect(english.stdout.contains("Order a juice by id, Korean or English name, or alias."))
    }

    @Test("a --lang before the command is the command's own, or, for a command without one, only the help's and usage's")
    func leadingLang() async throws {
        let order = try await Self.help(["--lang", "ko", "order", "nothing-juice"], lang: "en_US.UTF-8")
        #expect(order.status == 2)
        #expect(order.stderr == "juice: 오류: 메뉴에 없는 쥬스예요: 'nothing-juice'.\n", "\(order.stderr)")
        let stock = try await Self.help(["--lang=en", "stock"], lang: "ko_KR.UTF-8")
        #expect(stock.status == 0)
        #expect(stock.stdout.contains("Strawberry"), "\(stock.stdout)")
        let schema = try await Self.help(["--lang", "ko", "schema"], lang: "en_US.UTF-8")
        #expect(schema.status == 0)
        #expect(schema.stdout.contains("\"$schema\""))
        let usage = try await Self.help(["--lang", "ko", "lint", "--bogus"], lang: "en_US.UTF-8")
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("juice: 오류: 알 수 없는 옵션이에요: '--bogus'"), "\(usage.stderr)")
        let invalid = try await Self.help(["--lang", "fr", "order", "banana-juice"], lang: "en_US.UTF-8")
        #expect(invalid.status == 2)
        #expect(invalid.stderr.hasPrefix("juice: error: The value 'fr' is invalid for '--lang <lang>'"), "\(invalid.stderr)")
    }

    @Test("with no locale set, messages are Korean; a locale that is not Korean gives English")
    func noLocaleIsKorean() async throws {
        let none = try await JuiceBinary.run(["order", "nothing-juice"], environment: Self.environment(lang: nil))
        #expect(none.status == 2)
        #expect(none.stderr.hasPrefix("juice: 오류: "), "\(none.stderr)")
        let c = try await JuiceBinary.run(["order", "nothing-juice"], environment: Self.environment(lang: "C.UTF-8"))
        #expect(c.stderr.hasPrefix("juice: error: "), "\(c.stderr)")
    }
}
