import JuiceCore

/// What the stock routes answer a change they made with (a receipt's `message`), in Korean or English.
enum StockChangeText {
    /// `POST /api/stock` changed the stock.
    case stockChanged
    /// `POST /api/deliveries` received a delivery.
    case deliveryReceived
    /// `POST /api/waste` (expired) found nothing past its use-by date.
    case nothingExpired
    /// `POST /api/waste` (expired) wrote off what had expired.
    case expiredWrittenOff
    /// `POST /api/waste` recorded one fruit thrown away.
    case wasteRecorded
    /// `POST /api/counts/{id}` applied a count.
    case countApplied

    /// The words in `language`.
    func text(in language: Language) -> String {
        switch language {
        case .korean:
            switch self {
            case .stockChanged: return "재고를 바꿨어요"
            case .deliveryReceived: return "입고를 기록했어요"
            case .nothingExpired: return "유통기한이 지난 과일이 없어요. 재고는 그대로예요."
            case .expiredWrittenOff: return "유통기한이 지난 과일을 폐기했어요"
            case .wasteRecorded: return "폐기를 기록했어요"
            case .countApplied: return "재고를 센 값으로 맞췄어요"
            }
        case .english:
            switch self {
            case .stockChanged: return "Stock changed."
            case .deliveryReceived: return "Delivery received."
            case .nothingExpired: return "Nothing has expired; the stock is unchanged."
            case .expiredWrittenOff: return "Expired fruit written off."
            case .wasteRecorded: return "Waste recorded."
            case .countApplied: return "Count applied."
            }
        }
    }
}
