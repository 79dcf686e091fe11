import JuiceCore
import JuiceRecipes

/// The built-in recipe set's book (the original app's fruits, juices and store), for comparing menus.
enum DefaultBook {
    static let book = RecipeLoader().load(files: DefaultRecipes.files).book
    static var fruits: [Fruit] { book.fruits }
    static var juices: [Juice] { book.juices }
    static var store: Store { book.store }
    static var fruitIDs: [FruitID] { fruits.map(\.id) }
    static var inventory: Inventory { book.initialInventory }
}
