/// A simulation run's working state as raw buffers carved from one allocation, so that the serving loop has no
/// bounds checks, reference counting or exclusivity checks (a captured array costs a runtime call per access).
///
/// Made by `Simulator` for one run and deallocated by it when the run ends.
struct RunBuffers {
    /// Stock per fruit, with one sentinel fruit after them (never short) for the padded recipe layout.
    let stock: UnsafeMutableBufferPointer<Int>
    /// The shadow stock, which buys what it lacks: its purchases are the shopping list.
    let shadow: UnsafeMutableBufferPointer<Int>
    /// Per fruit: the order that first left it at 0 and the first order refused for want of it (0: none yet),
    /// refusals it caused, refills, shadow purchases.
    let firstEmpty, firstShort, refusedBy, refills, debt: UnsafeMutableBufferPointer<Int>
    /// Per juice: units and orders served and refused.
    let served, ordersServed, refused, ordersRefused: UnsafeMutableBufferPointer<Int>
    /// Copies of the menu's recipe arrays (see `CompiledMenu`).
    let starts, fruits, amounts, paddedFruit, paddedAmount: UnsafeMutableBufferPointer<Int>
    /// Orders seen so far, and how many refusals have been recorded in the report's first refusals.
    let counters: UnsafeMutableBufferPointer<Int>
    private let storage: UnsafeMutableBufferPointer<Int>

    /// Buffers for a run of `menu` from the stock `initial`, every count at zero.
    init(menu: CompiledMenu, stock initial: [Int]) {
        let fruitCount = menu.fruits.count
        let juiceCount = menu.juices.count
        let sizes = [
            fruitCount + 1, fruitCount, fruitCount, fruitCount, fruitCount, fruitCount, fruitCount,
            juiceCount, juiceCount, juiceCount, juiceCount,
            menu.recipeStart.count, menu.ingredientFruit.count, menu.ingredientAmount.count,
            menu.paddedFruit.count, menu.paddedAmount.count, 2,
        ]
        storage = .allocate(capacity: sizes.reduce(0, +))
        storage.initialize(repeating: 0)
        var offset = 0
        var parts: [UnsafeMutableBufferPointer<Int>] = []
        for size in sizes {
            parts.append(UnsafeMutableBufferPointer(rebasing: storage[offset..<offset + size]))
            offset += size
        }
        (stock, shadow, firstEmpty, firstShort, refusedBy, refills, debt) = (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6])
        (served, ordersServed, refused, ordersRefused) = (parts[7], parts[8], parts[9], parts[10])
        (starts, fruits, amounts, paddedFruit, paddedAmount) = (parts[11], parts[12], parts[13], parts[14], parts[15])
        counters = parts[16]
        _ = stock.update(fromContentsOf: initial)
        stock[fruitCount] = Int.max / 2
        _ = shadow.update(fromContentsOf: initial)
        _ = starts.update(fromContentsOf: menu.recipeStart)
        _ = fruits.update(fromContentsOf: menu.ingredientFruit)
        _ = amounts.update(fromContentsOf: menu.ingredientAmount)
        _ = paddedFruit.update(fromContentsOf: menu.paddedFruit)
        _ = paddedAmount.update(fromContentsOf: menu.paddedAmount)
    }

    /// Frees the buffers; none may be used after.
    func deallocate() {
        storage.deallocate()
    }
}
