#!/usr/bin/env python3
"""Tests scripts/check-drift.py on small trees of its own: a new occurrence of each check fails naming file:line, the
baseline passes, a lowered count passes with a note, --update lowers and never raises, and what is not drift (comments,
words in strings, message files, KoreanParticle, NumberText, Tests' strings) is not counted.
Usage: python3 scripts/test_check_drift.py (stdlib unittest)."""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-drift.py")

TREE = {
    # One of each kind, to be the baseline.
    "Sources/JuicePlanning/Report.swift": """
        func title(in language: Language) -> String {
            let ko = language == .korean
            return ko ? "보고서" : "Report"
        }
        func total(_ won: Int) -> String { "₩\\(won)" }
    """,
    "Sources/JuiceShop/Refusal.swift": """
        func refusal(_ name: String) -> String { "'\\(name)'을(를) 만들 수 없어요" }
    """,
    "Tests/JuiceShopTests/ShopTests.swift": """
        import Testing
        @testable import JuiceShop
    """,
    # Not drift: message files, the particles' and money's homes, comments, words in strings, Tests' strings.
    "Sources/JuiceShop/ShopMessage.swift": """
        func text(in language: Language) -> String { language == .korean ? "재고" : "stock" }
    """,
    "Sources/JuiceRecipes/RuleID+Korean.swift": """
        func summary(in language: Language) -> String { language == .korean ? koreanSummary : summary }
    """,
    "Sources/JuiceCore/KoreanParticle.swift": """
        let forms = ("이", "가", "이(가)")
    """,
    "Sources/JuiceCore/NumberText.swift": """
        func won(_ value: Int) -> String { "₩\\(value)" }
    """,
    "Sources/JuiceCore/Quiet.swift": """
        // language == .korean ? "a" : "b", '\\(x)'이(가), ₩\\(price)
        /* ko ? 1 : 2 /* nested */ 이(가) */
        let help = "write `language == .korean ? a : b` in a message file"
        let maybe = ko ?? fallback
        let korean = name.korean ?? name.english
    """,
    "Tests/JuiceShopTests/OutputTests.swift": """
        import JuiceShop
        let expected = "backup.sqlite이(가) 이미 있어요, 합계 ₩3500"
        let pick = language == .korean ? "딸기" : "strawberry"
    """,
    "Sources/JuiceServer/Page/app.js": """
        // ${n}원 in a comment is not money
        const TEXT = { ko: { price: (won) => `${won.toLocaleString("ko-KR")}원` } };
        const parts = "a,b".split(/[,]/);
    """,
}


def write(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as out:
            out.write(textwrap.dedent(text).lstrip("\n"))


def append(root, path, text):
    with open(os.path.join(root, path), "a", encoding="utf-8") as out:
        out.write(textwrap.dedent(text).lstrip("\n"))


def run(root, *arguments):
    result = subprocess.run([sys.executable, SCRIPT, "--root", root, *arguments], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


class CheckDriftTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.root = self.directory.name
        write(self.root, TREE)
        status, output = run(self.root, "--update", "--allow-raise")
        self.assertEqual(status, 0, output)
        self.baseline_path = os.path.join(self.root, "scripts", "drift-baseline.json")

    def tearDown(self):
        self.directory.cleanup()

    def baseline(self):
        with open(self.baseline_path, encoding="utf-8") as source:
            return json.load(source)

    def test_the_baseline_counts_each_kind_once_and_nothing_that_is_not_drift(self):
        baseline = self.baseline()
        self.assertEqual(baseline["ternary"], {"Sources/JuicePlanning/Report.swift": 1})
        self.assertEqual(baseline["particle"], {"Sources/JuiceShop/Refusal.swift": 1})
        self.assertEqual(baseline["won"], {
            "Sources/JuicePlanning/Report.swift": 1, "Sources/JuiceServer/Page/app.js": 1,
        })
        self.assertEqual(baseline["testable"], {"Tests/JuiceShopTests/ShopTests.swift": 1})

    def test_the_baseline_passes(self):
        for arguments in ((), ("--check",)):
            status, output = run(self.root, *arguments)
            self.assertEqual(status, 0, output)
            self.assertIn("0 above the baseline, 0 below", output)
            self.assertNotIn("note:", output)

    def test_a_new_file_with_each_kind_fails_naming_file_and_line(self):
        write(self.root, {
            "Sources/JuiceSimulation/New.swift": """
                import JuiceCore

                func a(in language: Language) -> String { language == .english ? "a" : "가" }
                func b(_ name: String) -> String { "\\(name)은(는) 없어요" }
                func c(_ won: Int) -> String { "\\(won)원" }
                func d(in language: Language) -> String {
                    let korean = language == .korean
                    return korean
                        ? "라" : "d"
                }
                func e(_ n: Int) -> String { "\\(language == .korean ? "마" : "e") \\(n)" }
                func f(_ n: Int) -> String { (n < 0 ? "−₩" : "₩") + String(n) }
            """,
            "Tests/JuiceSimulationTests/NewTests.swift": """
                import Testing
                @testable import JuiceSimulation
            """,
            "Sources/JuiceServer/Page/menu.js": """
                const MENU_TEXT = { en: { won: (n) => `₩${n}` }, ko: { remove: (name) => `${name}을(를) 뺄까요?` } };
            """,
            # The page's one money text is not checked (as NumberText is not); its particles are.
            "Sources/JuiceServer/Page/api.js": """
                export const money = (won) => (en ? `₩${won}` : `${won}원`);
                export const gone = (name) => `${name}이(가) 없어요`;
            """,
        })
        status, output = run(self.root)
        self.assertEqual(status, 1, output)
        new = "Sources/JuiceSimulation/New.swift"
        for expected in (
            f"{new}:3: inline language ternary `== .english ?`; put the words in a message file",
            f"{new}:4: particle pair `(는)` by hand; use KoreanParticle",
            f"{new}:5: money text `)원` by hand; format money in the one money formatter",
            f"{new}:8: inline language ternary `korean` with `?` on the next line",
            f"{new}:11: inline language ternary `== .korean ?`",
            f"{new}:12: money text `₩\"` by hand",
            "Tests/JuiceSimulationTests/NewTests.swift:2: `@testable import JuiceSimulation`; use the module's public "
            "or package API instead of @testable",
            "Sources/JuiceServer/Page/menu.js:1: money text `₩${` by hand",
            "Sources/JuiceServer/Page/menu.js:1: particle pair `(를)` by hand",
            "Sources/JuiceServer/Page/api.js:2: particle pair `(가)` by hand",
            f"{new}: 3 ternary (baseline 0): new in this file",
        ):
            self.assertIn(expected, output)
        self.assertNotIn("Sources/JuiceServer/Page/api.js:1:", output)
        self.assertEqual(run(self.root)[1], output)  # deterministic

    def test_more_in_a_baseline_file_fails(self):
        append(self.root, "Sources/JuiceShop/Refusal.swift", """
            func missing(_ name: String) -> String { "'\\(name)'이(가) 없어요" }
        """)
        status, output = run(self.root)
        self.assertEqual(status, 1, output)
        self.assertIn("Sources/JuiceShop/Refusal.swift:2: particle pair `(가)` by hand; use KoreanParticle", output)
        self.assertIn("Sources/JuiceShop/Refusal.swift: 2 particle (baseline 1): 1 more than the baseline", output)

    def test_a_lowered_count_passes_with_a_note_and_update_lowers_the_baseline(self):
        write(self.root, {"Sources/JuiceShop/Refusal.swift": """
            func refusal(_ name: String) -> String { KoreanParticle.object.after("'\\(name)'") + " 만들 수 없어요" }
        """})
        status, output = run(self.root)
        self.assertEqual(status, 0, output)
        self.assertIn("note: Sources/JuiceShop/Refusal.swift: 0 particle, baseline 1: lower it with "
                      "`python3 scripts/check-drift.py --update`", output)
        self.assertEqual(self.baseline()["particle"], {"Sources/JuiceShop/Refusal.swift": 1})

        status, output = run(self.root, "--update")
        self.assertEqual(status, 0, output)
        self.assertEqual(self.baseline()["particle"], {})
        status, output = run(self.root)
        self.assertEqual(status, 0, output)
        self.assertNotIn("note:", output)

    def test_update_never_raises_a_count(self):
        append(self.root, "Sources/JuicePlanning/Report.swift", """
            func other(in language: Language) -> String { language == .korean ? "기타" : "other" }
        """)
        before = self.baseline()
        status, output = run(self.root, "--update")
        self.assertEqual(status, 1, output)
        self.assertIn("Sources/JuicePlanning/Report.swift:6: inline language ternary `== .korean ?`", output)
        self.assertEqual(self.baseline(), before)

        status, output = run(self.root, "--update", "--allow-raise")
        self.assertEqual(status, 0, output)
        self.assertEqual(self.baseline()["ternary"], {"Sources/JuicePlanning/Report.swift": 2})

    def test_a_file_under_the_editor_protocol_is_not_a_message_file(self):
        write(self.root, {"Sources/JuiceLSP/Protocol/FeatureMessages.swift": """
            let label = language == .korean ? "가" : "a"
        """})
        status, output = run(self.root)
        self.assertEqual(status, 1, output)
        self.assertIn("Sources/JuiceLSP/Protocol/FeatureMessages.swift:1: inline language ternary", output)


if __name__ == "__main__":
    unittest.main()
