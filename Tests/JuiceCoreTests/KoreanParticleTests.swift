import Testing

@testable import JuiceCore

@Suite("Korean particles follow the word before them")
struct KoreanParticleTests {
    @Test("a final consonant takes 이/은/을/이어야, a vowel 가/는/를/여야, anything else both forms")
    func particles() {
        #expect(KoreanParticle.subject.after("묶음 개수") == "묶음 개수가")
        #expect(KoreanParticle.subject.after("주문 마감 시각") == "주문 마감 시각이")
        #expect(KoreanParticle.topic.after("묶음 개수") == "묶음 개수는")
        #expect(KoreanParticle.topic.after("용량") == "용량은")
        #expect(KoreanParticle.object.after("딸기") == "딸기를")
        #expect(KoreanParticle.object.after("수박") == "수박을")
        #expect(KoreanParticle.mustBe.after("\"14:00\" 같은 시각") == "\"14:00\" 같은 시각이어야")
        #expect(KoreanParticle.mustBe.after("정수") == "정수여야")
        // After a quote, a digit or a Latin letter the spelling does not tell.
        #expect(KoreanParticle.subject.after("'kiwi'") == "'kiwi'이(가)")
        #expect(KoreanParticle.topic.after("2.5") == "2.5은(는)")
        #expect(KoreanParticle.subject.after("") == "이(가)")
    }
}
