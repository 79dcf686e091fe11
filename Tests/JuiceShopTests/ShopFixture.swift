import Foundation
import JuiceCore
import JuiceRecipes
import JuiceShop

/// A shop over the default recipes with a fresh state file in a temporary directory.
struct ShopFixture {
    let directory: URL
    let shop: Shop

    var statePath: String { directory.appendingPathComponent("state.sqlite").path }

    init(book: RecipeBook = ShopFixture.defaultBook) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-shop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        shop = Shop(book: book, state: try ShopState.open(path: directory.appendingPathComponent("state.sqlite").path))
    }

    /// The same state file seen through another recipe book.
    func reopened(with book: RecipeBook) throws -> Shop {
        Shop(book: book, state: try ShopState.open(path: statePath))
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    static let defaultBook = RecipeLoader().load(files: DefaultRecipes.files).book

    /// The stock as a plain dictionary of fruit id to count.
    func stock() throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try shop.snapshot().inventory.counts.map { ($0.key.rawValue, $0.value) })
    }
}
