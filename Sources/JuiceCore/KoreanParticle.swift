/// The Korean particles that change with the word before them: 이/가, 은/는, 을/를, (이)어야/여야, chosen by whether that
/// word's last syllable ends in a consonant (받침). After anything that is not a Hangul syllable (a quote, a digit, a
/// Latin letter) the choice cannot be made from the spelling, and both are written, 이(가).
package enum KoreanParticle {
    /// 이/가 (subject).
    case subject
    /// 은/는 (topic).
    case topic
    /// 을/를 (object).
    case object
    /// 이어야/여야 ("must be").
    case mustBe

    /// `word` (as string interpolation writes it) followed by this particle.
    package func after<Word>(_ word: Word) -> String {
        let text = "\(word)"
        return text + suffix(after: text)
    }

    /// The particle as it follows `word`.
    package func suffix(after word: String) -> String {
        let forms: (consonant: String, vowel: String, unknown: String)
        switch self {
        case .subject: forms = ("이", "가", "이(가)")
        case .topic: forms = ("은", "는", "은(는)")
        case .object: forms = ("을", "를", "을(를)")
        case .mustBe: forms = ("이어야", "여야", "이어야")
        }
        guard let last = word.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else { return forms.unknown }
        return (last.value - 0xAC00) % 28 == 0 ? forms.vowel : forms.consonant
    }
}
