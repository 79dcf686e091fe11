import JuiceCore
import Testing

/// Places in a request, as the shop names them and adapters read them.
@Suite struct FieldPathTests {
    @Test func aPathReadsAsFieldsAndPositions() {
        #expect(FieldPath.field("supplier").description == "supplier")
        #expect(FieldPath.line(2).field("units").description == "lines[2].units")
        #expect(FieldPath([.index(1)]).appending(.line(0).field("fruit")).description == "[1].lines[0].fruit")
        #expect(FieldPath.line(0, of: "counts").field("counted").lastField == "counted")
        #expect(FieldPath([.index(3)]).lastField == nil)
        #expect(FieldPath().description.isEmpty)
    }
}
