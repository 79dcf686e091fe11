import Foundation
import JuiceCore
import JuiceRecipes
import JuiceYAML
import Testing

@Suite("Recipe loader")
struct LoaderTests {
    @Test("a directory merges every .yaml/.yml file recursively, sorted by path, skipping hidden entries and other files")
    func directoryMerge() throws {
        let result = try RecipeLoader().load(directory: TestSupport.fixtures.appendingPathComponent("multi").path)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        #expect(result.sources.map { URL(fileURLWithPath: $0.name).lastPathComponent } == ["a-fruits.yaml", "b-juices.yml", "z-store.yaml"])
        #expect(result.book.fruits.map(\.id) == ["kiwi"])
        #expect(result.book.juices.map(\.id) == ["kiwi-juice"])
        #expect(result.book.store.capacity(of: "kiwi") == 50)
        #expect(result.book.store.initialStock["kiwi"] == 20)
    }

    @Test("every problem in a file is reported, sorted, at its exact line and column")
    func everyProblemReported() throws {
        let result = RecipeLoader().load(files: [RecipeSourceFile(name: "broken/menu.yaml", bytes: try TestSupport.fixture("broken/menu.yaml"))])
        let found = result.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.rule.rawValue)" }
        #expect(
            found == [
                "8:5 unknown-key", "12:14 unknown-fruit", "13:3 missing-field", "15:5 unknown-key",
                "17:45 unknown-key", "18:20 invalid-quantity", "18:31 invalid-quantity", "21:33 unknown-stock-fruit",
            ])
        #expect(result.diagnostics == result.diagnostics.sorted())
        let unknownFruit = try #require(result.diagnostics.first { $0.rule == .unknownFruit })
        #expect(unknownFruit.message.contains("did you mean 'banana'?"))
        #expect(unknownFruit.fix == "replace 'bananna' with 'banana'")
        #expect(unknownFruit.notes.first?.location.line == 2, "the note points at the fruit list")
        #expect(result.diagnostics.first { $0.location.line == 15 }?.message.contains("did you mean 'recipe'?") == true)
    }

    @Test("columns count Unicode scalars after Korean text and emoji, and CRLF counts as one line break")
    func columnsAfterKoreanEmojiAndCRLF() throws {
        let korean = TestSupport.load("version: 1\nfruits:\n  kiwi: {name: {ko: 키위🥝, en: Kiwi, xx: 1}}\n")
        let key = try #require(korean.diagnostics.first { $0.rule == .unknownKey })
        #expect(key.location.line == 3)
        #expect(key.location.column == 36)
        let crlf = RecipeLoader().load(files: [RecipeSourceFile(name: "crlf.yaml", bytes: try TestSupport.fixture("crlf.yaml"))])
        let fruit = try #require(crlf.diagnostics.first { $0.rule == .unknownFruit })
        #expect(fruit.location.line == 8)
        #expect(fruit.location.column == 14)
    }

    @Test("the loaded book finds every juice by id, in one file or several; for an id defined twice, the first")
    func juiceIndex() throws {
        let one = RecipeLoader().load(files: DefaultRecipes.files)
        let split = RecipeLoader().load(files: [
            RecipeSourceFile(
                name: "a.yaml",
                text:
                    "version: 1\nfruits:\n  kiwi: {name: {ko: 키위, en: Kiwi}}\njuices:\n  kiwi-juice: {name: {ko: 키위쥬스, en: Kiwi Juice}, recipe: {kiwi: 3}}\nstore: {capacity: 10, stock: {kiwi: 5}}\n"
            ),
            RecipeSourceFile(
                name: "b.yaml",
                text:
                    "version: 1\njuices:\n  double-kiwi: {name: {ko: 더블키위, en: Double Kiwi}, recipe: {kiwi: 6}}\n  kiwi-juice: {name: {ko: 또키위, en: Kiwi Again}, recipe: {kiwi: 1}}\n"
            ),
        ])
        #expect(split.diagnostics.contains { $0.rule == .duplicateID }, "kiwi-juice is defined in both files")
        for result in [one, split] {
            let book = result.book
            #expect(book == RecipeBook(fruits: book.fruits, juices: book.juices, store: book.store))
            for juice in book.juices { #expect(book.juice(juice.id) == juice) }
        }
        #expect(split.book.juice("kiwi-juice")?.recipe.first?.amount == 3, "the first definition wins")
        #expect(one.book.juices.count == 7)
    }

    @Test("an id defined in two files is an error naming both places")
    func duplicateAcrossFiles() throws {
        let a = RecipeSourceFile(name: "a.yaml", text: "version: 1\nfruits:\n  kiwi: {name: {en: Kiwi}}\n")
        let b = RecipeSourceFile(name: "b.yaml", text: "version: 1\n\nfruits:\n  kiwi: {name: {en: Kiwi}}\n")
        let result = RecipeLoader().load(files: [a, b])
        let duplicate = try #require(result.diagnostics.first { $0.rule == .duplicateID })
        #expect(duplicate.location.description == "b.yaml:4:3")
        #expect(duplicate.notes.map(\.location.description) == ["a.yaml:3:3"])
    }

    @Test("an id defined twice in one file is a duplicate key naming both places")
    func duplicateInOneFile() throws {
        let result = TestSupport.load("version: 1\njuices:\n  a: {name: {en: A}, recipe: {x: 1}}\n  \"a\": {name: {en: B}, recipe: {x: 1}}\n")
        let duplicate = try #require(result.diagnostics.first { $0.rule == .duplicateKey })
        #expect(duplicate.location.line == 4 && duplicate.location.column == 3)
        #expect(duplicate.notes.first?.location.line == 3)
    }

    @Test("YAML 1.2 typing: quoted numbers are text, 1:30 is not a number, 010 is ten with a warning")
    func coreSchemaTyping() throws {
        let base = RuleID.unknownFruit.passingExamples[0].files[0]
        func load(_ amount: String) -> RecipeLoadResult {
            let text = String(decoding: base.bytes, as: UTF8.self).replacingOccurrences(of: "{banana: 2}", with: "{banana: \(amount)}")
            return TestSupport.load(text)
        }
        #expect(TestSupport.rules(load("\"2\"")) == [.wrongType])
        #expect(TestSupport.rules(load("1:30")) == [.wrongType])
        #expect(load("1:30").diagnostics.first?.message.contains("90") == true)
        let octal = load("010")
        #expect(TestSupport.rules(octal) == [.yaml11Ambiguity])
        #expect(octal.book.juice("banana-juice")?.recipe.first?.amount == 10)
        #expect(load("0x0A").book.juice("banana-juice")?.recipe.first?.amount == 10)
        #expect(TestSupport.rules(load("123456789012345678901234567890")) == [.integerOverflow])
        #expect(TestSupport.rules(load(".inf")) == [.invalidQuantity])
        #expect(TestSupport.rules(load("-3")) == [.invalidQuantity])
    }

    @Test("a fruit named 'no' is text, with a warning that YAML 1.1 tools read a boolean")
    func yaml11BooleanKey() throws {
        let result = TestSupport.load(
            "version: 1\nfruits:\n  no: {name: {en: Norwegian apple}}\njuices:\n  j: {name: {en: J}, recipe: {no: 1}}\nstore: {stock: {no: 5}}\n")
        #expect(!result.hasErrors)
        #expect(result.book.fruits.map(\.id) == ["no"])
        #expect(result.diagnostics.contains { $0.rule == .yaml11Ambiguity && $0.location.line == 3 })
    }

    @Test("a broken file does not stop the other files from being checked")
    func otherFilesStillChecked() {
        let broken = RecipeSourceFile(name: "a.yaml", text: "version: 1\nfruits: [\n")
        let other = RecipeSourceFile(name: "b.yaml", text: "version: 1\njuices:\n  j: {name: {en: J}, recipe: {kiwi: 1}}\n")
        let result = RecipeLoader().load(files: [broken, other])
        #expect(TestSupport.rules(result).contains(.yamlSyntax))
        #expect(TestSupport.rules(result).contains(.unknownFruit))
    }

    @Test("paths that cannot be read are typed errors naming the path")
    func unreadablePaths() throws {
        #expect(throws: RecipeSourceError.notFound("/nonexistent/recipes")) {
            try RecipeLoader().load(paths: ["/nonexistent/recipes"])
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("juice-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: RecipeSourceError.noRecipeFiles(empty.path)) {
            try RecipeLoader().load(paths: [empty.path])
        }
    }

    @Test("a symlink loop in a recipe directory is walked once, not forever")
    func symlinkLoop() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "version: 1\nfruits:\n  kiwi: {name: {en: Kiwi}}\n".write(
            to: directory.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop").path, withDestinationPath: directory.path)
        let result = try RecipeLoader().load(paths: [directory.path])
        #expect(result.book.fruits.map(\.id) == ["kiwi"])
        #expect(!result.diagnostics.contains { $0.rule == .duplicateID })
    }

    @Test("a file over the size limit is reported without being read")
    func oversizedFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("juice-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.yaml")
        try Data(repeating: 0x20, count: 2048).write(to: path)
        let result = try RecipeLoader(limits: YAMLLimits(maxFileBytes: 1024)).load(paths: [directory.path])
        #expect(TestSupport.rules(result) == [.limitExceeded])
        #expect(result.diagnostics.first?.message.contains("2048") == true)
    }
}
