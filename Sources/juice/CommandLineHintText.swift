import JuiceCore
import JuiceShop

/// What to do about a shop refusal on the command line: the commands and options to use, which the shop's own
/// messages (read on the page too) never name. Appended to the shop's message by `Reporter.fail`.
enum CommandLineHint {
    /// `message` (the shop's words for `error`) followed by the command line's hint, when it has one.
    static func message(_ message: String, for error: ShopError, language: Language) -> String {
        guard let hint = hint(for: error, language: language) else { return message }
        return message + (language == .korean ? ". " : "; ") + hint
    }

    /// The hint for `error` in `language`, when the command line has one.
    static func hint(for error: ShopError, language: Language) -> String? {
        let ko = language == .korean
        switch error.reason {
        case .fruitStillInRecipes(let fruit):
            return ko ? "재고만 비우려면 'juice stock set \(fruit)=0'" : "to empty its stock use 'juice stock set \(fruit)=0'"
        case .fruitNotInRecipes(let fruit, _):
            return ko ? "'juice stock retire \(fruit)'로 단종하세요" : "retire it with 'juice stock retire \(fruit)'"
        case .unknownCountSession:
            return ko ? "'juice count --start'로 새로 시작하세요" : "start one with 'juice count --start'"
        case .unknownPurchaseOrder:
            return ko ? "'juice purchase list'로 발주 목록을 보세요" : "'juice purchase list' lists them"
        case .purchaseOrderReceived:
            return ko ? "더 온 과일은 'juice receive'로 따로 입고하세요" : "receive anything more with 'juice receive'"
        case .emptyPurchaseOrder:
            return ko
                ? "발주는 과일=묶음수 (예: kiwi=2), 입고는 과일=개수 (예: kiwi=18)로 주세요"
                : "give FRUIT=PACKS to order (kiwi=2), FRUIT=N to receive (kiwi=18)"
        case .stockRefused(.negativeAmount):
            return ko ? "줄이려면 'juice stock remove', 늘리려면 'juice stock add'" : "use 'juice stock remove' to take away, 'juice stock add' to add"
        case .arrivesBeforeOrderBy:
            return ko ? "--arrives와 --order-by를 확인하세요 (YYYY-MM-DD)" : "check --arrives and --order-by (YYYY-MM-DD)"
        default:
            return nil
        }
    }
}
