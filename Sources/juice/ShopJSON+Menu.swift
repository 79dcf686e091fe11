import JuiceRecipes
import JuiceShop
import JuiceUseCases

extension ShopJSON {
    /// `juice menu --json`: every juice with its names, recipe, price and what the stock makes of it now, each as
    /// `GET /api/menu` has it (`MenuJuiceJSON`).
    static func menu(_ menu: ShopActions.Menu) -> JSONValue {
        .array(menu.entries.map { JSONValue(encoding: MenuJuiceJSON($0.juice, availability: $0.availability)) })
    }
}
