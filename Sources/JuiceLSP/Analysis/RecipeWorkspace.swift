import JuiceCore
import JuiceRecipeText
import JuiceRecipes
import JuiceYAML

/// A recipe set as an editor sees it: every file's current text (the editor's for open files, the disk's for the
/// others), checked exactly as `juice lint` checks it, with what the files define and where.
///
/// A value: the server builds a new one from the texts after every change (a whole 1,000-juice set re-checks in a few
/// milliseconds), so every answer comes from one consistent set.
package struct RecipeWorkspace: Sendable {
    /// The files of the set, in load order.
    package let files: [RecipeSourceFile]
    /// The rule configuration (`.juicelint.yaml`) with its own file and problems.
    package let rules: LoadedRuleConfiguration
    /// The language of messages, hover text and fix titles.
    package let language: Language
    /// The set as loaded, with the configuration applied to its diagnostics.
    package let result: RecipeLoadResult
    /// Every diagnostic by file name: every file of the set and the configuration file has an entry, empty when clean.
    package let diagnosticsByFile: [String: [Diagnostic]]
    /// The line index of every file, by name.
    private let lineIndexes: [String: LineIndex]
    /// The outline of each file, read when first asked for.
    private let outlineCache = OutlineCache()

    /// Checks `files` as `juice lint` checks a directory holding them with `rules`.
    package init(files: [RecipeSourceFile], rules: LoadedRuleConfiguration = LoadedRuleConfiguration(), language: Language = .english) {
        self.files = files
        self.rules = rules
        self.language = language
        var result = rules.configuration.applied(to: RecipeLoader().load(files: files))
        result.diagnostics = (result.diagnostics + rules.diagnostics).sorted()
        self.result = result
        var byFile: [String: [Diagnostic]] = [:]
        for file in files + rules.files { byFile[file.name] = [] }
        for diagnostic in result.diagnostics { byFile[diagnostic.location.file, default: []].append(diagnostic) }
        diagnosticsByFile = byFile
        var indexes: [String: LineIndex] = [:]
        for file in files + rules.files { indexes[file.name] = LineIndex(file.bytes) }
        lineIndexes = indexes
    }

    /// The line index of the file named `file` (a file of the set or the configuration file).
    package func lineIndex(of file: String) -> LineIndex? { lineIndexes[file] }

    /// The file of the set (or the configuration file) named `name`.
    func source(named name: String) -> RecipeSourceFile? {
        files.first { $0.name == name } ?? rules.files.first { $0.name == name }
    }

    /// The outline of every file of the set, in load order.
    var outlines: [RecipeOutline] { files.map(outlineCache.outline(of:)) }

    /// The outline of the file named `name`, if it is one of the set.
    func outline(of name: String) -> RecipeOutline? {
        files.first { $0.name == name }.map(outlineCache.outline(of:))
    }

    /// Every occurrence of the id `occurrence` names, in every file, definitions first.
    func occurrences(like occurrence: Occurrence) -> [(outline: RecipeOutline, occurrence: Occurrence)] {
        var found: [(RecipeOutline, Occurrence)] = []
        for outline in outlines {
            for other in outline.occurrences where other.kind == occurrence.kind && other.id == occurrence.id {
                found.append((outline, other))
            }
        }
        return found.filter { $0.1.role == .definition } + found.filter { $0.1.role != .definition }
    }

    /// Where the fruit or juice id at byte `offset` of `file` is defined.
    package func definitions(in file: String, at offset: Int) -> [TextSpan] {
        guard let occurrence = outline(of: file)?.occurrence(at: offset) else { return [] }
        return occurrences(like: occurrence).filter { $0.occurrence.role == .definition }.map {
            $0.outline.textSpan($0.occurrence.key.inner)
        }
    }

    /// Every use of the fruit or juice id at byte `offset` of `file`, its definition first when asked.
    package func references(in file: String, at offset: Int, includingDefinition: Bool) -> [TextSpan] {
        guard let occurrence = outline(of: file)?.occurrence(at: offset) else { return [] }
        return occurrences(like: occurrence).filter { includingDefinition || $0.occurrence.role != .definition }.map {
            $0.outline.textSpan($0.occurrence.key.inner)
        }
    }
}
