import JuiceCore
import JuiceShop

extension ShopActions {
    /// One juice of the menu and how many of it the stock makes now.
    package struct MenuEntry: Sendable {
        /// The juice, as the recipe book has it.
        package var juice: Juice
        /// How many the stock makes, and which fruit runs out first (`Inventory.availability(of:)`).
        package var availability: Availability
    }

    /// The menu as the stock stands: the stock read once, and every juice of the book, in the book's order, with what
    /// that stock makes of it.
    package struct Menu: Sendable {
        /// The stock the entries were worked out from (its orphans included, for whoever reports them).
        package var snapshot: ShopSnapshot
        /// Every juice of the book with its availability.
        package var entries: [MenuEntry]
    }

    /// What the menu is now: each juice and how many of it the current stock makes.
    package func menu() async throws(ShopError) -> Menu {
        let snapshot = try await shop.snapshot()
        let entries = shop.book.juices.map { MenuEntry(juice: $0, availability: snapshot.inventory.availability(of: $0)) }
        return Menu(snapshot: snapshot, entries: entries)
    }
}
