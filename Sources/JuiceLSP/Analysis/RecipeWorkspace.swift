import JuiceCore
import JuiceRecipes
import JuiceYAML

/// A recipe set as an editor sees it: every file's current text (the editor's for open files, the disk's for the
/// others), checked exactly as `juice lint` checks it, with what the files define and where.
///
/// A value: the server builds a new one from the texts after every change (a whole 1,000-juice set re-checks in a few
/// milliseconds), so every answer comes from one consistent set.
public struct RecipeWorkspace: Sendable {
    /// The files of the set, in load order.
    public let files: [RecipeSourceFile]
    /// The rule configuration (`.juicelint.yaml`) with its own file and problems.
    public let rules: LoadedRuleConfiguration
    /// The language of messages, hover text and fix titles.
    public let language: Language
    /// The set as loaded, with the configuration applied to its diagnostics.
    public let result: RecipeLoadResult
    /// Every diagnostic by file name: every file of the set and the configuration file has an entry, empty when clean.
    public let diagnosticsByFile: [String: [Diagnostic]]

    /// Checks `files` as `juice lint` checks a directory holding them with `rules`.
    public init(files: [RecipeSourceFile], rules: LoadedRuleConfiguration = LoadedRuleConfiguration(), language: Language = .english) {
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
    }

    /// The line index of the file named `file` (a file of the set or the configuration file).
    public func lineIndex(of file: String) -> LineIndex? {
        (files + rules.files).first { $0.name == file }.map { LineIndex($0.bytes) }
    }

    /// What hovering at byte `offset` of `file` shows: a juice's names, recipe, price and how many can be made (from
    /// `liveStock` when given, else the store's initial stock) with the limiting fruit; a fruit's names, stock,
    /// capacity and the juices that use it.
    public func hover(in file: String, at offset: Int, liveStock: [FruitID: Int]? = nil) -> HoverAnswer? {
        nil
    }

    /// What can be typed at byte `offset` of `file`: fruit ids in a recipe or the store section, juice ids where a
    /// juice is named, keys where the format allows them.
    public func completions(in file: String, at offset: Int, liveStock: [FruitID: Int]? = nil) -> [CompletionCandidate] {
        []
    }

    /// Where the fruit or juice id at byte `offset` of `file` is defined.
    public func definitions(in file: String, at offset: Int) -> [TextSpan] {
        []
    }

    /// Every use of the fruit or juice id at byte `offset` of `file`, its definition first when asked.
    public func references(in file: String, at offset: Int, includingDefinition: Bool) -> [TextSpan] {
        []
    }

    /// The id a rename at byte `offset` of `file` would change, and its span there.
    public func renameTarget(in file: String, at offset: Int) throws(RenameRefusal) -> (span: TextSpan, id: String) {
        throw .nothingToRename
    }

    /// The edits renaming the id at byte `offset` of `file` to `newID` in every file; refused when the new id is
    /// invalid or would collide (the edited set would not lint clean of new problems).
    public func rename(in file: String, at offset: Int, to newID: String) throws(RenameRefusal) -> [TextEdit] {
        throw .nothingToRename
    }

    /// The fixes `diagnostic` (one of this workspace's) suggests, as edits that make it go away.
    public func quickFixes(for diagnostic: Diagnostic) -> [QuickFix] {
        []
    }
}
