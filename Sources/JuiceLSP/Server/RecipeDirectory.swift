#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JuiceRecipes

/// The recipe directory the server checks: its files as last read from disk, and the set the editor sees, the open
/// documents' texts over them. The files are read again only on save and on watched-file changes, never on typing.
struct RecipeDirectory: Sendable {
    /// The directory, absolute.
    let root: String
    /// The recipe files on disk, in load order (sorted by path), as `juice lint` reads them.
    private(set) var diskFiles: [RecipeSourceFile] = []
    private var diskNames: Set<String> = []
    /// `.juicelint.yaml` as on disk.
    private(set) var diskRules = LoadedRuleConfiguration()

    /// The directory `root` (absolute), not yet read.
    init(root: String) {
        self.root = root
    }

    /// The path of the directory's rule configuration.
    var configurationPath: String { prefix + RuleConfiguration.fileName }

    private var prefix: String { root.hasSuffix("/") ? root : root + "/" }

    /// Reads the recipe files and the rule configuration from disk again; a directory that cannot be read is logged
    /// and counts as empty.
    mutating func readDisk(log: ServerLog) {
        do {
            diskFiles = try RecipeSet.readFiles(at: [root])
        } catch .noRecipeFiles {
            diskFiles = []
        } catch {
            log("\(error.description)")
            diskFiles = []
        }
        diskNames = Set(diskFiles.map(\.name))
        do {
            diskRules = try RuleConfiguration.load(forLinting: [root])
        } catch {
            log("\(error.description)")
            diskRules = LoadedRuleConfiguration()
        }
    }

    /// Whether `path` would be one of the set's recipe files: a `.yaml` or `.yml` file under the directory, with no
    /// hidden directory or file on the way (the loader skips those).
    func isRecipeFile(_ path: String) -> Bool {
        guard path.hasPrefix(prefix), path.hasSuffix(".yaml") || path.hasSuffix(".yml") else { return false }
        return !path.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Whether `path` belongs to the set as the editor sees it: a recipe file or the rule configuration.
    func contains(_ path: String) -> Bool {
        isRecipeFile(path) || path == configurationPath
    }

    /// The files of the set: those on disk with the open documents' texts instead, and open recipe documents not yet
    /// on disk, in load order.
    func files(with documents: DocumentStore) -> [RecipeSourceFile] {
        var files = diskFiles.map { file in documents[file.name].map { RecipeSourceFile(name: file.name, bytes: $0.bytes) } ?? file }
        var added = false
        for (path, document) in documents.byPath where !diskNames.contains(path) && isRecipeFile(path) {
            files.append(RecipeSourceFile(name: path, bytes: document.bytes))
            added = true
        }
        if added { files.sort { $0.name < $1.name } }
        return files
    }

    /// The rule configuration: the open document's text when `.juicelint.yaml` is open, else the disk's.
    func rules(with documents: DocumentStore) -> LoadedRuleConfiguration {
        guard let document = documents[configurationPath] else { return diskRules }
        let file = RecipeSourceFile(name: configurationPath, bytes: document.bytes)
        let (configuration, problems) = RuleConfiguration.parse(file)
        var loaded = LoadedRuleConfiguration()
        loaded.configuration = configuration
        loaded.files = [file]
        loaded.diagnostics = problems
        return loaded
    }

    /// The recipe directory for a client: `configured` (`--recipes`, made absolute), else the first workspace folder,
    /// `rootUri` or `rootPath`, or its `recipes/` subdirectory when it has one (the repository's root opened).
    static func root(configured: String?, initialize params: InitializeParams) -> String? {
        if let configured { return absolute(configured) }
        let folder =
            params.workspaceFolders?.lazy.compactMap { DocumentURI.path(of: $0.uri) }.first
            ?? params.rootUri.flatMap(DocumentURI.path(of:))
            ?? params.rootPath.flatMap { $0.hasPrefix("/") ? DocumentURI.normalized($0) : nil }
        guard let folder else { return nil }
        let recipes = (folder.hasSuffix("/") ? folder : folder + "/") + RecipeSet.defaultDirectory
        return RecipeSet.isDirectory(recipes) ? recipes : folder
    }

    /// `path` made absolute against the working directory, normalized.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return DocumentURI.normalized(path) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return DocumentURI.normalized("/" + path) }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return DocumentURI.normalized(directory + "/" + path)
    }
}
