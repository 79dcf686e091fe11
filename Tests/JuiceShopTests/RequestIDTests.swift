import Foundation
import JuiceShop
import Testing

/// The ids orders are journaled under: version 7 UUIDs, so that ids made later sort after ids made earlier.
@Suite("Request ids")
struct RequestIDTests {
    /// A generator that gives the same numbers every run (SplitMix64).
    struct Seeded: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    @Test("an id is a version 7 UUID whose first 48 bits are the time in milliseconds")
    func shape() {
        var generator = Seeded(state: 1)
        // 2026-11-26T00:00:00Z.
        let id = RequestID.make(milliseconds: 1_795_651_200_000, using: &generator)
        #expect(id.count == 36)
        #expect(id.hasPrefix("01a21526-e400-7"), "\(id)")
        let characters = Array(id)
        #expect([8, 13, 18, 23].allSatisfy { characters[$0] == "-" })
        #expect("89ab".contains(characters[19]), "the RFC 9562 variant: \(id)")
        #expect(id.allSatisfy { "0123456789abcdef-".contains($0) })
        #expect(UUID(uuidString: id) != nil)
    }

    @Test("ids made later sort after ids made earlier, whatever their random bits")
    func order() {
        var generator = Seeded(state: 7)
        let times: [UInt64] = [1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_255, 1_700_000_000_256, 1_795_651_200_000]
        let ids = times.map { RequestID.make(milliseconds: $0, using: &generator) }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
    }

    @Test("two ids made in the same millisecond differ")
    func sameMillisecond() {
        var generator = SystemRandomNumberGenerator()
        let ids = (0..<1_000).map { _ in RequestID.make(milliseconds: 1_700_000_000_000, using: &generator) }
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids.map { $0.prefix(14) }).count == 1, "the time part is the same")
    }

    @Test("an id made now carries the time it was made")
    func now() throws {
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        let id = RequestID.make()
        let after = UInt64(Date().timeIntervalSince1970 * 1000)
        let hex = id.replacingOccurrences(of: "-", with: "").prefix(12)
        let milliseconds = try #require(UInt64(hex, radix: 16))
        #expect((before...after).contains(milliseconds))
    }
}
