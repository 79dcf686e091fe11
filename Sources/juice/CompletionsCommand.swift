import ArgumentParser
import JuiceCommandLine
import Foundation
import JuiceCore
import JuiceRecipes

/// A shell `juice completions` writes a script for.
enum ShellChoice: String, ExpressibleByArgument, CaseIterable {
    case bash, zsh, fish
}

/// `juice completions SHELL`: the completion script (the same as `juice --generate-completion-script SHELL`).
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: HelpLanguage.text("Print a shell completion script (bash, zsh, fish).", ko: "셸 자동 완성 스크립트를 출력해요 (bash, zsh, fish)."),
        discussion: HelpLanguage.text(
            """
            Juice and fruit names complete from the recipes in use (--recipes, $JUICE_RECIPES, recipes/ or the \
            built-in set). Install: bash: juice completions bash > ~/.local/share/bash-completion/completions/juice; \
            zsh: juice completions zsh > ~/.zfunc/_juice (with fpath+=~/.zfunc before compinit); \
            fish: juice completions fish > ~/.config/fish/completions/juice.fish.
            """,
            ko: """
                쥬스와 과일 이름은 쓰고 있는 레시피에서 완성돼요 (--recipes, $JUICE_RECIPES, recipes/ 또는 기본 내장 레시피). \
                설치: bash: juice completions bash > ~/.local/share/bash-completion/completions/juice; \
                zsh: juice completions zsh > ~/.zfunc/_juice (compinit 앞에 fpath+=~/.zfunc); \
                fish: juice completions fish > ~/.config/fish/completions/juice.fish.
                """)
    )

    @Argument(help: ArgumentHelp("bash, zsh or fish.", ko: "bash, zsh, fish 중 하나."))
    var shell: ShellChoice

    func run() throws {
        guard let target = CompletionShell(rawValue: shell.rawValue) else { throw ExitCode(ExitStatus.usage) }
        Terminal.write(Juice.completionScript(for: target) + "\n")
    }
}

/// Completion candidates from the recipes in use; quiet: broken or missing recipes give what they can, or nothing.
enum Completions {
    /// Juice ids and names (without spaces) that start with the word being completed.
    static let juices: @Sendable ([String], Int, String) -> [String] = { words, _, prefix in
        let book = book(words)
        return matching(book.juices.flatMap { [$0.id.rawValue] + $0.name.all + $0.aliases }, prefix)
    }

    /// Fruit ids and names (without spaces) that start with the word being completed.
    static let fruits: @Sendable ([String], Int, String) -> [String] = { words, _, prefix in
        matching(fruitNames(book(words)), prefix)
    }

    /// `FRUIT=` for each fruit id and name that starts with the word being completed.
    static let assignments: @Sendable ([String], Int, String) -> [String] = { words, _, prefix in
        matching(fruitNames(book(words)).map { $0 + "=" }, prefix)
    }

    private static func fruitNames(_ book: RecipeBook) -> [String] {
        book.fruits.flatMap { [$0.id.rawValue] + $0.name.all }
    }

    private static func matching(_ names: [String], _ prefix: String) -> [String] {
        var seen: Set<String> = []
        return names.filter { !$0.contains(where: \.isWhitespace) && $0.hasPrefix(prefix) && seen.insert($0).inserted }
    }

    /// The recipes the command line being completed names (`--recipes DIR`), else the usual ones.
    private static func book(_ words: [String]) -> RecipeBook {
        var directory: String?
        for (index, word) in words.enumerated() {
            if word == "--recipes", index + 1 < words.count { directory = words[index + 1] }
            if word.hasPrefix("--recipes=") { directory = String(word.dropFirst("--recipes=".count)) }
        }
        let paths = InputLocations.recipePaths(directory.map { [$0] } ?? [])
        return (try? RecipeSet.load(paths: paths))?.book ?? RecipeBook(fruits: [], juices: [], store: Store())
    }
}
