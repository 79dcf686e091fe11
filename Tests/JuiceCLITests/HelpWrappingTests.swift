import Testing
import JuiceCommandLine

/// Korean help is wrapped by display width: ArgumentParser counts a Hangul syllable as one column, a terminal as two.
@Suite("Korean help wrapping")
struct HelpWrappingTests {
    @Test("display width: Hangul and emoji take two columns, ASCII one, variation selectors none")
    func width() {
        #expect(KoreanHelp.displayWidth("abc") == 3)
        #expect(KoreanHelp.displayWidth("딸바쥬스") == 8)
        #expect(KoreanHelp.displayWidth("🍓 딸기") == 7)
        #expect(KoreanHelp.displayWidth("⚠️") == 1)
    }

    @Test("an option's text continues under its text column; a paragraph under its indent; usage under its heading")
    func continuation() {
        let option = "  --count <count>         만들 잔 수를 정해요. 이 설명은 한 줄에 들어가지 않을 만큼 길어요, 정말로 길어요."
        let wrapped = KoreanHelp.wrap(option, width: 60).split(separator: "\n")
        #expect(wrapped.count >= 2)
        #expect(wrapped[0].hasPrefix("  --count <count>         만들"))
        #expect(wrapped[1].hasPrefix(String(repeating: " ", count: 26)) && !wrapped[1].hasPrefix(String(repeating: " ", count: 27)))
        #expect(wrapped.allSatisfy { KoreanHelp.displayWidth($0) <= 60 })
        let paragraph = "  가게의 지금 상태는 절대 바뀌지 않아요. 주문은 파일에서 오거나 새로 만들어요. 이 문장은 충분히 길어요."
        let lines = KoreanHelp.wrap(paragraph, width: 50).split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") })
        let usage = "사용법: juice simulate [--recipes <dir>] [--state <file-or-url>] [--lang <lang>] [--from-state]"
        let usageLines = KoreanHelp.wrap(usage, width: 50).split(separator: "\n")
        #expect(usageLines.count > 1)
        #expect(usageLines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 8)) })
        #expect(KoreanHelp.wrap("  short", width: 50) == "  short")
    }

    @Test("ArgumentParser's own words are put into Korean")
    func translated() {
        let text =
            "OVERVIEW: x\n\nUSAGE: juice order <juice>\n\nOPTIONS:\n  -h, --help              Show help information.\n  --count <count>         (default: 1)\n\n  See 'juice help <subcommand>' for detailed help."
        let korean = KoreanHelp.translated(text)
        #expect(
            korean
                == "개요: x\n\n사용법: juice order <juice>\n\n옵션:\n  -h, --help              이 도움말을 보여 줘요.\n  --count <count>         (기본값: 1)\n\n  자세한 도움말은 'juice help <하위-명령>'로 볼 수 있어요."
        )
    }
}
