import Foundation
import JuiceRecipes
import JuiceTestSupport

/// A recipe directory written the ways people write YAML: comments on every kind of line, flow and block mappings and
/// sequences, plain, single- and double-quoted values, Hangul and emoji.
struct MenuFixture {
    static let fruits = """
        # 과일들 (fruits): a comment on every kind of line
        version: 1
        fruits:
          strawberry:
            name: {ko: 딸기, en: Strawberry}   # a flow name
            emoji: 🍓
          banana:
            name:
              ko: "바나나"        # double-quoted Hangul
              en: 'Banana'        # single-quoted
            emoji: "🍌"
          mango: {name: {ko: 망고, en: Mango}, emoji: 🥭}   # a flow entry

        """

    static let juices = """
        # 메뉴 (the menu)
        version: 1
        juices:
          # 딸기쥬스: the shop's favourite
          strawberry-juice:
            name: {ko: 딸기쥬스, en: Strawberry Juice}
            aliases: [딸기주스, "딸기 주스"]
            price: 3000   # 원
            recipe: {strawberry: 3}
          mango-juice: {name: {ko: 망고쥬스, en: Mango Juice}, price: 4000, recipe: {mango: 2}}
          banana-juice:
            name:
              ko: 바나나쥬스
              en: "Banana Juice"
            aliases:
              - 바나나주스
              - 'banana drink'
            recipe:
              banana: 2   # two bananas
              strawberry: 1
        # the end

        """

    static let store = """
        version: 1
        store:
          capacity: 100   # every fruit
          stock:
            strawberry: 20
            banana: 10    # 바나나
            mango: 5

        """

    /// The files by name.
    static let files: [String: String] = ["fruits.yaml": fruits, "juices.yaml": juices, "store.yaml": store]

    let directory: URL

    /// The fixture written into a fresh temporary directory.
    init() throws {
        directory = try TestDirectories.make("juice-menu-edit")
        for (name, text) in Self.files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    }

    var path: String { directory.path }

    /// Every file of the directory (recursively, hidden ones too) with its bytes.
    func snapshot() throws -> [String: [UInt8]] { try Self.snapshot(of: directory) }

    /// Every file of `directory` (recursively, hidden ones too) with its bytes, by path relative to it.
    static func snapshot(of directory: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(directory.path.count + 1))] = Array(try Data(contentsOf: url))
        }
        return files
    }

    /// The text of `name`.
    func text(_ name: String) throws -> String { try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) }

    /// Writes `text` to `name` as an editor would.
    func write(_ name: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// The errors `juice lint` finds in the directory now.
    func lintErrors() throws -> [Diagnostic] {
        let rules = try RuleConfiguration.load(forLinting: [path])
        let result = rules.configuration.applied(to: try RecipeLoader().load(paths: [path]))
        return result.diagnostics.filter { $0.severity == .error }
    }
}
