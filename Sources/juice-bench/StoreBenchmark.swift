import Dispatch
import Foundation
import JuiceCore
import JuiceShop

/// Orders per second through `SQLiteStore` (WAL, synchronous=FULL) with one caller at a time against 64 concurrent
/// callers, whose orders the store writes together (group commit); the ratio is the figure, both measured in this run.
enum StoreBenchmark {
    static func run(orders: Int, runs: Int) {
        let finished = DispatchSemaphore(value: 0)
        Task {
            await measure(orders: orders, runs: runs)
            finished.signal()
        }
        finished.wait()
    }

    private static let book = RecipeBook(
        fruits: [Fruit(id: "banana", name: LocalizedName(english: "Banana"))],
        juices: [Juice(id: "banana-juice", name: LocalizedName(english: "Banana Juice"), recipe: [Ingredient(fruit: "banana", amount: 1)])],
        store: Store(defaultCapacity: Int(Int32.max), initialStock: ["banana": Int(Int32.max)]))

    private static func measure(orders: Int, runs: Int) async {
        var best: [Int: Double] = [1: .infinity, 64: .infinity]
        for _ in 0..<runs {
            for callers in [1, 64] {
                best[callers] = min(best[callers] ?? .infinity, await time(orders: orders, callers: callers))
            }
        }
        let one = Double(orders) / (best[1] ?? .infinity)
        let many = Double(orders) / (best[64] ?? .infinity)
        print(
            "store: \(orders) orders, best of \(runs): 1 caller \(Int(one)) orders/s, 64 callers \(Int(many)) orders/s, ratio \(String(format: "%.1f", many / one))x"
        )
    }

    /// Seconds for `orders` orders by `callers` concurrent callers, each waiting for its order before the next.
    private static func time(orders: Int, callers: Int) async -> Double {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-bench-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let shop = Shop(book: book, store: SQLiteStore(path: directory.appendingPathComponent("state.sqlite").path))
        do { try await shop.store.prepare() } catch { stop("cannot prepare the benchmark's store: \(error)") }
        let start = Measure.now()
        await withTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for _ in stride(from: caller, to: orders, by: callers) {
                        _ = try? await shop.order("banana-juice", command: "bench")
                    }
                }
            }
        }
        let seconds = Measure.now() - start
        guard (try? await shop.store.changeToken()) == orders else {
            stop("the benchmark's orders were not all served")
        }
        return seconds
    }
}

/// Says why the benchmark cannot go on and exits 1 (a figure from a broken run would mislead).
private func stop(_ reason: String) -> Never {
    FileHandle.standardError.write(Data("juice-bench store: \(reason)\n".utf8))
    exit(1)
}
