// The start-up baseline of `juice-bench startup`: the smallest Swift command-line tool built like `juice`, with
// ArgumentParser, which parses its arguments and prints a line.
import ArgumentParser

struct Hello: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hello-argument-parser", abstract: "Prints a greeting.")

    @Option(help: "Who to greet.")
    var name = "world"

    func run() {
        print("hello, \(name)")
    }
}

Hello.main()
