import JuiceCore
import JuiceRecipes
import JuiceUseCases

extension ShopJSON {
    /// `juice menu --json`: every juice with its names, recipe, price and what the stock makes of it now.
    static func menu(_ menu: ShopActions.Menu) -> JSONValue {
        .array(
            menu.entries.map { entry in
                let (juice, availability) = (entry.juice, entry.availability)
                return .object([
                    ("id", .string(juice.id.rawValue)),
                    (
                        "name",
                        .object([
                            ("ko", juice.name.korean.map(JSONValue.string) ?? .null),
                            ("en", juice.name.english.map(JSONValue.string) ?? .null),
                        ])
                    ),
                    ("recipe", .object(juice.recipe.map { ($0.fruit.rawValue, .int($0.amount)) })),
                    ("price", juice.price.map(JSONValue.int) ?? .null),
                    ("canMake", .int(availability.makeable)),
                    ("limitingFruit", availability.limitingFruit.map { .string($0.rawValue) } ?? .null),
                    ("neededForOneMore", ShopJSON.counts(availability.neededForOneMore)),
                ])
            })
    }
}
