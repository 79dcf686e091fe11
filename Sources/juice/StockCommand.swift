import ArgumentParser
import JuiceCore
import JuiceRecipes
import JuiceShop

/// `juice stock`: shows and changes the stock.
struct StockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock",
        abstract: "Show or change the stock.",
        discussion: """
            Every change is all or nothing and journaled (juice history); a change that changes nothing (adding 0, a \
            reset at the initial stock) is not. Exit status: 0 done, 1 refused by the stock (below 0, above capacity) \
            or the state, 2 usage error (unknown fruit, bad or negative amount, a fruit set twice).
            """,
        subcommands: [
            StockShowCommand.self, StockAddCommand.self, StockRemoveCommand.self, StockSetCommand.self, StockResetCommand.self,
            StockRetireCommand.self, StockEditCommand.self,
        ],
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
        let session = try options.session(json: json)
        let snapshot = try await session.snapshot()
        Terminal.write(json ? ShopJSON.stock(snapshot, book: session.shop.book).rendered(pretty: true) + "\n" : StockTable.render(snapshot, text: session.text))
    }
}

/// Renders the stock as a table.
enum StockTable {
    static func render(_ snapshot: ShopSnapshot, text: ShopText) -> String {
        var out = ""
        for fruit in text.book.fruits {
            out += text(.stockRow(fruit.id, count: snapshot.inventory[fruit.id], capacity: snapshot.inventory.capacity(of: fruit.id))) + "\n"
        }
        for (fruit, count) in snapshot.orphans.sorted(by: { $0.key < $1.key }) {
            out += text(.orphanRow(fruit, count: count)) + "\n"
        }
        return out
    }
}

/// Runs one stock change and prints the new stock (saying so when nothing changed).
func runStockChange(_ options: ShopOptions, json: Bool, _ body: (Shop) async throws(ShopError) -> ShopReceipt) async throws {
    let session = try options.session(json: json)
    let receipt = try await session.change(body)
    printReceipt(receipt, session: session, json: json)
}

/// Prints what a stock change did: JSON, or the stock table (after a line saying nothing changed, or what an undo undid).
func printReceipt(_ receipt: ShopReceipt, session: ShopSession, json: Bool) {
    if json {
        Terminal.write(ShopJSON.receipt(receipt).rendered(pretty: true) + "\n")
        return
    }
    if let undone = receipt.undone {
        Terminal.write(session.text(.undid(undone)) + "\n")
    } else if receipt.entry == nil {
        Terminal.write(session.text(.nothingChanged) + "\n")
    }
    Terminal.write(StockTable.render(receipt.snapshot, text: session.text))
}

/// The arguments of `juice stock add` and `juice stock remove`: a fruit and an amount.
struct FruitAmountArguments: ParsableArguments {
    @OptionGroup var options: ShopOptions
    @Argument(help: "The fruit: id, or Korean or English name.", completion: .custom(Completions.fruits)) var fruit: String
    @Argument(help: "How many, 0 or more (default 1).") var amount: Int = 1
    @Flag(help: "Print the result (or the error) as JSON.") var json = false

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
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set fruits to absolute counts, all or none (FRUIT=N …; each fruit once).")
    @OptionGroup var options: ShopOptions
    @Argument(help: "Assignments like banana=10.", completion: .custom(Completions.assignments)) var assignments: [String]
    @Flag(help: "Print the result (or the error) as JSON.") var json = false

    /// The parsed assignments.
    func changes() throws -> [StockChange] {
        try assignments.map { assignment in
            let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let value = Int(parts[1]) else {
                throw options.reporter(json: json).usage(.badAssignment(assignment))
            }
            return .set(FruitID(String(parts[0])), value)
        }
    }

    func run() async throws {
        guard !assignments.isEmpty else { throw options.reporter(json: json).usage(.noAssignments) }
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
    @Flag(help: "Print the result (or the error) as JSON.") var json = false

    func run() async throws {
        try await runStockChange(options, json: json) { shop throws(ShopError) in try await shop.reset(command: commandLineText) }
    }
}

/// `juice stock retire FRUIT`: a fruit the recipes no longer have, whose stock the state keeps.
struct StockRetireCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retire",
        abstract: "Retire a fruit the recipes no longer have: its kept stock goes to 0 (journaled; juice undo brings it back) and it is no longer reported.")
    @OptionGroup var options: ShopOptions
    @Argument(help: "The fruit's id, as 'juice stock' lists it.") var fruit: String
    @Flag(help: "Print the result (or the error) as JSON.") var json = false

    func run() async throws {
        let session = try options.session(json: json)
        let receipt = try await session.change { shop throws(ShopError) in try await shop.retire(FruitID(fruit), command: commandLineText) }
        if !json, let entry = receipt.entry {
            Terminal.write(session.text(.retired(FruitID(fruit), count: -(entry.deltas[FruitID(fruit)] ?? 0))) + "\n")
        }
        printReceipt(receipt, session: session, json: json)
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
            throw options.reporter(json: false).usage(.needsTerminal)
        }
        try await StockEditor(session: try options.session(json: false)).run()
    }
}
