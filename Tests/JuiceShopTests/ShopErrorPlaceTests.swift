import JuiceCore
import JuiceShop
import Testing

/// A refusal carries where it happened; its kind, category and words stay the reason's.
@Suite struct ShopErrorPlaceTests {
    @Test func aPlacedRefusalIsItsReasonAtAPlace() {
        let reason = ShopError.invalidQuantity("kiwi", 0)
        let placed = reason.at(.line(2).field("units")).at(FieldPath([.index(1)]))
        #expect(placed.place?.description == "[1].lines[2].units")
        #expect(placed.reason == reason)
        #expect(placed.kind == reason.kind && placed.category == reason.category && placed.description == reason.description)
        #expect(reason.place == nil && reason.reason == reason)
    }
}
