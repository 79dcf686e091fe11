import Foundation
import JuiceRecipes

/// `juice-bench hostile`: how long each hostile input takes to load and be diagnosed (each should be well under a second).
enum HostileBenchmark {
    static func run(directory: String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-hostile-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var inputs = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().map { "\(directory)/\($0)" }
        // The inputs too big to commit, made here as the tests make them.
        let open = String(repeating: "[", count: 100_000)
        var million = "version: 1\nx:\n"
        for index in 0..<1_000_000 { million += "  k\(index): 1\n" }
        let generated: [(String, Data)] = [
            ("deep-unclosed.yaml", Data(("version: 1\nx: " + open + "\n").utf8)),
            ("deep-closed.yaml", Data(("version: 1\nx: " + open + String(repeating: "]", count: 100_000) + "\n").utf8)),
            ("fifty-megabytes.yaml", Data("version: 1\n# ".utf8) + Data(repeating: 0x78, count: 50_000_000)),
            ("huge-scalar.yaml", Data("version: 1\nx: ".utf8) + Data(repeating: 0x61, count: 64 << 20)),
            ("million-keys.yaml", Data(million.utf8)),
        ]
        for (name, data) in generated {
            let path = scratch.appendingPathComponent(name).path
            _ = FileManager.default.createFile(atPath: path, contents: data)
            inputs.append(path)
        }
        guard !inputs.isEmpty else {
            print("no hostile fixtures found under \(directory); run from the package root")
            return
        }
        var slowest = 0.0
        for path in inputs {
            var rules = ""
            let time = Measure.best(runs: 3) {
                let result = try? RecipeLoader().load(paths: [path])
                rules = result?.diagnostics.first.map(\.rule.rawValue) ?? "path error"
            }
            slowest = max(slowest, time)
            let name = (path as NSString).lastPathComponent.padding(toLength: 30, withPad: " ", startingAt: 0)
            print("\(name) \(Measure.fixed(time * 1000, 2).leftPadded(8)) ms  \(rules)")
        }
        print("\(inputs.count) inputs; slowest \(Measure.fixed(slowest * 1000, 1)) ms (goal: each well under 1000 ms)")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
