import ArgumentParser
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice stock`: shows and changes the stock.
struct StockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock",
        abstract: "Show or change the stock.",
        subcommands: [StockShowCommand.self, StockAddCommand.self, StockRemoveCommand.self, StockSetCommand.self, StockResetCommand.self, StockEditCommand.self],
        defaultSubcommand: StockShowCommand.self
    )
}

/// `juice stock [show]`: each fruit's stock and capacity.
struct StockShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show each fruit's stock and capacity.")

    @OptionGroup var options: ShopOptions

    @Flag(help: "Print an object whose 'stock' maps fruit id to count.")
    var json = false

    func run() async throws {
        let (shop, text, snapshot) = try await options.openSnapshot()
        if json {
            Terminal.write(ShopJSON.stock(snapshot, book: shop.book).rendered(pretty: true) + "\n")
        } else {
            Terminal.write(StockTable.render(snapshot, text: text))
        }
    }
}

/// Renders the stock as a table.
enum StockTable {
    static func render(_ snapshot: ShopSnapshot, text: ShopText) -> String {
        var out = ""
        for fruit in text.book.fruits {
            out += "\(text.label(of: fruit.id))  \(snapshot.inventory[fruit.id]) / \(snapshot.inventory.capacity(of: fruit.id))\n"
        }
        for (fruit, count) in snapshot.orphans.sorted(by: { $0.key < $1.key }) {
            out += "\(fruit)  \(count)  (\(text.word("no longer in the recipes; stock kept")))\n"
        }
        return out
    }
}

/// Runs one stock change and prints the new stock.
func runStockChange(_ options: ShopOptions, json: Bool, _ body: (Shop) async throws(ShopError) -> ShopReceipt) async throws {
    let shop = try options.openShop()
    let text = ShopText(language: options.language, book: shop.book)
    do {
        let receipt = try await body(shop)
        reportOrphans(receipt.snapshot, text: text)
        Terminal.write(json ? ShopJSON.receipt(receipt, served: false).rendered(pretty: true) + "\n" : StockTable.render(receipt.snapshot, text: text))
    } catch {
        throw fail(error, text: text)
    }
}

/// The arguments of `juice stock add` and `juice stock remove`: a fruit and an amount.
struct FruitAmountArguments: ParsableArguments {
    @OptionGroup var options: ShopOptions
    @Argument(help: "The fruit: id, or Korean or English name.") var fruit: String
    @Argument(help: "How many (default 1).") var amount: Int = 1
    @Flag(help: "Print the result as JSON.") var json = false

    /// Applies the change `make` builds for the named fruit, journaled as `kind`.
    func change(kind: JournalKind, _ make: @escaping (FruitID, Int) -> StockChange) async throws {
        try await runStockChange(options, json: json) { shop throws(ShopError) in
            try await shop.changeStock([make(shop.book.fruitID(matching: fruit), amount)], kind: kind, command: commandLineText)
        }
    }
}

/// `juice stock add FRUIT [N]`.
struct StockAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add N (default 1) of a fruit, up to its capacity.")
    @OptionGroup var arguments: FruitAmountArguments

    func run() async throws { try await arguments.change(kind: .add) { .add($0, $1) } }
}

/// `juice stock remove FRUIT [N]`.
struct StockRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take away N (default 1) of a fruit, never below 0.")
    @OptionGroup var arguments: FruitAmountArguments

    func run() async throws { try await arguments.change(kind: .remove) { .remove($0, $1) } }
}

/// `juice stock set FRUIT=N [FRUIT=N…]`, all applied or none.
struct StockSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Set fruits to absolute counts, all or none (FRUIT=N …).")
    @OptionGroup var options: ShopOptions
    @Argument(help: "Assignments like banana=10.") var assignments: [String]
    @Flag(help: "Print the result as JSON.") var json = false

    /// The parsed assignments.
    func changes() throws -> [StockChange] {
        try assignments.map { assignment in
            let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let value = Int(parts[1]) else {
                throw ValidationError("expected FRUIT=N, like banana=10, not '\(assignment)'")
            }
            return .set(FruitID(String(parts[0])), value)
        }
    }

    func validate() throws {
        guard !assignments.isEmpty else { throw ValidationError("give at least one FRUIT=N") }
        _ = try changes()
    }

    func run() async throws {
        let changes = try changes()
        try await runStockChange(options, json: json) { shop throws(ShopError) in
            let resolved = changes.map { change in
                guard case .set(let fruit, let value) = change else { return change }
                return StockChange.set(shop.book.fruitID(matching: fruit.rawValue), value)
            }
            return try await shop.changeStock(resolved, kind: .set, command: commandLineText)
        }
    }
}

/// `juice stock reset`.
struct StockResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Put every fruit back to the store section's initial stock.")
    @OptionGroup var options: ShopOptions
    @Flag(help: "Print the result as JSON.") var json = false

    func run() async throws {
        try await runStockChange(options, json: json) { shop throws(ShopError) in try await shop.reset(command: commandLineText) }
    }
}

/// `juice stock edit`: the stock screen, on a terminal.
struct StockEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit the stock on a terminal: ↑/↓ choose, -/+ change, Enter applies all, Esc cancels."
    )
    @OptionGroup var options: ShopOptions

    func run() async throws {
        guard Terminal.isInteractive else {
            Terminal.writeError("juice stock edit needs a terminal; use 'juice stock set FRUIT=N …' in scripts")
            throw ExitCode(ExitStatus.usage)
        }
        let shop = try options.openShop()
        try await StockEditor(shop: shop, text: ShopText(language: options.language, book: shop.book)).run()
    }
}
