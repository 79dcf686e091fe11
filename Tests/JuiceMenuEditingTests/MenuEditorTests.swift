import Foundation
import JuiceCore
import JuiceRecipes
import JuiceTestSupport
import Testing

import JuiceMenuEditing

/// The editor's guarantees: versions, refusals that write nothing, undo, the record, unwritable directories.
@Suite struct MenuEditorTests {
    @Test func theMenuListsWhatTheFilesDefineWithTheFileOfEach() async throws {
        let fixture = try MenuFixture()
        let menu = try await MenuEditor(directory: fixture.path).menu()
        #expect(menu.access == .writable)
        #expect(menu.errors.isEmpty)
        #expect(menu.files == ["fruits.yaml", "juices.yaml", "store.yaml"])
        let banana = try #require(menu.juices.first { $0.id == "banana-juice" })
        #expect(banana.file == "juices.yaml")
        #expect(banana.aliases == ["바나나주스", "banana drink"])
        #expect(banana.price == nil)
        #expect(banana.recipe == [Ingredient(fruit: "banana", amount: 2), Ingredient(fruit: "strawberry", amount: 1)])
        let mango = try #require(menu.fruits.first { $0.id == "mango" })
        #expect(mango.stock == 5)
        #expect(mango.capacity == 100)
        #expect(mango.emoji == "🥭")
        #expect(mango.file == "fruits.yaml")
    }

    @Test func aStaleVersionIsRefusedWithTheCurrentOneAndNothingIsWritten() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let version = try await editor.menu().version
        let before = try fixture.snapshot()
        await #expect(throws: MenuEditError.stale(current: version)) {
            try await editor.apply(.changeJuice("mango-juice", JuiceChange(price: 1)), ifMatch: ["0123"], session: "s")
        }
        #expect(try fixture.snapshot() == before)
        let outcome = try await editor.apply(.changeJuice("mango-juice", JuiceChange(price: 1)), ifMatch: [version], session: "s")
        #expect(outcome.version != version)
        #expect(try await editor.menu().version == outcome.version)
    }

    @Test func anEditThatWouldBreakTheRecipesIsRefusedWithTheDiagnosticsAndWritesNothing() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let before = try fixture.snapshot()
        // 200 strawberries: more than the store can hold (exceeds-capacity); grape: no such fruit.
        let change = MenuChange.changeJuice(
            "strawberry-juice", JuiceChange(recipe: [Ingredient(fruit: "strawberry", amount: 200), Ingredient(fruit: "grape", amount: 1)]))
        do {
            _ = try await editor.apply(change, session: "s")
            Issue.record("accepted")
        } catch {
            guard case .refused(let diagnostics) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(Set(diagnostics.map(\.rule.rawValue)).isSuperset(of: ["exceeds-capacity", "unknown-fruit"]))
            #expect(diagnostics.allSatisfy { $0.location.file == "juices.yaml" })
            #expect(!diagnostics[0].message(in: .korean).isEmpty)
            #expect(error.message(in: .korean).contains("아무것도 쓰지 않았어요"))
        }
        #expect(try fixture.snapshot() == before)
        #expect(await editor.edits().isEmpty)
    }

    @Test func aChangeToWhatIsAlreadyWrittenWritesNothing() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let before = try fixture.snapshot()
        let outcome = try await editor.apply(.changeJuice("strawberry-juice", JuiceChange(price: 3000, aliases: ["딸기주스", "딸기 주스"])), session: "s")
        #expect(outcome.record == nil)
        #expect(try fixture.snapshot() == before)
    }

    @Test func unknownThingsAndTakenIDsAreTypedErrors() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        await #expect(throws: MenuEditError.unknownJuice("kiwi-juice")) { try await editor.apply(.removeJuice("kiwi-juice"), session: "s") }
        await #expect(throws: MenuEditError.unknownFruit("kiwi")) {
            try await editor.apply(.changeFruit("kiwi", FruitChange(stock: 1)), session: "s")
        }
        await #expect(throws: MenuEditError.juiceExists("mango-juice", file: "juices.yaml")) {
            try await editor.apply(.addJuice(NewJuice(id: "mango-juice", name: NameChange(korean: "망고", english: "M"), recipe: [])), session: "s")
        }
        for name in ["../evil.yaml", "/etc/x.yaml", ".hidden.yaml", "menu.txt", "a//b.yaml", "a b.yaml", "-x.yaml", "메뉴.yaml"] {
            await #expect(throws: MenuEditError.invalidFile(name)) {
                try await editor.apply(
                    .addJuice(
                        NewJuice(
                            id: "x-juice", name: NameChange(korean: "엑스", english: "X"), recipe: [Ingredient(fruit: "mango", amount: 1)], file: name)),
                    session: "s")
            }
        }
        // A new file goes into a directory that exists.
        await #expect(throws: MenuEditError.noSuchDirectory("nowhere")) {
            try await editor.apply(
                .addJuice(
                    NewJuice(
                        id: "x-juice", name: NameChange(korean: "엑스", english: "X"), recipe: [Ingredient(fruit: "mango", amount: 1)],
                        file: "nowhere/x.yaml")),
                session: "s")
        }
        // The store's one capacity number, in the file that defines the fruit: a capacity of its own is refused.
        try fixture.write("fruits.yaml", MenuFixture.fruits + "store: {capacity: 100}\n")
        try fixture.write("store.yaml", MenuFixture.store.replacingOccurrences(of: "  capacity: 100   # every fruit\n", with: ""))
        await #expect(throws: MenuEditError.capacityShared("mango", file: "fruits.yaml", line: 13)) {
            try await editor.apply(.changeFruit("mango", FruitChange(capacity: 30)), session: "s")
        }
    }

    /// Ids of dots only or over 100 characters, and names over 200, are refused before anything else (a stale
    /// version, an unwritable directory), naming the field; the limits themselves are written.
    @Test func overLongAndDotOnlyValuesAreRefusedUpFrontNamingTheField() async throws {
        let fixture = try MenuFixture()
        let before = try fixture.snapshot()
        let editor = MenuEditor(directory: fixture.path, access: { _ in .notWritable(.builtInSet) })
        let name = NameChange(korean: "점", english: "Dots")
        let long = String(repeating: "k", count: 5_000)
        let refusals: [(MenuChange, MenuEditError)] = [
            (
                .addJuice(NewJuice(id: "..", name: name, recipe: [Ingredient(fruit: "kiwi", amount: 1)])),
                .invalidValue(field: "id", problem: .onlyDots(".."))
            ),
            (.addFruit(NewFruit(id: ".", name: name)), .invalidValue(field: "id", problem: .onlyDots("."))),
            (
                .addJuice(NewJuice(id: JuiceID(long), name: name, recipe: [Ingredient(fruit: "kiwi", amount: 1)])),
                .invalidValue(field: "id", problem: .tooLong(length: 5_000, maximum: 100))
            ),
            (
                .changeJuice("mango-juice", JuiceChange(recipe: [Ingredient(fruit: FruitID(long), amount: 1)])),
                .invalidValue(field: "recipe", problem: .tooLong(length: 5_000, maximum: 100))
            ),
            (
                .changeJuice("mango-juice", JuiceChange(aliases: ["ok", long])),
                .invalidValue(field: "aliases[1]", problem: .tooLong(length: 5_000, maximum: 200))
            ),
            (
                .changeFruit("mango", FruitChange(name: NameChange(english: long))),
                .invalidValue(field: "name.en", problem: .tooLong(length: 5_000, maximum: 200))
            ),
            (.changeFruit("mango", FruitChange(emoji: long)), .invalidValue(field: "emoji", problem: .tooLong(length: 5_000, maximum: 200))),
        ]
        for (change, error) in refusals {
            await #expect(throws: error) { try await editor.apply(change, ifMatch: ["stale"], session: "s") }
        }
        #expect(try fixture.snapshot() == before)
        let writable = MenuEditor(directory: fixture.path)
        let id = String(repeating: "m", count: 100)
        _ = try await writable.apply(
            .addJuice(
                NewJuice(
                    id: JuiceID(id), name: NameChange(english: String(repeating: "M", count: 200)), recipe: [Ingredient(fruit: "mango", amount: 1)])),
            session: "s")
        #expect(try await writable.menu().juices.contains { $0.id == JuiceID(id) })
    }

    @Test func aValueWrittenWithEscapesIsLeftForAPersonAndItsNeighboursStillChange() async throws {
        let fixture = try MenuFixture()
        try fixture.write("juices.yaml", MenuFixture.juices.replacingOccurrences(of: "en: Strawberry Juice", with: #"en: "Strawberry\x20Juice""#))
        let editor = MenuEditor(directory: fixture.path)
        #expect(try await editor.menu().juices.first?.name.english == "Strawberry Juice")
        let before = try fixture.snapshot()
        await #expect(throws: MenuEditError.notEditableInPlace(field: "en", file: "juices.yaml", line: 6)) {
            try await editor.apply(.changeJuice("strawberry-juice", JuiceChange(name: NameChange(english: "Berry Juice"))), session: "s")
        }
        #expect(try fixture.snapshot() == before)
        let outcome = try await editor.apply(.changeJuice("strawberry-juice", JuiceChange(name: NameChange(korean: "베리쥬스"))), session: "s")
        #expect(outcome.record?.diff.contains(#"+    name: {ko: 베리쥬스, en: "Strawberry\x20Juice"}"#) == true)
    }

    @Test func undoRestoresTheFilesByteForByteWhileTheyAreUnchangedSince() async throws {
        let fixture = try MenuFixture()
        let editor = MenuEditor(directory: fixture.path)
        let original = try fixture.snapshot()
        _ = try await editor.apply(.changeJuice("mango-juice", JuiceChange(price: 4200)), session: "a")
        let afterFirst = try fixture.snapshot()
        _ = try await editor.apply(
            .addJuice(
                NewJuice(
                    id: "summer-juice", name: NameChange(korean: "여름", english: "Summer"), recipe: [Ingredient(fruit: "mango", amount: 1)],
                    file: "summer.yaml")),
            session: "b")
        let undo = try await editor.undo(session: "c")
        #expect(undo.record?.undoes == 2)
        #expect(try fixture.snapshot() == afterFirst)
        _ = try await editor.undo(session: "c")
        #expect(try fixture.snapshot() == original)
        await #expect(throws: MenuEditError.nothingToUndo) { try await editor.undo(session: "c") }
        let edits = await editor.edits()
        #expect(edits.map(\.id) == [4, 3, 2, 1])
        #expect(edits.map(\.undoneBy) == [nil, nil, 3, 4])
        #expect(edits.map(\.session) == ["c", "c", "b", "a"])

        // A hand edit after a menu edit: that edit is no longer undone (it would lose the hand edit).
        _ = try await editor.apply(.changeJuice("mango-juice", JuiceChange(price: 4300)), session: "a")
        try fixture.write("juices.yaml", try fixture.text("juices.yaml") + "# a note\n")
        let handEdited = try fixture.snapshot()
        await #expect(throws: MenuEditError.undoBlocked(file: "juices.yaml")) { try await editor.undo(session: "c") }
        #expect(try fixture.snapshot() == handEdited)
    }

    @Test func theRecordIsKeptInItsFileAndAnotherEditorUndoesFromIt() async throws {
        let fixture = try MenuFixture()
        // In a directory not made yet (the state's, before the shop's first change).
        let log = try TestDirectories.make("juice-menu-log").appendingPathComponent(".juice/menu-edits.jsonl").path
        let original = try fixture.snapshot()
        _ = try await MenuEditor(directory: fixture.path, logFile: log).apply(.changeJuice("mango-juice", JuiceChange(price: 100)), session: "first")
        let restarted = MenuEditor(directory: fixture.path, logFile: log)
        #expect(await restarted.logFile == log)
        let edits = await restarted.edits()
        #expect(edits.count == 1)
        #expect(edits.first?.session == "first")
        #expect(edits.first?.diff.contains("+  mango-juice: {name: {ko: 망고쥬스, en: Mango Juice}, price: 100, recipe: {mango: 2}}") == true)
        _ = try await restarted.undo(session: "second")
        #expect(try fixture.snapshot() == original)
        #expect(await MenuEditor(directory: fixture.path, logFile: log).edits().map(\.undoneBy) == [nil, 2])
    }

    @Test func anUnwritableDirectoryIsReportedAndNothingIsTried() async throws {
        let fixture = try MenuFixture()
        let readOnly = MenuEditor(directory: fixture.path, access: { .notWritable(.readOnlyMount($0 ?? "")) })
        let menu = try await readOnly.menu()
        #expect(menu.access == .notWritable(.readOnlyMount(fixture.path)))
        #expect(!menu.juices.isEmpty)
        await #expect(throws: MenuEditError.notWritable(.readOnlyMount(fixture.path))) {
            try await readOnly.apply(.changeJuice("mango-juice", JuiceChange(price: 1)), session: "s")
        }
        #expect(RecipeDirectoryAccess.check(nil) == .notWritable(.builtInSet))
        #expect(
            RecipeDirectoryAccess.check(fixture.directory.appendingPathComponent("juices.yaml").path)
                == .notWritable(.notADirectory(fixture.directory.appendingPathComponent("juices.yaml").path)))
        #expect(RecipeDirectoryAccess.check(fixture.path) == .writable)
        if case .notWritable(let problem) = RecipeDirectoryAccess.check(fixture.path + "/missing") {
            #expect(problem.kind == "directory-unreadable")
            #expect(problem.message(in: .korean).contains("볼 수 없어요"))
        } else {
            Issue.record("a missing directory is writable")
        }
        // The built-in set: a menu to look at, nothing to write.
        let builtIn = MenuEditor(directory: nil)
        #expect(try await builtIn.menu().access == .notWritable(.builtInSet))
        #expect(try await builtIn.menu().juices.count == 7)
    }

    @Test func anInvalidValueSaysTheFieldTheLimitAndWhatToDo() {
        let long = MenuEditError.invalidValue(field: "name.ko", problem: .tooLong(length: 5_000, maximum: 200))
        #expect(long.message(in: .english) == "'name.ko' is 5000 characters long; it may have at most 200: shorten it and send it again")
        #expect(long.message(in: .korean) == "'name.ko'이(가) 5000자예요. 200자까지 쓸 수 있으니 줄여서 다시 보내 주세요")
        let dots = MenuEditError.invalidValue(field: "id", problem: .onlyDots(".."))
        #expect(dots.message(in: .english) == "'id' is '..', only dots, which a URL cannot name; use an id with a letter or a digit")
        #expect(dots.kind == "invalid-menu-value")
    }

    @Test func everyErrorHasAKindAndAMessageInBothLanguages() {
        let errors: [MenuEditError] = [
            .unknownJuice("x"), .unknownFruit("x"), .juiceExists("x", file: "a.yaml"), .fruitExists("x", file: "a.yaml"), .invalidFile("x"),
            .notEditableInPlace(field: "price", file: "a.yaml", line: 3), .capacityShared("kiwi", file: "a.yaml", line: 2), .refused([]),
            .stale(current: "abc"), .changedOnDisk(file: "a.yaml", current: "abc"), .notWritable(.builtInSet), .notWritable(.readOnlyMount("/r")),
            .notWritable(.permissionDenied("/r")), .notWritable(.notADirectory("/r")),
            .notWritable(.unreadable("/r", reason: SystemReason(code: 2))), .writeFailed(file: "a.yaml", reason: SystemReason(code: 28)),
            .unreadable(.notFound("/r")), .nothingToUndo, .undoBlocked(file: "a.yaml"), .invalidValue(field: "id", problem: .onlyDots("..")),
            .invalidValue(field: "aliases[0]", problem: .tooLong(length: 201, maximum: 200)),
        ]
        for error in errors {
            #expect(error.kind.allSatisfy { $0.isLowercase || $0 == "-" })
            let korean = error.message(in: .korean)
            let english = error.message(in: .english)
            #expect(!korean.isEmpty && !english.isEmpty && korean != english, "\(error)")
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(error)")
        }
    }
}
