import JuiceCore
import JuiceShop
import Testing

/// The one rule every command and `juice serve` follow when `--lang` is not given.
@Suite("the language from the environment")
struct LanguageTests {
    @Test("the first of LC_ALL, LC_MESSAGES and LANG that is set decides: ko… is Korean, anything else English")
    func firstSetDecides() {
        #expect(Language.from(environment: ["LANG": "ko_KR.UTF-8"]) == .korean)
        #expect(Language.from(environment: ["LANG": "en_US.UTF-8"]) == .english)
        #expect(Language.from(environment: ["LANG": "C.UTF-8"]) == .english)
        #expect(Language.from(environment: ["LC_ALL": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"]) == .korean)
        #expect(Language.from(environment: ["LC_MESSAGES": "en_GB.UTF-8", "LANG": "ko_KR.UTF-8"]) == .english)
        #expect(Language.from(environment: ["LC_ALL": "", "LANG": "ko_KR.UTF-8"]) == .korean, "an empty variable is not set")
    }

    @Test("with none set, the shop speaks Korean first")
    func noneIsKorean() {
        #expect(Language.from(environment: [:]) == .korean)
        #expect(Language.from(environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""]) == .korean)
        #expect(Language.from(environment: ["PATH": "/usr/bin"]) == .korean)
    }
}
