import CLoadBaseline
import Foundation
import JuiceRecipes
import JuiceYAML

/// `juice-bench load`: load + validation of a generated menu against a bare C libyaml event loop over the same
/// bytes, in time; `juice-bench instructions`: the same in instructions, under callgrind; and the load's peak memory.
enum LoadBenchmark {
    /// The bare C libyaml event loop over `bytes`: its event count, or -1 on a parse error.
    static func libyamlEvents(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Int(juice_bench_libyaml_events(bytes.baseAddress, bytes.count))
    }

    /// Loads and validates `bytes` as one recipe file: the work measured against the bare loop.
    static func load(_ bytes: [UInt8]) -> RecipeLoadResult {
        RecipeLoader().load(files: [RecipeSourceFile(name: "menu.yaml", bytes: bytes)])
    }

    static func run(juices: Int, fruits: Int, runs: Int) {
        let bytes = Array(MenuGenerator.menu(juices: juices, fruits: fruits).utf8)
        let megabytes = Double(bytes.count) / 1_000_000
        print("menu: \(Measure.grouped(juices)) juices, \(fruits) fruits, \(Measure.fixed(megabytes)) MB")
        var events = 0
        var result: RecipeLoadResult?
        // Alternated round by round: this machine's speed drifts by up to 50% over seconds.
        let times = Measure.alternating(
            rounds: runs,
            [
                { events = bytes.withUnsafeBufferPointer(libyamlEvents) },
                { result = load(bytes) },
            ])
        guard let result, !result.hasErrors, result.book.juices.count == juices else {
            print("error: the generated menu did not load cleanly: \(result?.diagnostics.prefix(3).map(\.description) ?? [])")
            exit(1)
        }
        let (bare, full) = (times[0], times[1])
        print("bare C libyaml events    \(Measure.fixed(bare * 1000, 1)) ms  (\(Measure.grouped(events)) events)")
        print(
            "load + validation        \(Measure.fixed(full * 1000, 1)) ms  \(Measure.fixed(full / bare)) x bare (time, best of \(runs); see `instructions` for the exact ratio)"
        )
        peakMemory(bytes: bytes)
    }

    // MARK: Instructions

    /// Runs the bare loop and the load each in a child process under callgrind, counting only the measured call
    /// (`--toggle-collect`), and prints the ratio of their instruction counts.
    static func instructions(juices: Int, fruits: Int) {
        let bytes = Array(MenuGenerator.menu(juices: juices, fruits: fruits).utf8)
        guard let path = Measure.temporaryFile(bytes, suffix: "yaml") else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        print("menu: \(Measure.grouped(juices)) juices, \(fruits) fruits, \(Measure.fixed(Double(bytes.count) / 1_000_000)) MB")
        guard let bare = Measure.callgrind(["measure-bare", path], collecting: "juice_bench_libyaml_events"),
            let load = Measure.callgrind(["measure-load", path], collecting: "*measuredRecipeLoad*")
        else { return }
        print("bare C libyaml event loop  \(Measure.grouped(bare)) instructions")
        print("load + validation          \(Measure.grouped(load)) instructions  \(Measure.fixed(Double(load) / Double(bare))) x bare (goal <= 2.00)")
    }

    /// The child side of `instructions`: reads `path`, then runs one measured stage over its bytes.
    static func measure(_ stage: String, path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return print("cannot read \(path)") }
        let bytes = Array(data)
        switch stage {
        case "measure-bare": print(bytes.withUnsafeBufferPointer(libyamlEvents))
        default: print(measuredRecipeLoad(bytes))
        }
    }

    // MARK: Peak memory

    /// Runs one load in a child process and reports its peak memory above its baseline, relative to the file size.
    static func peakMemory(bytes: [UInt8]) {
        guard let path = Measure.temporaryFile(bytes, suffix: "yaml") else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let fields = Measure.childPeak(["load-peak", path]) else { return }
        let growth = fields[1] - fields[0]
        print(
            "peak memory (file read + load, child process): \(Measure.fixed(Double(growth) / 1_000_000, 1)) MB = \(Measure.fixed(Double(growth) / Double(bytes.count))) x file size (goal < 10)"
        )
        let inherited = fields[2] - fields[0]
        if inherited > growth + bytes.count / 10 {
            print(
                "  (ru_maxrss would say \(Measure.fixed(Double(inherited) / Double(bytes.count))) x: it includes this process's peak from before the child's exec)"
            )
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

/// The load `instructions` counts, under a name that callgrind's `--toggle-collect` can pick out of its mangled
/// symbol: the number of juices loaded, or -1 when the menu has errors.
@inline(never)
func measuredRecipeLoad(_ bytes: [UInt8]) -> Int {
    let result = LoadBenchmark.load(bytes)
    return result.hasErrors ? -1 : result.book.juices.count
}
