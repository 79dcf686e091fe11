import Foundation
import JuiceLSP
import Testing

/// How long diagnostics take through the protocol on a generated 1,000-juice set: printed, never asserted (a timed unit
/// test fails on a busy machine). Runs only with `JUICE_LSP_LATENCY=1`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["JUICE_LSP_LATENCY"] == "1"))
struct ServerLatencyTests {
    /// A set of `count` juices over 40 fruits, 2–4 fruits a recipe, Korean and English names and an alias each.
    static func write(juices count: Int, into directory: String) throws {
        let fruits = (0..<40).map { "fruit-\($0)" }
        var fruitsText = "version: 1\nfruits:\n"
        for (index, fruit) in fruits.enumerated() {
            fruitsText += "  \(fruit):\n    name: {ko: 과일\(index), en: Fruit \(index)}\n    emoji: 🍓\n"
        }
        var juicesText = "version: 1\njuices:\n"
        for index in 0..<count {
            let recipe = (0..<(2 + index % 3)).map { "\(fruits[(index + $0 * 7) % fruits.count]): \(1 + $0)" }.joined(separator: ", ")
            juicesText += "  juice-\(index):\n    name: {ko: 주스\(index), en: Juice \(index)}\n    aliases: [쥬스\(index)]\n    recipe: {\(recipe)}\n"
        }
        var storeText = "version: 1\nstore:\n  capacity: 1000\n  stock:\n"
        for fruit in fruits { storeText += "    \(fruit): 100\n" }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try fruitsText.write(toFile: directory + "/fruits.yaml", atomically: true, encoding: .utf8)
        try juicesText.write(toFile: directory + "/juices.yaml", atomically: true, encoding: .utf8)
        try storeText.write(toFile: directory + "/store.yaml", atomically: true, encoding: .utf8)
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    @Test func diagnosticsAfterDidChangeOnAThousandJuices() async throws {
        let directory = NSTemporaryDirectory() + "juice-lsp-latency-\(UUID().uuidString)"
        try Self.write(juices: 1000, into: directory)
        let client = try TestClient(recipes: directory)
        await client.initialize()
        let path = directory + "/juices.yaml"
        let uri = DocumentURI.uri(ofPath: path)
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let opened = Date()
        client.open(path, text: original, version: 1)
        _ = await client.waitForPublication(uri) { $0["version"] as? Int == 1 }
        print("open to first diagnostics: \(Int(Date().timeIntervalSince(opened) * 1000)) ms")
        var own: [Double] = []
        for version in 2..<42 {
            let text = version % 2 == 0 ? original.replacingOccurrences(of: "fruit-3: 1", with: "fruit-x: 1") : original
            let sent = Date()
            client.change(path, text: text, version: version)
            _ = await client.waitForPublication(uri) { $0["version"] as? Int == version }
            own.append(Date().timeIntervalSince(sent) * 1000)
        }
        print("didChange to the edited file's diagnostics: p50 \(Self.percentile(own, 0.5)) ms, p95 \(Self.percentile(own, 0.95)) ms")
        #expect(await client.shutDown() == 0)
    }
}
