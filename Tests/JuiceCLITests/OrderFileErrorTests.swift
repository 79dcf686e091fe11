import Foundation
import Testing

/// Problems in order files, as `juice simulate --orders` and `juice plan` report them, in both languages.
@Suite("order-file errors follow the language (end to end)")
struct OrderFileErrorTests {
    /// Broken order files, one problem each: name and contents.
    static let files: [(String, String)] = [
        ("unknown.csv", "juice,count\nbanana-juice,1\nbananna juice,2\n"),
        ("zero.csv", "banana-juice,0\n"),
        ("words.csv", "banana-juice,two\n"),
        ("open-quote.csv", "\"banana-juice,2\n"),
        ("after-quote.csv", "\"banana-juice\"x,2\n"),
        ("typo.jsonl", "{\"juice\": \"banana-juice\", \"cuont\": 7}\n"),
        ("stranger.jsonl", "{\"juice\": \"banana-juice\", \"note\": \"no ice\"}\n"),
        ("twice.jsonl", "{\"juice\": \"banana-juice\"}\n{\"juice\": \"banana-juice\", \"juice\": \"kiwi-juice\"}\n"),
        ("plain.jsonl", "banana-juice\n"),
        ("syntax.yaml", "- {juice: banana-juice, count: 2\n"),
        ("typo.yaml", "- banana-juice\n- {juice: kiwi-juice, cuont: 2}\n"),
        ("nameless.yaml", "- {count: 2}\n"),
        ("mapping.yaml", "juice: banana-juice\n"),
        ("count.yaml", "- {juice: banana-juice, count: many}\n"),
        ("orders.txt", "banana-juice\n"),
    ]

    /// The sandbox with every broken file written into it.
    private func sandbox() throws -> ShopSandbox {
        let shop = try ShopSandbox()
        for (name, text) in Self.files {
            try text.write(to: shop.directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return shop
    }

    @Test(
        "every kind of order-file problem, through simulate and plan, in each language (golden)",
        arguments: [("en_US.UTF-8", "en"), ("ko_KR.UTF-8", "ko")])
    func golden(lang: String, suffix: String) async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        var transcript = Transcript(shop, lang: lang)
        for (name, _) in Self.files {
            for arguments in [["simulate", "--orders", name], ["plan", name]] {
                let outcome = try await transcript.run(arguments)
                #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
                #expect(outcome.stdout.isEmpty, "\(arguments)")
                #expect(outcome.stderr.hasPrefix(suffix == "ko" ? "juice: 오류: \(name):" : "juice: error: \(name):"), "\(arguments)")
            }
        }
        try transcript.expectGolden("order-file-errors.\(suffix).txt")
    }

    @Test(
        "--lang picks the language of an order-file error over the environment, and keeps FILE:L:C",
        arguments: [
            (
                "typo.jsonl", "juice: 오류: typo.jsonl:1:27: 주문에 없는 키예요: 'cuont'. 'count'을(를) 말한 건가요?\n",
                "juice: error: typo.jsonl:1:27: unknown key 'cuont' in an order; did you mean 'count'?\n"
            ),
            (
                "unknown.csv", "juice: 오류: unknown.csv:3:1: 모르는 쥬스예요: 'bananna juice'. 'Banana Juice'을(를) 말한 건가요?\n",
                "juice: error: unknown.csv:3:1: unknown juice 'bananna juice'; did you mean 'Banana Juice'?\n"
            ),
            (
                "zero.csv", "juice: 오류: zero.csv:1:14: 수량은 1부터 100000000까지의 정수여야 해요 (지금: '0')\n",
                "juice: error: zero.csv:1:14: the count must be a whole number from 1 to 100000000, not '0'\n"
            ),
        ])
    func langOption(file: String, korean: String, english: String) async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        for command in [["plan", file], ["simulate", "--orders", file]] {
            let ko = try await shop.run(command + ["--lang", "ko"], lang: "en_US.UTF-8")
            #expect(ko.status == 2)
            #expect(ko.stdout.isEmpty)
            #expect(ko.stderr == korean, "\(command)")
            let en = try await shop.run(command + ["--lang", "en"], lang: "ko_KR.UTF-8")
            #expect(en.status == 2)
            #expect(en.stderr == english, "\(command)")
        }
    }

    @Test("a Korean order-file error has no English sentence left: every message differs from the English one")
    func noEnglishLeft() async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        for (name, _) in Self.files {
            let english = try await shop.run(["plan", name], lang: "en_US.UTF-8")
            let korean = try await shop.run(["plan", name], lang: "ko_KR.UTF-8")
            #expect(korean.status == english.status)
            let position = english.stderr.dropFirst("juice: error: ".count).prefix { $0 != " " }
            #expect(korean.stderr.hasPrefix("juice: 오류: " + position), "\(name): the same FILE:L:C")
            // What follows the position: Korean text, never the English sentence's words.
            let koreanText = korean.stderr.dropFirst(("juice: 오류: " + position).count)
            #expect(koreanText.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(name): \(korean.stderr)")
            for word in ["expected", "unknown", "must", "found", "needs", "error:", "did you mean"] {
                #expect(!koreanText.contains(word), "\(name): '\(word)' in \(korean.stderr)")
            }
        }
    }

    @Test(
        "--restock, --mix and --demand problems follow the language too, with the same exit code",
        arguments: [
            (
                ["simulate", "--generate", "5", "--restock", "every=0"],
                "juice: error: invalid restock: --restock every=K needs K of at least 1 (refill every K orders), not 0\n",
                "juice: 오류: 잘못된 재고 채우기 규칙: --restock every=K의 K는 1 이상이어야 해요 (주문 K개마다 채워요). 지금: 0\n"
            ),
            (
                ["simulate", "--generate", "5", "--restock", "below=2,to=150"],
                "juice: error: invalid restock: --restock to=150 is above the capacity of 'strawberry' (100); use to=100 or less\n",
                "juice: 오류: 잘못된 재고 채우기 규칙: --restock to=150이(가) 'strawberry'의 용량(100)보다 커요. to=100 이하로 쓰세요\n"
            ),
            (
                ["simulate", "--generate", "5", "--mix", "bananna-juice=3"],
                "juice: error: invalid mix: unknown juice 'bananna-juice'; did you mean 'banana-juice'?\n",
                "juice: 오류: 잘못된 비율: 모르는 쥬스예요: 'bananna-juice'. 'banana-juice'을(를) 말한 건가요?\n"
            ),
            (
                ["simulate", "--generate", "5", "--mix", "banana-juice"],
                "juice: error: invalid mix: expected JUICE=WEIGHT, like banana-juice=5, not 'banana-juice'\n",
                "juice: 오류: 잘못된 비율: 쥬스=비율 형식이어야 해요 (예: banana-juice=5): 'banana-juice'\n"
            ),
            (
                ["simulate", "--generate", "5", "--demand", "demand.yaml"],
                "juice: error: demand.yaml:2:17: a weight must be a whole number of at least 0, not the number -5\n",
                "juice: 오류: demand.yaml:2:17: 비율은 0 이상의 정수여야 해요. 찾은 것: 숫자 -5\n"
            ),
        ])
    func runOptions(arguments: [String], english: String, korean: String) async throws {
        let shop = try sandbox()
        defer { shop.remove() }
        try "demand:\n  banana-juice: -5\n".write(to: shop.directory.appendingPathComponent("demand.yaml"), atomically: true, encoding: .utf8)
        let en = try await shop.run(arguments, lang: "en_US.UTF-8")
        let ko = try await shop.run(arguments, lang: "ko_KR.UTF-8")
        #expect(en.status == 2)
        #expect(ko.status == 2)
        #expect(en.stderr == english)
        #expect(ko.stderr == korean)
        #expect(try await shop.run(arguments + ["--lang", "ko"], lang: "en_US.UTF-8").stderr == korean)
    }
}
