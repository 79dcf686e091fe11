/// Generates large, valid recipe files for benchmarks.
enum MenuGenerator {
    /// A single recipe file with `fruits` fruits and `juices` juices, each juice using one to three fruits.
    static func menu(juices: Int, fruits: Int) -> String {
        var out = "version: 1\nfruits:\n"
        out.reserveCapacity(juices * 140)
        for index in 0..<fruits {
            let id = fruitID(index)
            out += "  \(id):\n    name: {ko: 과일\(index), en: Fruit \(index)}\n    emoji: 🍓\n"
        }
        out += "juices:\n"
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<juices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 62) % 3 + 1
            var recipe: [String] = []
            for slot in 0..<count {
                let fruit = (index + slot * 37 + Int((state >> 20) % 7)) % fruits
                recipe.append("\(fruitID(fruit)): \(slot + 1 + Int((state >> 40) % 4))")
            }
            let id = String(index, radix: 10)
            out += "  juice-\(id):\n    name: {ko: 쥬스\(id), en: Juice \(id)}\n"
            if index % 10 == 0 { out += "    aliases: [주스\(id)]\n" }
            out += "    price: \(3000 + index % 50 * 100)\n    recipe: {\(recipe.joined(separator: ", "))}\n"
        }
        out += "store:\n  capacity: 1000\n  stock:\n"
        for index in 0..<fruits { out += "    \(fruitID(index)): 500\n" }
        return out
    }

    static func fruitID(_ index: Int) -> String {
        "fruit-" + String(index)
    }
}
