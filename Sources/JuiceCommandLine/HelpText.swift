import ArgumentParser
import JuiceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The language of `--help`: the one the command line asks for (`--lang ko|en`, else the environment, as every other
/// message), except for `--experimental-dump-help`, which feeds the man page and stays English.
///
/// ArgumentParser reads help texts when it builds a command, after `main` has started, so every text picks its
/// language here from the process's own arguments and environment.
package enum HelpLanguage {
    /// The language help texts are written in for this run.
    package static let current: Language = of(Array(CommandLine.arguments.dropFirst()), environment: Environment.languageVariables)

    /// The language of help for `arguments` in `environment`.
    package static func of(_ arguments: [String], environment: [String: String]) -> Language {
        if arguments.contains("--experimental-dump-help") { return .english }
        return UsageLanguage.of(arguments, environment: environment)
    }

    /// `english`, or `korean` when help is shown in Korean.
    package static func text(_ english: String, ko korean: String) -> String {
        current == .korean ? korean : english
    }
}

extension ArgumentHelp {
    /// Help for an argument in English and Korean (see `HelpLanguage`), with an optional value name.
    package init(_ english: String, ko korean: String, valueName: String? = nil) {
        self.init(HelpLanguage.text(english, ko: korean), valueName: valueName)
    }
}

/// ArgumentParser's own words in help screens and usage lines (headings, the help and version flags, defaults),
/// put into Korean; and help screens wrapped to the terminal by display width, a Hangul syllable taking two columns.
package enum KoreanHelp {
    /// Whole lines or parts of lines ArgumentParser writes, and their Korean.
    private static let phrases: [(String, String)] = [
        ("OVERVIEW: ", "개요: "),
        ("USAGE: ", "사용법: "),
        ("Usage: ", "사용법: "),
        ("ARGUMENTS:", "인자:"),
        ("OPTIONS:", "옵션:"),
        ("SUBCOMMANDS:", "하위 명령:"),
        ("Show help information.", "이 도움말을 보여 줘요."),
        ("Show the version.", "버전을 보여 줘요."),
        ("(default as flag: ", "(값 없이 쓰면: "),
        ("(default: ", "(기본값: "),
        ("(values: ", "(값: "),
        ("; default: ", "; 기본값: "),
        ("; default as flag: ", "; 값 없이 쓰면: "),
        (" (default)", " (기본)"),
        ("<subcommand>", "<하위-명령>"),
        (" <options>", " <옵션>"),
    ]

    /// `text` (a help screen, or a usage error's lines) with ArgumentParser's words in Korean.
    package static func translated(_ text: String) -> String {
        var result = text
        for (english, korean) in phrases { result = result.replacing(english, with: korean) }
        result = result.replacing(#/(?m)^Help:  /#, with: "도움말:  ")
        // "See 'juice help <subcommand>' for detailed help." and "See 'juice order --help' for more information."
        result = result.replacing(/See '([^']*)' for detailed help\./) { "자세한 도움말은 '\($0.1)'로 볼 수 있어요." }
        result = result.replacing(/See '([^']*)' for more information\./) { "자세한 내용은 '\($0.1)'로 볼 수 있어요." }
        return result
    }

    /// A help screen rendered without wrapping (`unwrapped`), in Korean and wrapped to `width` display columns.
    ///
    /// A line that is too wide breaks at spaces; its continuation lines start where its text does: after the label
    /// column for an option, argument or subcommand (`  --count <count>   How many…`), at its indent otherwise.
    package static func screen(_ unwrapped: String, width: Int) -> String {
        translated(unwrapped).split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrap(String($0), width: max(width, 40)) }
            .joined(separator: "\n")
    }

    /// `line` broken at spaces into lines at most `width` columns wide (a word wider than that stays whole).
    package static func wrap(_ line: String, width: Int) -> String {
        guard displayWidth(line) > width else { return line }
        let hanging = line.hasPrefix("사용법: ") ? "사용법: ".count : nil
        let indent = hanging ?? continuationIndent(of: line)
        let continuation = hanging.map { _ in displayWidth("사용법: ") } ?? indent
        // The first line keeps its indent and label as they are.
        let head = String(line.prefix(indent))
        var lines: [String] = []
        var current = head
        var currentWidth = displayWidth(head)
        var hasWord = false
        for word in line.dropFirst(indent).split(separator: " ") {
            let wordWidth = displayWidth(word)
            if hasWord && currentWidth + 1 + wordWidth > width {
                lines.append(current)
                current = String(repeating: " ", count: continuation)
                currentWidth = continuation
                hasWord = false
            }
            if hasWord {
                current += " "
                currentWidth += 1
            }
            current += word
            currentWidth += wordWidth
            hasWord = true
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }

    /// Where a line's text starts, and so its continuation lines: after an option's or subcommand's label (the first
    /// run of two spaces after the indent), else at the line's own indent; never past half the line's room.
    package static func continuationIndent(of line: String) -> Int {
        let characters = Array(line)
        let leading = characters.prefix { $0 == " " }.count
        var index = leading
        while leading > 0, index + 1 < characters.count {
            if characters[index] == " " && characters[index + 1] == " " {
                var textStart = index
                while textStart < characters.count && characters[textStart] == " " { textStart += 1 }
                return textStart < characters.count && textStart <= 40 ? textStart : leading
            }
            index += 1
        }
        return leading
    }

    /// How many terminal columns `text` takes (`DisplayWidth.of`).
    package static func displayWidth(_ text: some StringProtocol) -> Int { DisplayWidth.of(text) }

    /// The terminal's width for help: `COLUMNS`, else the width standard output reports when it is a terminal, else 80.
    package static var terminalWidth: Int {
        if let columns = Environment.value("COLUMNS").flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
