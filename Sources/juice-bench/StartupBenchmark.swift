import Foundation
import JuiceRecipes

/// `juice-bench startup`: `juice lint` on the default recipes, whole process, against yamllint (PyPI) on the same files
/// (the goal: at most 0.2×), the two run alternately in one invocation; a Swift hello-world built with ArgumentParser
/// (`hello-argument-parser`) in the same rounds, for information; then `juice lint` and the hello-world once under
/// callgrind (when valgrind is installed), whose instruction counts repeat exactly on a noisy host.
enum StartupBenchmark {
    static func run(runs: Int, yamllint: String?) {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let juice = directory.appendingPathComponent("juice").path
        let hello = directory.appendingPathComponent("hello-argument-parser").path
        guard [juice, hello].allSatisfy(FileManager.default.isExecutableFile(atPath:)) else {
            print("error: build juice and hello-argument-parser beside juice-bench first (swift build -c release)")
            exit(1)
        }
        guard let yamllint = yamllint ?? Measure.executableInPath("yamllint") else {
            print("error: yamllint not found: pip install yamllint (into a venv), then --yamllint PATH or put it on PATH")
            exit(1)
        }
        // The default recipes written out as recipes/: `juice lint` checks ./recipes, yamllint is given the directory.
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-startup-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        do {
            for file in DefaultRecipes.files {
                let url = work.appendingPathComponent(file.name)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
        } catch {
            print("error: cannot write the default recipes under \(work.path): \(error)")
            exit(1)
        }
        var lint: [Double] = []
        var yamllintTimes: [Double] = []
        var baseline: [Double] = []
        for _ in 0..<runs {
            guard let helloTime = Measure.timeProcess(hello, [], in: work.path),
                let lintTime = Measure.timeProcess(juice, ["lint"], in: work.path),
                let yamllintTime = Measure.timeProcess(yamllint, ["recipes"], in: work.path, anyExitStatus: true)
            else {
                print("error: a run failed")
                exit(1)
            }
            baseline.append(helloTime)
            lint.append(lintTime)
            yamllintTimes.append(yamllintTime)
        }
        let (medianLint, medianYamllint, medianHello) = (median(lint), median(yamllintTimes), median(baseline))
        let line = { (name: String, times: [Double]) in
            print("\(name)  best \(Measure.fixed((times.min() ?? 0) * 1000, 1)) ms  median \(Measure.fixed(median(times) * 1000, 1)) ms")
        }
        line("yamllint recipes      ", yamllintTimes)
        line("juice lint            ", lint)
        line("hello-argument-parser ", baseline)
        print("juice lint / yamllint: median \(Measure.fixed(medianLint / medianYamllint)) x (goal <= 0.20; \(runs) alternated runs each)")
        print("juice lint / hello-world (information): median \(Measure.fixed(medianLint / medianHello)) x")
        // Instructions repeat exactly where times drift: the same two processes, whole, under callgrind.
        if let helloCount = Measure.callgrind([], collecting: nil, executable: hello, in: work.path),
            let lintCount = Measure.callgrind(["lint"], collecting: nil, executable: juice, in: work.path)
        {
            print(
                "instructions (callgrind, whole process): hello-argument-parser \(Measure.grouped(helloCount)), juice lint \(Measure.grouped(lintCount)): \(Measure.fixed(Double(lintCount) / Double(helloCount))) x"
            )
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
