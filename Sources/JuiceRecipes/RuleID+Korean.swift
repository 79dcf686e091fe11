import JuiceCore

extension RuleID {
    /// A one-line description of what the rule checks, in `language` (`summary` in English).
    public func summary(in language: Language) -> String {
        language == .korean ? koreanSummary : summary
    }

    /// `summary` in Korean.
    private var koreanSummary: String {
        switch self {
        case .yamlSyntax: return "파일은 올바른 YAML이어야 해요."
        case .tabIndentation: return "들여쓰기는 공백으로 해요. YAML은 그 자리에 탭을 쓸 수 없어요."
        case .encoding: return "파일은 UTF-8 글자여야 해요: 잘못된 바이트, NUL, UTF-16/32, 제어 문자, 엉뚱한 자리의 BOM은 안 돼요."
        case .emptyFile: return "레시피 파일에는 매핑이 있어야 해요. 적어도 'version: 1'은 써야 해요."
        case .multipleDocuments: return "파일 하나에는 YAML 문서가 하나만 있어요."
        case .alias: return "앵커(&a)와 별칭(*a)은 쓸 수 없어요. 값을 가리고, 별칭 폭탄을 만들 수 있어요."
        case .mergeKey: return "병합 키 '<<'는 쓸 수 없어요. 항목을 모두 적으세요."
        case .duplicateKey: return "한 매핑에 같은 키는 한 번만 써요 ('a'와 \"a\"는 같은 키예요)."
        case .nonStringKey: return "매핑의 키는 글자여야 해요. 매핑, 목록, null, 숫자, 참/거짓은 안 돼요."
        case .unsupportedTag: return "!!python/object나 !Ref 같은 태그는 쓸 수 없어요."
        case .limitExceeded: return "파일은 크기, 중첩 깊이, 노드 수, 값 길이의 한도 안에 있어야 해요."
        case .yaml11Ambiguity: return "YAML 1.1 도구가 다르게 읽는 값(no, on, 010, 1:30)은 헷갈리지 않게 써야 해요."
        case .unknownKey: return "형식이 정한 키만 쓸 수 있어요."
        case .missingField: return "꼭 필요한 항목(version, 과일과 쥬스의 name, 쥬스의 recipe)이 있어야 해요."
        case .wrongType: return "모든 항목은 형식이 정한 종류의 값이어야 해요."
        case .unsupportedVersion: return "'version'은 1이어야 해요."
        case .invalidID: return "과일과 쥬스 id에는 글자, 숫자, '-', '_', '.'만 쓰고, 점으로만 되면 안 되며, 100자까지예요."
        case .duplicateID: return "과일, 쥬스, 재고 항목은 모든 파일을 통틀어 한 번만 정의해요."
        case .duplicateName:
            return "두 쥬스나 두 과일이 id나 이름을 함께 쓸 수 없어요. 이름은 주문처럼 대소문자, 공백, '-', '_'를 빼고 견줘요."
        case .duplicateAlias: return "쥬스 별칭은 다른 쥬스의 id, 이름, 별칭과 겹치면 안 돼요 (대소문자, 공백, '-', '_'는 빼고 견줘요)."
        case .unknownFruit: return "레시피에는 정의된 과일만 쓸 수 있어요."
        case .invalidQuantity:
            return "수량은 범위 안의 정수예요: 레시피 양, 보관 기간, 묶음은 1 이상, 재고, 용량, 가격, 원가, 배송 기간, 최소 주문 금액은 0 이상이에요."
        case .integerOverflow: return "정수는 64비트에 들어가야 해요."
        case .emptyRecipe: return "쥬스의 레시피에는 과일이 하나는 있어야 해요."
        case .exceedsCapacity: return "가게가 둘 수 있는 것보다 과일이 더 필요한 쥬스는 만들 수 없어요."
        case .exceedsInitialStock: return "초기 재고보다 과일이 더 필요한 쥬스는 재고를 채우기 전에는 만들 수 없어요."
        case .unknownStockFruit: return "재고와 용량은 정의된 과일에만 줄 수 있어요."
        case .missingStock: return "과일마다 재고 항목이 있어야 해요 (없으면 0으로 쳐요)."
        case .stockExceedsCapacity: return "초기 재고는 그 과일의 용량을 넘을 수 없어요."
        case .unusedFruit: return "과일마다 적어도 한 쥬스에 쓰여야 해요."
        case .priceBelowCost: return "쥬스 가격은 과일 원가(모든 과일에 원가가 있을 때 레시피의 양 × 원가)보다 높아야 해요."
        case .unknownSupplier: return "과일은 'suppliers'에 정의된 거래처에서만 살 수 있어요 ('buy: supplier')."
        case .unknownWeekday: return "요일은 mon, tue, wed, thu, fri, sat, sun으로 써요 (주문 요일과 쉬는 날)."
        case .arrivesSpoiled: return "거래처의 배송 기간이 거기서 사는 과일의 보관 기간보다 길면 안 돼요. 상한 채로 와요."
        case .noOrderDay: return "거래처의 'order-days'에는 요일이 하나는 있어야 해요 (매일이면 빼세요)."
        case .unreachableMinimum:
            return "거래처의 최소 주문 금액은 닿을 수 있어야 해요: 거기서 사는 과일을 가게에 가득 채운 원가가 그만큼은 돼야 해요."
        case .noWayToBuy: return "거래처가 있는 세트라면, 메뉴에 쓰이는 과일마다 어떻게 사는지('buy')를 써야 해요."
        case .packCostMismatch: return "과일의 'cost'를 묶음 가격과 함께 쓰면, 묶음 가격을 묶음 개수로 나눈 값이어야 해요."
        case .eventOnClosedDay: return "행사는 가게가 여는 날에 있어야 해요. 그날은 달력이 쉬는 날로 정했어요."
        case .closedTwice: return "쉬는 요일이나 날짜는 'calendar: closed'에 한 번만 써요 (어느 파일이든). 두 번이면 다른 날을 잘못 쓴 걸 수 있어요."
        }
    }
}
