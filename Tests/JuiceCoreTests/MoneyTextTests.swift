import JuiceCore
import Testing

/// Money as people read it: one style per language, thousands grouped, a minus sign below zero.
@Suite struct MoneyTextTests {
    @Test("won in Korean and English")
    func styles() {
        #expect(MoneyText.won(7_056_000, in: .korean) == "7,056,000원")
        #expect(MoneyText.won(7_056_000, in: .english) == "₩7,056,000")
        #expect(MoneyText.won(0, in: .korean) == "0원")
        #expect(MoneyText.won(999, in: .english) == "₩999")
        #expect(MoneyText.won(-1_700, in: .korean) == "−1,700원")
        #expect(MoneyText.won(-1_700, in: .english) == "−₩1,700")
    }

    @Test("a fraction of a won rounds; what no whole number holds is a dash, not a crash")
    func doubles() {
        #expect(MoneyText.won(1_234.5, in: .korean) == "1,235원")
        #expect(MoneyText.won(-0.4, in: .english) == "₩0")
        #expect(MoneyText.won(Double.nan, in: .korean) == "–")
        #expect(MoneyText.won(1e30, in: .english) == "–")
    }

    @Test("the extremes of Int keep their digits")
    func extremes() {
        #expect(MoneyText.won(Int.min, in: .english) == "−₩9,223,372,036,854,775,808")
        #expect(MoneyText.won(Int.max, in: .korean) == "9,223,372,036,854,775,807원")
    }
}
