import JuiceCore

/// What `juice purchase` and `juice receive --order` say about their own arguments, one case each, in Korean or
/// English (the shop's refusals are `ShopMessage`s).
enum PurchaseCommandMessage {
    /// `juice purchase create` with neither FRUIT=PACKS nor `--from-plan`, or both.
    case linesOrPlan
    /// `juice purchase create FRUIT=PACKS` without `--supplier`.
    case needsSupplier
    /// The plan file cannot be read, for `reason`.
    case planUnreadable(path: String, reason: String)
    /// The plan file is not JSON.
    case planNotJSON(path: String)
    /// A field of the plan file is not what it should be.
    case planField(path: String, field: String, expected: PlanFieldExpectation)
    /// A field the plan file must have is missing.
    case planFieldMissing(path: String, field: String)
    /// A line of the plan file whose units are not its packs times the fruit's pack.
    case planUnitsNotPacks(path: String, field: String, units: Int, packs: Int, pack: Int)
    /// The plan has no purchase orders (of `supplier`, when one was asked for).
    case planHasNoOrders(path: String, supplier: String?)
    /// `juice receive --order` with `--ordered` or `--supplier`, which the order gives.
    case orderGivesOrderedAndSupplier
    /// How a plan read from standard input (`--from-plan -`) is named in the other messages.
    case standardInput

    func text(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .linesOrPlan:
            return ko
                ? "발주할 과일을 --supplier 거래처 과일=묶음수 …로 주거나, --from-plan 파일로 계획을 주세요 (둘 다는 안 돼요)"
                : "give the fruit to order as --supplier S FRUIT=PACKS …, or a plan with --from-plan FILE (not both)"
        case .needsSupplier:
            return ko
                ? "과일=묶음수로 발주하려면 --supplier로 거래처를 주세요 (레시피 파일 suppliers:의 id, 예: --supplier garak-market)"
                : "ordering FRUIT=PACKS needs the supplier, --supplier S (an id under suppliers: in the recipe files, like garak-market)"
        case .planUnreadable(let path, let reason):
            return ko ? "계획 파일 \(KoreanParticle.object.after(path)) 읽을 수 없어요: \(reason)" : "cannot read the plan file \(path): \(reason)"
        case .planNotJSON(let path):
            return ko
                ? "계획 파일 \(KoreanParticle.subject.after(path)) JSON이 아니에요. 'juice plan … --format json'의 출력을 주세요"
                : "the plan file \(path) is not JSON; give the output of 'juice plan … --format json'"
        case .planField(let path, let field, let expected) where field.isEmpty:
            return ko
                ? "계획 파일 \(path): \(expected.text(ko: true)). 'juice plan … --format json'의 출력을 그대로 주세요"
                : "the plan file \(path): expected \(expected.text(ko: false)); give the output of 'juice plan … --format json' as it is"
        case .planFieldMissing(let path, let field) where field.isEmpty:
            return ko
                ? "계획 파일 \(KoreanParticle.subject.after(path)) 비어 있어요 (null). 'juice plan … --format json'의 출력을 그대로 주세요"
                : "the plan file \(path) holds nothing (null); give the output of 'juice plan … --format json' as it is"
        case .planField(let path, let field, let expected):
            return ko
                ? "계획 파일 \(path)의 \(field): \(expected.text(ko: true)). 'juice plan … --format json'의 출력을 그대로 주세요"
                : "\(field) in the plan file \(path): expected \(expected.text(ko: false)); give the output of 'juice plan … --format json' as it is"
        case .planFieldMissing(let path, let field):
            return ko
                ? "계획 파일 \(path)에 \(KoreanParticle.subject.after(field)) 없어요. 'juice plan … --format json'의 출력을 그대로 주세요"
                : "the plan file \(path) has no \(field); give the output of 'juice plan … --format json' as it is"
        case .planUnitsNotPacks(let path, let field, let units, let packs, let pack):
            let product = packs.multipliedReportingOverflow(by: pack)
            let expected = product.overflow ? "" : ko ? " (\(product.partialValue)개)" : " (\(product.partialValue))"
            return ko
                ? "계획 파일 \(path)의 \(field): \(packs)묶음 × 묶음당 \(pack)개\(expected)여야 하는데 \(units)개로 적혀 있어요. 계획을 고쳤다면 packs와 units를 함께 고치거나, --supplier 거래처 과일=묶음수로 발주하세요"
                : "\(field) in the plan file \(path): expected \(packs) × \(pack) a pack\(expected), not \(units); if the plan was edited, change packs and units together, or order with --supplier S FRUIT=PACKS"
        case .planHasNoOrders(let path, let supplier?):
            return ko
                ? "계획 파일 \(path)에 거래처 '\(supplier)'의 발주가 없어요. --supplier를 빼거나 계획의 orders에 있는 거래처를 주세요"
                : "the plan file \(path) has no order for supplier '\(supplier)'; leave out --supplier or give one of the plan's orders' suppliers"
        case .planHasNoOrders(let path, nil):
            return ko
                ? "계획 파일 \(path)에 발주(orders)가 없어요. 과일의 buy:에 거래처를 적고 'juice plan --service-level P --format json'으로 다시 계획하세요"
                : "the plan file \(path) has no purchase orders (orders); give fruits a supplier (buy: in the recipe files) and plan again with 'juice plan --service-level P --format json'"
        case .orderGivesOrderedAndSupplier:
            return ko
                ? "--order를 주면 주문량과 거래처는 발주에서 가져와요. --ordered와 --supplier를 빼 주세요"
                : "with --order, what was ordered and the supplier come from the purchase order; leave out --ordered and --supplier"
        case .standardInput:
            return ko ? "(표준 입력)" : "(standard input)"
        }
    }
}

/// What a field of a plan file should have been.
enum PlanFieldExpectation {
    /// A JSON object.
    case object
    /// A JSON array.
    case array
    /// Text.
    case text
    /// A whole number, 0 or more.
    case wholeNumber
    /// A whole number, 1 or more (packs and units).
    case countOfOneOrMore
    /// A number (an estimate, an expected amount).
    case number
    /// `true` or `false`.
    case trueOrFalse

    /// What it should have been: in Korean as a whole predicate ("…여야 해요"), in English as the thing expected.
    func text(ko: Bool) -> String {
        switch self {
        case .object: return ko ? "JSON 객체여야 해요" : "a JSON object"
        case .array: return ko ? "JSON 배열이어야 해요" : "a JSON array"
        case .text: return ko ? "문자열이어야 해요" : "text"
        case .wholeNumber: return ko ? "0 이상의 정수여야 해요" : "a whole number, 0 or more"
        case .countOfOneOrMore: return ko ? "1 이상의 정수여야 해요" : "a whole number, 1 or more"
        case .number: return ko ? "숫자여야 해요" : "a number"
        case .trueOrFalse: return ko ? "true나 false여야 해요" : "true or false"
        }
    }
}
