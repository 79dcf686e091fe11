/// Generates large, valid recipe files for benchmarks.
enum MenuGenerator {
    /// A single recipe file with `fruits` fruits and `juices` juices, each juice using one to three fruits; with
    /// `suppliers`, that many suppliers (lead times 0 to 2 days, two to seven order days a week: protection intervals
    /// of one to four days), each fruit bought from one of them in packs, with a shelf life of 3 to 7 days.
    static func menu(juices: Int, fruits: Int, suppliers: Int = 0) -> String {
        var out = "version: 1\n"
        out.reserveCapacity(juices * 140)
        let weeks = ["[mon, thu]", "[mon, wed, fri]", "[tue, fri]", "[mon, tue, wed, thu, fri, sat, sun]", "[mon, wed, fri, sat]"]
        if suppliers > 0 { out += "suppliers:\n" }
        for index in 0..<suppliers {
            out += "  supplier-\(index):\n    name: {ko: 공급처\(index), en: Supplier \(index)}\n    lead-time: \(index % 3)\n"
            out += "    order-days: \(weeks[index % weeks.count])\n"
            if index % 2 == 0 { out += "    minimum: \(50_000 + index * 10_000)\n" }
        }
        out += "fruits:\n"
        for index in 0..<fruits {
            let id = fruitID(index)
            out += "  \(id):\n    name: {ko: 과일\(index), en: Fruit \(index)}\n    emoji: 🍓\n"
            guard suppliers > 0 else { continue }
            let pack = 5 + index % 4 * 5
            out +=
                "    shelf-life: \(3 + index % 5)\n    buy: {supplier: supplier-\(index % suppliers), pack: \(pack), price: \(pack * (200 + index % 7 * 50))}\n"
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
