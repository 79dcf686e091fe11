import JuiceCore

/// Every message the shop says to people, one case each; `ShopText` renders them in Korean or English. Servers reuse
/// them for response bodies in the request's language; `ShopError.kind` is the stable, untranslated name of a failure.
public enum ShopMessage: Hashable, Sendable {
    /// "딸바쥬스 나왔습니다! 맛있게 드세요!"
    case served(JuiceID, count: Int)
    /// The original app's refusal: "재료가 모자라요. 재고를 수정할까요?"
    case notEnough
    /// One short fruit of a refused order, indented: what is needed, in stock, and short.
    case shortage(Shortage)
    /// A refused order that no restocking can cure: `fruits` need more than the store can hold.
    case neverMakeable(JuiceID, count: Int, fruits: [Shortage])
    /// The yes/no prompt after a refusal that restocking can cure.
    case yesNoPrompt
    /// Asked again after an answer that is neither yes nor no.
    case answerYesOrNo
    /// A failure, on one line.
    case error(ShopError)
    /// A fruit the recipes no longer have, whose stock the state keeps.
    case orphanKept(FruitID, count: Int)
    /// A change that changed nothing (and so was not journaled).
    case nothingChanged
    /// What an undo reverted.
    case undid(JournalEntry)
    /// A fruit retired, with the stock it had.
    case retired(FruitID, count: Int)
    /// A new state was started at `location` from the recipes at `recipes` (nil: the built-in set).
    case newState(location: String, recipes: String?)
    /// A row of the stock table.
    case stockRow(FruitID, count: Int, capacity: Int)
    /// A row of the stock table for a fruit the recipes no longer have.
    case orphanRow(FruitID, count: Int)
    /// A line of the menu: the juice, its price, recipe and how many can be made (and what limits it when none can).
    case menuLine(Juice, Availability)
    /// A line of the journal: number, time, what, per-fruit changes, the command, and the undo that reverted it.
    case historyLine(JournalEntry)
    /// One line of `juice history --refused`: a refused order with its short fruits.
    case refusalLine(RefusedOrder)
    /// The stock screen's title (the original app's "재고 추가").
    case editorTitle
    /// A delivery line received: the fruit, how many, and its use-by date.
    case received(DeliveryLine, supplier: String?)
    /// Fruit thrown away, and why.
    case wasted(FruitID, amount: Int, reason: WasteReason)
    /// What a waste cost, in won (at its lots' costs).
    case wasteCost(Int)
    /// Nothing had expired (`juice waste --expired`).
    case nothingExpired
    /// A count line: expected, counted, variance.
    case countLine(CountLine)
    /// What moved while a fruit was being counted (orders below 0, deliveries above), and the stock it made.
    case movedWhileCounting(FruitID, moved: Int, now: Int)
    /// A count session was started: how to apply it.
    case countStarted(CountSession)
    /// The count's variance is large: asks whether to apply it.
    case largeVariance(threshold: Int)
    /// The count was not applied.
    case countNotApplied
    /// A blind count asks for one fruit.
    case countPrompt(FruitID)
    /// A blind count's answer was not a whole number 0 or more: asks again.
    case countPromptAgain(FruitID)
    /// What a fruit's lots say: how much expires today and tomorrow, how much has expired, when it was last counted.
    case shelfNote(FruitID, today: Int, tomorrow: Int, expired: Int, lastCounted: String?)
    /// The stock screen's keys.
    case editorKeys
    /// The stock screen was left without changes.
    case editorCancelled

    func rendered(by text: ShopText) -> String {
        let ko = text.isKorean
        switch self {
        case .served(let juice, let count):
            let name = text.name(of: juice)
            switch (ko, count) {
            case (true, 1): return "\(name) 나왔습니다! 맛있게 드세요!"
            case (true, _): return "\(name) \(count)잔 나왔습니다! 맛있게 드세요!"
            case (false, 1): return "\(name) is ready! Enjoy!"
            case (false, _): return "\(count) × \(name) are ready! Enjoy!"
            }
        case .notEnough:
            return ko ? "재료가 모자라요. 재고를 수정할까요?" : "Not enough ingredients. Edit the stock?"
        case .shortage(let shortage):
            return ko
                ? "  \(text.label(of: shortage.fruit)): \(shortage.needed)개 필요, 재고 \(shortage.inStock)개, \(shortage.short)개 부족"
                : "  \(text.label(of: shortage.fruit)): need \(shortage.needed), have \(shortage.inStock), short \(shortage.short)"
        case .neverMakeable(let juice, let count, let fruits):
            let needs = fruits.map { shortage in
                let capacity = text.book.store.capacity(of: shortage.fruit)
                return ko
                    ? "\(text.label(of: shortage.fruit)) \(shortage.needed)개가 필요한데 최대 \(capacity)개까지만 둘 수 있어요"
                    : "it needs \(shortage.needed) \(text.label(of: shortage.fruit)) and the store holds at most \(capacity)"
            }
            return ko
                ? "\(text.name(of: juice)) \(count)잔은 재고를 채워도 만들 수 없어요: " + needs.joined(separator: ", ") + "."
                : "\(count) × \(text.name(of: juice)) can never be made, even with a full stock: " + needs.joined(separator: "; ") + "."
        case .yesNoPrompt:
            return ko ? "[예/아니오] " : "[yes/no] "
        case .answerYesOrNo:
            return ko ? "예 또는 아니오로 답해 주세요. [예/아니오] " : "Please answer yes or no. [yes/no] "
        case .error(let error):
            return ShopErrorText(text: text).message(error)
        case .orphanKept(let fruit, let count):
            return ko
                ? "'\(fruit)'은(는) 이제 레시피에 없는데 재고 \(count)개가 남아 있어요. 'juice stock retire \(fruit)'로 단종하면 더 알리지 않아요"
                : "fruit '\(fruit)' is no longer in the recipes but \(count) are kept in stock; 'juice stock retire \(fruit)' retires it and stops this note"
        case .nothingChanged:
            return ko ? "바뀐 재고가 없어서 기록하지 않았어요." : "Nothing changed; nothing was journaled."
        case .undid(let entry):
            // The delivery of a purchase order: the order is open again (the store reopens it in the same change).
            let reopened = entry.kind == .delivery ? entry.detail?.purchaseOrder : nil
            return ko
                ? "#\(entry.id) \(text.summary(entry)) [\(text.deltas(entry.deltas))]을(를) 되돌렸어요 (\(entry.command))."
                    + (reopened.map { " 발주 \($0)번은 다시 입고 전이에요." } ?? "")
                : "Undid #\(entry.id): \(text.summary(entry)) [\(text.deltas(entry.deltas))] (\(entry.command))."
                    + (reopened.map { " Purchase order \($0) is open again." } ?? "")
        case .retired(let fruit, let count):
            return ko
                ? "'\(fruit)'을(를) 단종했어요 (남은 재고 \(count)개를 뺐어요). 'juice undo'로 되돌릴 수 있어요."
                : "Retired '\(fruit)' (its \(count) kept in stock taken away); 'juice undo' brings it back."
        case .newState(let location, let recipes):
            let source = recipes ?? (ko ? "기본 내장 레시피" : "the built-in recipe set")
            return ko
                ? "새 가게를 시작했어요: 상태 파일 \(KoreanParticle.object.after(location)) 만들었어요 (레시피: \(source), 과일은 모두 초기 재고에서 시작)"
                : "started a new shop: created the state file \(location) (recipes: \(source); every fruit starts at its initial stock)"
        case .stockRow(let fruit, let count, let capacity):
            return "\(text.label(of: fruit))  \(count) / \(capacity)"
        case .orphanRow(let fruit, let count):
            return ko
                ? "\(fruit)  \(count)  (레시피에 없음; 'juice stock retire \(fruit)'로 단종)"
                : "\(fruit)  \(count)  (no longer in the recipes; 'juice stock retire \(fruit)' retires it)"
        case .menuLine(let juice, let availability):
            let recipe = juice.recipe.map { "\(text.label(of: $0.fruit)) \($0.amount)" }.joined(separator: " + ")
            let price = juice.price.map { "  " + MoneyText.won($0, in: text.language) } ?? ""
            let line = "\(text.name(of: juice.id))\(price)  —  \(recipe)  —  \(ko ? "가능" : "can make"): \(availability.makeable)"
            guard availability.makeable == 0, let limiting = availability.limitingFruit else { return line }
            let more = availability.neededForOneMore[limiting] ?? 0
            return line
                + (ko
                    ? "  (부족한 재료: \(text.label(of: limiting)), \(more)개 더 필요)"
                    : "  (limited by: \(text.label(of: limiting)), +\(more) more)")
        case .historyLine(let entry):
            let undone = entry.undoneBy.map { ko ? "  (#\($0)에서 되돌림)" : "  (undone by #\($0))" } ?? ""
            return "#\(entry.id)  \(text.time(entry.time))  \(text.summary(entry))  [\(text.deltas(entry.deltas))]  \(entry.command)\(undone)"
        case .refusalLine(let refusal):
            let shortages = refusal.shortages.map { shortage in
                ko
                    ? "\(text.label(of: shortage.fruit)) \(shortage.needed)개 필요, 재고 \(shortage.inStock)개"
                    : "\(text.label(of: shortage.fruit)) need \(shortage.needed), have \(shortage.inStock)"
            }
            let what = "\(ko ? "거절" : "refused") \(text.name(of: refusal.juice)) ×\(refusal.count)"
            return "#\(refusal.id)  \(text.time(refusal.time))  \(what)  [\(shortages.joined(separator: "; "))]  \(refusal.command)"
        case .received(let line, let supplier):
            // The lot as kept: its use-by date, what a unit cost and who brought it, where known.
            var about: [String] = []
            if let expires = line.expires { about.append(ko ? "유통기한 \(expires)" : "use by \(expires)") }
            if let cost = line.cost { about.append((ko ? "개당 " : "") + MoneyText.won(cost, in: text.language) + (ko ? "" : " each")) }
            if let supplier { about.append(text.book.supplier(SupplierID(supplier))?.name.text(in: text.language, fallback: supplier) ?? supplier) }
            let detail = about.isEmpty ? "" : " (\(about.joined(separator: ", ")))"
            return (ko ? "입고: " : "received: ") + "\(text.label(of: line.fruit)) +\(line.quantity)\(detail)"
        case .wasted(let fruit, let amount, let reason):
            return (ko ? "폐기: " : "wasted: ") + "\(text.label(of: fruit)) -\(amount) (\(text.word(for: reason)))"
        case .wasteCost(let won):
            return (ko ? "폐기 금액: " : "cost of the waste: ") + MoneyText.won(won, in: text.language)
        case .nothingExpired:
            return ko ? "유통기한이 지난 과일이 없어요. 재고는 그대로예요." : "Nothing has expired; the stock is unchanged."
        case .movedWhileCounting(let fruit, let moved, let now):
            let label = text.label(of: fruit)
            if moved < 0 {
                return ko ? "  \(label): 세는 동안 \(-moved)개 나갔어요 → \(now)개" : "  \(label): \(-moved) went out while counting → \(now)"
            }
            return ko ? "  \(label): 세는 동안 \(moved)개 들어왔어요 → \(now)개" : "  \(label): \(moved) came in while counting → \(now)"
        case .countLine(let line):
            let sign = line.variance > 0 ? "+" : ""
            return ko
                ? "\(text.label(of: line.fruit))  기록 \(line.expected), 셈 \(line.counted), 차이 \(sign)\(line.variance)"
                : "\(text.label(of: line.fruit))  expected \(line.expected), counted \(line.counted), variance \(sign)\(line.variance)"
        case .countStarted(let session):
            return ko
                ? "재고 세기를 시작했어요: \(session.id)\n다 센 뒤 'juice count --session \(session.id) 과일=N …'으로 반영하세요. 그동안의 주문은 빠짐없이 반영돼요."
                : "count started: \(session.id)\nwhen done, apply it with 'juice count --session \(session.id) FRUIT=N …'; orders made meanwhile are carried over."
        case .largeVariance(let threshold):
            return ko
                ? "기록과 \(threshold)%보다 많이 달라요. 그대로 반영할까요? (예/아니오)"
                : "this differs from the expected stock by more than \(threshold)%; apply it anyway? (yes/no)"
        case .countNotApplied:
            return ko ? "반영하지 않았어요. 재고는 그대로예요." : "Not applied; the stock is unchanged."
        case .countPrompt(let fruit):
            return ko ? "\(text.label(of: fruit)) 몇 개예요? (건너뛰려면 Enter) " : "\(text.label(of: fruit)): how many? (Enter skips) "
        case .countPromptAgain(let fruit):
            return ko
                ? "0 이상의 정수로 써 주세요. \(text.label(of: fruit)) 몇 개예요? "
                : "give a whole number, 0 or more. \(text.label(of: fruit)): how many? "
        case .shelfNote(let fruit, let today, let tomorrow, let expired, let lastCounted):
            var parts: [String] = []
            if expired > 0 { parts.append(ko ? "기한 지남 \(expired)" : "expired \(expired)") }
            if today > 0 { parts.append(ko ? "오늘까지 \(today)" : "use today \(today)") }
            if tomorrow > 0 { parts.append(ko ? "내일까지 \(tomorrow)" : "use tomorrow \(tomorrow)") }
            if let lastCounted { parts.append(ko ? "마지막으로 센 때 \(text.time(lastCounted))" : "last counted \(text.time(lastCounted))") }
            return "  \(text.label(of: fruit)): " + parts.joined(separator: ", ")
        case .editorTitle:
            return ko ? "재고 추가" : "Edit stock"
        case .editorKeys:
            return ko ? "↑/↓ 과일 선택, -/+ 수량, Enter 적용, Esc 취소" : "↑/↓ choose, -/+ change, Enter apply, Esc cancel"
        case .editorCancelled:
            return ko ? "취소했어요. 재고는 그대로예요." : "Cancelled; the stock is unchanged."
        }
    }
}

/// The one-line message of each `ShopError`, in the text's language, naming fruits and juices by name.
private struct ShopErrorText {
    let text: ShopText

    func message(_ error: ShopError) -> String {
        let ko = text.isKorean
        switch error {
        case .unknownJuice(.unknown(let name, let suggestion)):
            // The suggestion, by the juice's name in the text's language.
            let shown = suggestion.map { suggestion in
                (try? JuiceFinder(book: text.book).juice(named: suggestion)).map { text.name(of: $0.id) } ?? suggestion
            }
            let hint = shown.map { ko ? " 혹시 '\($0)' 말씀이세요?" : "; did you mean '\($0)'?" } ?? ""
            return ko ? "메뉴에 없는 쥬스예요: '\(name)'.\(hint)" : "unknown juice '\(name)'\(hint)"
        case .orderRefused(.invalidCount(let count)):
            return ko ? "잘못된 수량이에요: \(count). 1잔 이상 주문하세요" : "invalid count \(count): order at least 1"
        case .orderRefused(.countTooLarge(let count)):
            return ko ? "수량이 너무 커요: \(count)" : "count \(count) is too large"
        case .orderRefused(.insufficientStock(let juice, let count, let shortages)):
            let list = shortages.map { shortage in
                ko ? "\(text.label(of: shortage.fruit)) \(shortage.short)개 부족" : "\(text.label(of: shortage.fruit)) short \(shortage.short)"
            }.joined(separator: ", ")
            return ko
                ? "재료가 모자라요 (\(text.name(of: juice)) \(count)잔): \(list)"
                : "not enough ingredients for \(count) × \(text.name(of: juice)): \(list)"
        case .stockRefused(let reason):
            return stock(reason)
        case .duplicateFruit(let fruit):
            return ko
                ? "\(KoreanParticle.object.after(text.label(of: fruit))) 두 번 넘게 정했어요. 과일마다 한 번씩만 쓰세요"
                : "\(text.label(of: fruit)) is set more than once; give each fruit once"
        case .fruitStillInRecipes(let fruit):
            return ko
                ? "\(KoreanParticle.topic.after(text.label(of: fruit))) 아직 레시피에 있어서 단종할 수 없어요"
                : "\(text.label(of: fruit)) is still in the recipes, so it cannot be retired"
        case .fruitNotInRecipes(let fruit, let kept):
            return ko
                ? "'\(fruit)'은(는) 이제 레시피에 없어요 (재고 \(kept)개)"
                : "'\(fruit)' is no longer in the recipes (\(kept) kept)"
        case .nothingToUndo:
            return ko ? "되돌릴 변경이 없어요" : "there is no change to undo"
        case .undoRefused(let entry, let kind, let reason):
            return ko
                ? "#\(entry) (\(text.word(for: kind)))을(를) 되돌릴 수 없어요: \(stock(reason))"
                : "cannot undo change #\(entry) (\(kind.rawValue)): \(stock(reason))"
        case .invalidQuantity(let fruit, let quantity):
            return ko
                ? "\(text.label(of: fruit)): \(quantity)개는 안 돼요. 1 이상을 주세요 (재고를 셀 때만 0도 돼요)"
                : "\(text.label(of: fruit)): \(quantity) is too few; give 1 or more (only a count may be 0)"
        case .negativeCost(let fruit, let cost):
            return ko
                ? "\(text.label(of: fruit)): 원가는 \(MoneyText.won(0, in: .korean)) 이상이에요 (\(MoneyText.won(cost, in: .korean))이 아니라)"
                : "\(text.label(of: fruit)): a cost is \(MoneyText.won(0, in: .english)) or more, not \(MoneyText.won(cost, in: .english))"
        case .negativeCount(let fruit, let count):
            return ko
                ? "\(text.label(of: fruit)): 센 개수는 0개 이상이에요 (\(count)개가 아니라). 선반에 있는 대로 세어 주세요"
                : "\(text.label(of: fruit)): a count is 0 or more, not \(count); give what is on the shelf"
        case .invalidDate(let value):
            return ko
                ? "'\(value)'은(는) 날짜가 아니에요. YYYY-MM-DD로 써 주세요 (예: 2026-11-30)"
                : "'\(value)' is not a date; write it YYYY-MM-DD, for example 2026-11-30"
        case .expiresBeforeDelivery(let fruit, let expires, let received):
            return ko
                ? "\(text.label(of: fruit))의 유통기한 \(KoreanParticle.subject.after(expires)) 받은 날 \(received)보다 빨라요. 날짜를 확인하세요 (YYYY-MM-DD)"
                : "the use-by date of \(text.label(of: fruit)), \(expires), is before the day it was received, \(received); check the date (YYYY-MM-DD)"
        case .unknownCountSession(let id):
            return ko
                ? "재고 세기 '\(id)'이(가) 없어요"
                : "there is no count session '\(id)'"
        case .countSessionApplied(let id, let entry):
            return ko
                ? "재고 세기 '\(id)'은(는) 이미 반영됐어요 (#\(entry)). 다시 세려면 새로 시작하세요"
                : "count session '\(id)' was applied already (change #\(entry)); start a new one to count again"
        case .unknownPurchaseOrder(let id):
            return ko
                ? "발주 \(id)번이 없어요"
                : "there is no purchase order \(id)"
        case .purchaseOrderReceived(let id, let entry):
            return ko
                ? "발주 \(id)번은 이미 입고했어요 (#\(entry))"
                : "purchase order \(id) was received already (change #\(entry))"
        case .emptyPurchaseOrder:
            return ko
                ? "발주에도 입고에도 과일이 하나는 있어야 해요"
                : "a purchase order, and what came of one, needs at least one fruit"
        case .arrivesBeforeOrderBy(let arrives, let orderBy):
            return ko
                ? "도착 예정일 \(KoreanParticle.subject.after(arrives.description)) 발주 마감일 \(orderBy)보다 빨라요"
                : "the order would arrive on \(arrives), before the last day to place it, \(orderBy)"
        case .unknownSupplier(let id, let suggestion):
            let hint =
                suggestion.map { ko ? " 혹시 '\($0)' 말씀이세요?" : "; did you mean '\($0)'?" }
                ?? (ko ? " 레시피 파일의 suppliers:에 있는 id를 쓰세요" : "; use an id from suppliers: in the recipe files")
            return ko ? "모르는 거래처예요: '\(id)'.\(hint)" : "unknown supplier '\(id)'\(hint)"
        case .state(let error):
            return ko ? state(error) : error.description
        case .at(_, let reason):
            return message(reason)
        }
    }

    private func stock(_ error: StockError) -> String {
        let ko = text.isKorean
        switch error {
        case .unknownFruit(let fruit, let suggestion):
            let hint = suggestion.map { ko ? " 혹시 \(text.quoted($0)) 말씀이세요?" : "; did you mean \(text.quoted($0))?" } ?? ""
            return ko ? "모르는 과일이에요: '\(fruit)'.\(hint)" : "unknown fruit '\(fruit)'\(hint)"
        case .negativeAmount(let fruit, let amount):
            return ko
                ? "\(text.label(of: fruit)): 수량은 0 이상이어야 해요 (\(amount))"
                : "invalid amount \(amount) for \(text.label(of: fruit)): amounts are 0 or more"
        case .belowZero(let fruit, let stock, let result):
            return ko
                ? "\(KoreanParticle.topic.after(text.label(of: fruit))) 0개 아래로 내려갈 수 없어요 (재고 \(stock)개, 결과 \(result)개)"
                : "\(text.label(of: fruit)) would go below zero (\(stock) in stock, result \(result))"
        case .aboveCapacity(let fruit, let result, let capacity):
            return ko
                ? "\(KoreanParticle.topic.after(text.label(of: fruit))) 최대 \(capacity)개까지만 둘 수 있어요 (결과 \(result)개)"
                : "\(text.label(of: fruit)) would exceed the store's capacity (\(result) > \(capacity))"
        case .overflow(let fruit):
            return ko ? "\(text.label(of: fruit)) 수량이 너무 커요" : "the amount for \(text.label(of: fruit)) is too large"
        }
    }

    private func state(_ error: StateError) -> String {
        switch error {
        case .cannotOpen(let path, let reason):
            return "상태 파일 \(KoreanParticle.object.after(path)) 열 수 없어요: \(reason)"
        case .notADatabase(let path):
            return "상태 파일 \(KoreanParticle.topic.after(path)) JuiceMaker 상태 데이터베이스가 아니거나 손상됐어요. 파일은 건드리지 않았어요 (새로 시작하려면 다른 곳으로 옮기세요)"
        case .readOnly(let path):
            return "상태 파일 \(KoreanParticle.subject.after(path)) 읽기 전용이에요. 아무것도 바꾸지 않았어요"
        case .diskFull(let path):
            return "\(KoreanParticle.subject.after(path)) 있는 디스크가 가득 찼어요. 아무것도 바꾸지 않았어요"
        case .ioError(let path, let detail):
            return "상태 파일 \(KoreanParticle.object.after(path)) 읽거나 쓸 수 없어요 (디스크가 가득 찼거나 용량 제한에 걸렸나요?): \(detail). 아무것도 바꾸지 않았어요"
        case .busy(let path):
            return "다른 프로세스가 상태 파일 \(KoreanParticle.object.after(path)) 너무 오래 잠그고 있어요. 아무것도 바꾸지 않았어요. 다시 해 보세요"
        case .newerSchema(let path, let version):
            return "상태 파일 \(KoreanParticle.topic.after(path)) 더 새로운 JuiceMaker가 썼어요 (스키마 \(version)). 아무것도 바꾸지 않았어요"
        case .invariantBroken(let path, let fruits):
            return
                "상태 \(KoreanParticle.subject.after(path)) 맞지 않아요: \(fruits.map { text.label(of: FruitID($0)) }.joined(separator: ", "))의 재고가 초기 재고와 기록된 변경의 합과 달라요 (손상됐거나 직접 고쳐졌어요). 아무것도 바꾸지 않았어요. 'juice doctor'로 수치를 보고, 백업을 되살리거나 기록대로 재고를 고치세요"
        case .failed(let path, let message):
            return "상태 파일 \(KoreanParticle.object.after(path)) 쓸 수 없어요: \(message)"
        case .invalidLocation(let text, let reason):
            return "상태 위치 '\(text)'을(를) 읽을 수 없어요: \(reason)"
        case .postgresNotBuiltIn(let location):
            return
                "이 juice는 PostgreSQL 지원 없이 빌드돼서 \(KoreanParticle.object.after(location)) 쓸 수 없어요. PostgreSQL 트레이트로 빌드하거나(swift build -c release --traits PostgreSQL) --state에 SQLite 파일을 주세요"
        case .unreachable(let location, let host, let port, let reason):
            return "\(host):\(port)의 PostgreSQL 서버에 연결할 수 없어요 (\(location)): \(reason). 서버가 켜져 있는지, 호스트와 포트가 맞는지 확인하세요"
        case .authenticationFailed(let location, let user):
            return "PostgreSQL이 '\(user)'의 로그인을 거절했어요 (\(location)): 비밀번호가 틀렸거나 그런 역할이 없어요. URL의 사용자와 비밀번호(와 pg_hba.conf)를 확인하세요"
        case .noSuchDatabase(let location, let database):
            return "PostgreSQL 서버에 '\(database)' 데이터베이스가 없어요 (\(location)). 만들거나(createdb \(database)) URL을 고치세요"
        case .permissionDenied(let location, let detail):
            return
                "PostgreSQL이 권한을 거부했어요 (\(location)): \(detail). 역할에 권한을 주세요 (처음 실행할 때는 스키마의 CREATE, 그 뒤로는 JuiceMaker 테이블의 SELECT, INSERT, UPDATE). 아무것도 바꾸지 않았어요"
        case .connectionLost(let location, let detail):
            return "PostgreSQL 연결이 끊겼어요 (\(location)): \(detail). 진행 중이던 변경은 전부 적용됐거나 전혀 적용되지 않았어요 ('juice history'로 확인하세요). 다시 해 보세요"
        case .outcomeUnknown(let location, let request, let detail):
            let lookUp =
                request.map { "요청 \(KoreanParticle.object.after($0)) 확인하세요 (GET /api/orders/\($0), 또는 juice history --json)" }
                ?? "'juice history'로 확인하세요"
            return "변경을 확정하는 중에 PostgreSQL 연결이 끊겼어요 (\(location)): \(detail). 적용됐을 수도, 안 됐을 수도 있어요. 다시 주문하기 전에 \(lookUp)"
        case .conflict(let location, let attempts):
            return "변경이 다른 트랜잭션과 계속 충돌했어요 (\(location), \(attempts)번 시도). 아무것도 바꾸지 않았어요. 다시 해 보세요"
        }
    }
}
