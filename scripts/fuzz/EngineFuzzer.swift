// libFuzzer target: the default recipe set plus arbitrary order and stock commands through the engine, checking
// its invariants after every command: stock never negative or above capacity (except a fruit already above a
// lowered capacity, which may only go down), stock = initial + the sum of the journal's deltas, and a refused
// command changes nothing.
import JuiceCore
import JuiceRecipes

let book = RecipeLoader().load(files: DefaultRecipes.files).book

/// libFuzzer's entry point: one input of `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let fruits = book.fruits.map(\.id)
    let initial = book.initialInventory
    var inventory = initial
    var journal: [[FruitID: Int]] = []
    var index = 0
    func next() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }
    while index < bytes.count {
        let before = inventory
        let operation = next() % 6
        let fruit = fruits[next() % fruits.count]
        let amount = next() - 32
        var deltas: [FruitID: Int]?
        switch operation {
        case 0:
            let juice = book.juices[next() % book.juices.count]
            deltas = try? inventory.make(juice, count: max(1, amount % 8))
        case 1: deltas = try? inventory.apply([.add(fruit, amount)])
        case 2: deltas = try? inventory.apply([.remove(fruit, amount)])
        case 3: deltas = try? inventory.apply([.set(fruit, amount)])
        case 4:
            let other = fruits[next() % fruits.count]
            deltas = try? inventory.apply([.add(fruit, amount), .remove(other, next()), .set(fruit, next())])
        default:
            deltas = try? inventory.apply([.add(fruit, Int.max - next())])
        }
        if let deltas {
            journal.append(deltas)
        } else {
            precondition(inventory == before, "a refused command changed the stock")
        }
        for fruit in fruits {
            let count = inventory[fruit]
            precondition(count >= 0, "negative stock")
            precondition(count <= inventory.capacity(of: fruit), "stock above capacity")
            let total = journal.reduce(initial[fruit]) { $0 + ($1[fruit] ?? 0) }
            precondition(total == count, "stock differs from initial + journal")
        }
    }
    return 0
}
