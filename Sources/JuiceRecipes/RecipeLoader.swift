import JuiceCore
import JuiceYAML

/// The outcome of loading a recipe set: the book and every diagnostic, sorted by location.
public struct RecipeLoadResult: Sendable {
    /// The recipe book, built from everything that could be read (use it only when `hasErrors` is false).
    public var book: RecipeBook
    /// Every problem found, sorted by file, line and column.
    public var diagnostics: [Diagnostic]
    /// The files read, in load order.
    public var sources: [RecipeSourceFile]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// The number of errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// The number of warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}

/// Loads recipe sets: from directories and files on disk, or from text in memory.
public struct RecipeLoader: Sendable {
    /// The YAML limits every file is held to.
    public var limits: YAMLLimits

    /// Creates a loader holding files to `limits`.
    public init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Loads every recipe file at `paths` (files, or directories searched recursively).
    public func load(paths: [String]) throws(RecipeSourceError) -> RecipeLoadResult {
        load(files: try RecipeFileCollector.read(paths: paths, maxBytes: limits.maxFileBytes))
    }

    /// Loads the recipe set in the directory at `path`.
    public func load(directory path: String) throws(RecipeSourceError) -> RecipeLoadResult {
        try load(paths: [path])
    }

    /// Loads one in-memory file named `name` (handy in tests).
    public func load(text: String, name: String = "recipes.yaml") -> RecipeLoadResult {
        load(files: [RecipeSourceFile(name: name, text: text)])
    }

    /// Loads in-memory files as one recipe set, in the order given.
    public func load(files: [RecipeSourceFile]) -> RecipeLoadResult {
        var diagnostics: [Diagnostic] = []
        var contents: [FileContents] = []
        var unreadKeys: Set<String> = []
        let parser = YAMLParser(limits: limits)
        for file in files {
            if let size = file.oversizedBy {
                let error = YAMLError.fileTooLarge(bytes: size, limit: limits.maxFileBytes, at: SourceLocation(file: file.name, line: 1, column: 1))
                diagnostics.append(Diagnostic(error))
                continue
            }
            // The tree is let go as soon as the file is read into drafts.
            let parsed = parser.parse(file.bytes, file: file.name)
            diagnostics += parsed.errors.map(Diagnostic.init)
            guard let document = parsed.document else {
                // Parsing stopped at a fatal problem: what the file defines is unknown, so what other files say
                // about the names it holds is not reported (its own problem is).
                unreadKeys.formUnion(Self.keys(in: file.bytes))
                continue
            }
            let reader = RecipeFileReader(document)
            diagnostics += reader.diagnostics
            contents.append(reader.contents)
        }
        var validator = RecipeValidator(unreadKeys: unreadKeys)
        let book = validator.validate(contents)
        diagnostics += validator.diagnostics
        diagnostics.sort()
        return RecipeLoadResult(book: book, diagnostics: diagnostics, sources: files)
    }

    /// Every text that looks like a mapping key in `bytes` (a run of characters other than spaces and YAML's
    /// punctuation, right before a colon), quotes taken off: what a file that could not be parsed may define.
    static func keys(in bytes: [UInt8]) -> Set<String> {
        var keys: Set<String> = []
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: ":"):
                if let first = start { keys.insert(String(decoding: bytes[first..<index], as: UTF8.self)) }
                start = nil
            case 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: ","), UInt8(ascii: "#"):
                start = nil
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // A closing quote right before the colon ends a quoted key; an opening one starts it.
                if let first = start, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":") {
                    keys.insert(String(decoding: bytes[first..<index], as: UTF8.self))
                    start = nil
                } else {
                    start = index + 1
                }
            default:
                if start == nil { start = index }
            }
        }
        return keys
    }
}
