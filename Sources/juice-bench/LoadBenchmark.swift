import Foundation
import JuiceRecipes
import JuiceYAML

/// `juice-bench load`: full load + validation of a generated menu against a bare libyaml event loop over the same bytes.
enum LoadBenchmark {
    static func run(juices: Int, fruits: Int, runs: Int) {
        let text = MenuGenerator.menu(juices: juices, fruits: fruits)
        let bytes = Array(text.utf8)
        let megabytes = Double(bytes.count) / 1_000_000
        print("menu: \(Measure.grouped(juices)) juices, \(fruits) fruits, \(Measure.fixed(megabytes)) MB")

        var events = 0
        var nodes = 0
        var result: RecipeLoadResult?
        // Alternated round by round: this machine's speed drifts by up to 50% over seconds.
        let times = Measure.alternating(rounds: runs, [
            { events = bytes.withUnsafeBufferPointer { LibYAMLBaseline.countEvents(in: $0) } ?? -1 },
            { nodes = YAMLParser().parse(bytes, file: "menu.yaml").document?.nodeCount ?? -1 },
            { result = RecipeLoader().load(files: [RecipeSourceFile(name: "menu.yaml", bytes: bytes)]) },
        ])
        let (bare, tree, full) = (times[0], times[1], times[2])
        guard let result, !result.hasErrors, result.book.juices.count == juices else {
            print("error: the generated menu did not load cleanly: \(result?.diagnostics.prefix(3).map(\.description) ?? [])")
            exit(1)
        }
        let bareRate = megabytes / bare
        let treeRate = megabytes / tree
        let fullRate = megabytes / full
        print("bare libyaml events      \(Measure.fixed(bare * 1000, 1)) ms  \(Measure.fixed(bareRate, 1)) MB/s  (\(Measure.grouped(events)) events)")
        print("YAML layer (node tree)   \(Measure.fixed(tree * 1000, 1)) ms  \(Measure.fixed(treeRate, 1)) MB/s  (\(Measure.grouped(nodes)) nodes)  ratio \(Measure.fixed(treeRate / bareRate)) x bare")
        print("full load + validation   \(Measure.fixed(full * 1000, 1)) ms  \(Measure.fixed(fullRate, 1)) MB/s  ratio \(Measure.fixed(fullRate / bareRate)) x bare (goal >= 0.80)")
        print("diagnostics: \(result.diagnostics.count)")
        peakMemory(bytes: bytes)
    }

    /// Runs one stage (`bare`, `tree`, `stream` or `full`) `runs` times and prints its best time, for profilers.
    static func profile(stage: String, juices: Int, fruits: Int, runs: Int) {
        let bytes = Array(MenuGenerator.menu(juices: juices, fruits: fruits).utf8)
        var checksum = 0
        let best = Measure.best(runs: runs) {
            switch stage {
            case "bare": checksum &+= bytes.withUnsafeBufferPointer { LibYAMLBaseline.countEvents(in: $0) } ?? -1
            case "read": checksum &+= bytes.withUnsafeBufferPointer { LibYAMLBaseline.countPackedEvents(in: $0) }
            case "tree": checksum &+= YAMLParser().parse(bytes, file: "menu.yaml").document?.nodeCount ?? -1
            case "stream":
                var counter = EntryCounter()
                checksum &+= YAMLParser().parse(bytes, file: "menu.yaml", visitor: &counter).errors.count + counter.entries
            default: checksum &+= RecipeLoader().load(files: [RecipeSourceFile(name: "menu.yaml", bytes: bytes)]).book.juices.count
            }
        }
        print("\(stage): \(Measure.fixed(best * 1000, 1)) ms (checksum \(checksum))")
    }

    /// Runs one load in a child process and reports its peak memory above its baseline, relative to the file size.
    static func peakMemory(bytes: [UInt8]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-\(getpid()).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        guard let fields = Measure.childPeak(["load-peak", path]) else { return }
        let growth = fields[1] - fields[0]
        print("peak memory (file read + load, child process): \(Measure.fixed(Double(growth) / 1_000_000, 1)) MB = \(Measure.fixed(Double(growth) / Double(bytes.count))) x file size (goal < 4)")
        let inherited = fields[2] - fields[0]
        if inherited > growth + bytes.count / 10 {
            print("  (ru_maxrss would say \(Measure.fixed(Double(inherited) / Double(bytes.count))) x: it includes this process's peak from before the child's exec)")
        }
    }

    /// The child side of `peakMemory`: prints RSS before reading the file, then peak RSS after loading it (VmHWM, then ru_maxrss).
    static func loadPeak(path: String) {
        let before = Measure.currentRSS()
        let result = try? RecipeLoader().load(paths: [path])
        let peak = Measure.peakRSS()
        print(before, peak, Measure.maxRSSFromRusage(), result?.book.juices.count ?? -1 >= 0 ? "" : "failed")
    }
}

/// A visitor that streams every section and only counts entries: the streaming parse's own cost.
struct EntryCounter: YAMLEntryVisitor {
    var entries = 0
    mutating func streamsEntries(under key: YAMLNodeID, in document: borrowing YAMLDocument) -> Bool { true }
    mutating func visitEntry(key: YAMLNodeID, value: YAMLNodeID, section: YAMLNodeID, in document: borrowing YAMLDocument) { entries += 1 }
    mutating func visitTopLevelEntry(key: YAMLNodeID, value: YAMLNodeID, streamed: Bool, in document: borrowing YAMLDocument) { entries += 1 }
}
