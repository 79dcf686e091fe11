import JuiceCore

extension ShopError {
    /// This refusal placed on the line it is about, among lines given as `fruits` in order (each fruit once, or the
    /// refusal is of the second line that repeats one): a fruit unknown or no longer in the recipes at `fruit`, an
    /// amount refused at `amount`, a use-by date at `expires`, under `list` (`lines[2].quantity`). The ledger decides
    /// by fruit; the shop knows which line each fruit is. A refusal already placed, or about no line, is as it was.
    func placed(onLineOf fruits: [FruitID], amount: String, list: String = "lines") -> ShopError {
        func line(_ fruit: FruitID, _ part: String) -> ShopError {
            guard let index = fruits.firstIndex(of: fruit) else { return self }
            return at(FieldPath.line(index, of: list).field(part))
        }
        switch self {
        case .stockRefused(.unknownFruit(let fruit, _)), .fruitNotInRecipes(let fruit, _):
            return line(fruit, "fruit")
        case .duplicateFruit(let fruit):
            guard let first = fruits.firstIndex(of: fruit), let second = fruits[(first + 1)...].firstIndex(of: fruit) else { return self }
            return at(FieldPath.line(second, of: list).field("fruit"))
        case .invalidQuantity(let fruit, _), .negativeCount(let fruit, _), .negativeCost(let fruit, _), .stockRefused(.belowZero(let fruit, _, _)),
            .stockRefused(.aboveCapacity(let fruit, _, _)),
            .stockRefused(.overflow(let fruit)), .stockRefused(.negativeAmount(let fruit, _)):
            return line(fruit, amount)
        case .expiresBeforeDelivery(let fruit, _, _):
            return line(fruit, "expires")
        default:
            return self
        }
    }
}
