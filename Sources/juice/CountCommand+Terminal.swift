import ArgumentParser
import Foundation
import JuiceCommandLine
import JuiceCore
import JuiceRecipes
import JuiceShop

/// What `juice count` asks on the terminal: each fruit's count (`--blind`) and whether to apply a large variance.
extension CountCommand {
    /// Asks each of `book`'s fruits for its count, without the expected value (it shows after, with the variance): a
    /// whole number 0 or more, an empty answer to skip the fruit; the end of input stops asking.
    func askEachFruit(book: RecipeBook, text: ShopText) -> [(fruit: FruitID, count: Int)] {
        var counted: [(fruit: FruitID, count: Int)] = []
        for fruit in book.fruits {
            var prompt = text(.countPrompt(fruit.id))
            while true {
                Terminal.writeError(prompt, newline: false)
                guard let answer = readLine() else { return counted }
                let trimmed = answer.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { break }
                if let count = Int(trimmed), count >= 0 {
                    counted.append((fruit.id, count))
                    break
                }
                prompt = text(.countPromptAgain(fruit.id))
            }
        }
        return counted
    }

    /// Has staff confirm a count whose variance is above `--max-variance` (`preview`: what applying it records):
    /// asked on a terminal, after its lines; refused (exit 1) without one, or with `--json` (`--yes` applies it), or
    /// when the answer is no.
    func confirmLargeVariance(_ preview: [CountLine], session: ShopSession) throws {
        let text = session.text
        let threshold = Int((maxVariance * 100).rounded())
        guard !json, Terminal.isInteractive else {
            // Each fruit that differs by more than the threshold, with its numbers, under the message.
            let message = CommandMessage.largeVarianceNeedsYes(threshold: threshold).text(in: text.language)
            let large = preview.filter { $0.isLarge(beyond: maxVariance) }.map { "  " + text(.countLine($0)) }
            throw session.reporter.failure(
                kind: "large-variance", message: message, details: [("counts", ShopJSON.countLines(preview))], status: ExitStatus.failure,
                lines: [CommandMessage.errorPrefix.text(in: text.language) + message] + large)
        }
        // What applying it changes: the fruits whose count differs (a fruit that matched says nothing).
        for line in preview where line.variance != 0 { Terminal.write(text(.countLine(line)) + "\n") }
        guard ask(text(.largeVariance(threshold: threshold)), text: text) else {
            Terminal.write(text(.countNotApplied) + "\n")
            throw ExitCode(ExitStatus.failure)
        }
    }

    /// Asks `prompt` until yes or no (no at the end of input).
    private func ask(_ prompt: String, text: ShopText) -> Bool {
        var prompt = prompt
        while true {
            Terminal.writeError(prompt, newline: false)
            guard let answer = readLine() else { return false }
            if text.isYes(answer) { return true }
            if text.isNo(answer) { return false }
            prompt = text(.answerYesOrNo)
        }
    }
}
