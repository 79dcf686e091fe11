import Foundation

/// `juice-bench startup`: `juice lint` on the default recipes, whole process, against a Swift hello-world built with
/// ArgumentParser (`hello-argument-parser`), the two run alternately in one invocation; then both once under callgrind
/// (when valgrind is installed), whose instruction counts repeat exactly on a noisy host. Also what the hand-over to
/// `juice-full` costs every other command: `juice --version` against `juice-full --version`, in the same rounds.
enum StartupBenchmark {
    static func run(runs: Int) {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let juice = directory.appendingPathComponent("juice").path
        let full = directory.appendingPathComponent("juice-full").path
        let hello = directory.appendingPathComponent("hello-argument-parser").path
        guard [juice, full, hello].allSatisfy(FileManager.default.isExecutableFile(atPath:)) else {
            print("error: build juice, juice-full and hello-argument-parser beside juice-bench first (swift build -c release)")
            exit(1)
        }
        // An empty working directory: `juice lint` then checks the default recipes built into it.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-startup-\(getpid())")
        try? FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        var lint: [Double] = []
        var baseline: [Double] = []
        var handedOver: [Double] = []
        var direct: [Double] = []
        for _ in 0..<runs {
            guard let helloTime = Measure.timeProcess(hello, [], in: empty.path),
                  let lintTime = Measure.timeProcess(juice, ["lint"], in: empty.path),
                  let handedOverTime = Measure.timeProcess(juice, ["--version"], in: empty.path),
                  let directTime = Measure.timeProcess(full, ["--version"], in: empty.path) else {
                print("error: a run failed")
                exit(1)
            }
            baseline.append(helloTime)
            lint.append(lintTime)
            handedOver.append(handedOverTime)
            direct.append(directTime)
        }
        let (bestLint, bestHello) = (lint.min() ?? 0, baseline.min() ?? 0)
        let (medianLint, medianHello) = (median(lint), median(baseline))
        print("hello-argument-parser  best \(Measure.fixed(bestHello * 1000, 1)) ms  median \(Measure.fixed(medianHello * 1000, 1)) ms")
        print("juice lint (defaults)  best \(Measure.fixed(bestLint * 1000, 1)) ms  median \(Measure.fixed(medianLint * 1000, 1)) ms")
        print("ratio: best \(Measure.fixed(bestLint / bestHello)) x, median \(Measure.fixed(medianLint / medianHello)) x (goal <= 2.00; \(runs) alternated runs each)")
        let (medianHandedOver, medianDirect) = (median(handedOver), median(direct))
        print("hand-over: juice --version \(Measure.fixed(medianHandedOver * 1000, 1)) ms, juice-full --version \(Measure.fixed(medianDirect * 1000, 1)) ms (medians): +\(Measure.fixed((medianHandedOver - medianDirect) * 1000, 1)) ms for every command but lint")
        // Instructions repeat exactly where times drift: the same two processes, whole, under callgrind.
        if let helloCount = Measure.callgrind([], collecting: nil, executable: hello, in: empty.path),
           let lintCount = Measure.callgrind(["lint"], collecting: nil, executable: juice, in: empty.path) {
            print("instructions (callgrind, whole process): hello-argument-parser \(Measure.grouped(helloCount)), juice lint \(Measure.grouped(lintCount)): \(Measure.fixed(Double(lintCount) / Double(helloCount))) x")
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
