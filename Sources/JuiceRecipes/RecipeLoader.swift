import JuiceCore

/// The outcome of loading a recipe set: the book and every diagnostic, sorted by location.
public struct RecipeLoadResult: Sendable {
    /// The recipe book, built from everything that could be read (use it only when `hasErrors` is false).
    public var book: RecipeBook
    /// Every problem found, sorted by file, line and column.
    public var diagnostics: [Diagnostic]
    /// The files read, in load order.
    public var sources: [RecipeSourceFile]
    /// How many files were read in two halves at once (see `RecipeFileHalves`).
    package var filesReadInHalves = 0

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
    /// When a file is read in two halves at once (see `RecipeFileHalves`); results are the same either way.
    package var halving = Halving.whenWorthwhile

    /// When a file is read in two halves at once.
    package enum Halving: Sendable {
        /// A file of 512 KiB or more, on a machine with a second processor.
        case whenWorthwhile
        /// Every file in which a cut is found (for tests).
        case always
        /// No file.
        case never

        func applies(toSize size: Int) -> Bool {
            switch self {
            case .whenWorthwhile: return RecipeFileHalves.isWorthwhile(size: size)
            case .always: return true
            case .never: return false
            }
        }
    }

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
        var halved = 0
        let parser = YAMLParser(limits: limits)
        let sourceFiles = SourceFiles(names: files.map(\.name))
        for (index, file) in files.enumerated() {
            if let size = file.oversizedBy {
                let error = YAMLError.fileTooLarge(bytes: size, limit: limits.maxFileBytes, at: SourceLocation(file: file.name, line: 1, column: 1))
                diagnostics.append(Diagnostic(error))
                continue
            }
            if halving.applies(toSize: file.bytes.count), let halves = RecipeFileHalves.read(file, index: index, parser: parser) {
                contents.append(halves)
                halved += 1
                continue
            }
            // Each fruit and juice is read as soon as it is parsed; its nodes are dropped right after.
            var reader = RecipeFileReader(file: file.name, fileIndex: index, bytes: file.bytes)
            let parsed = parser.parse(file.bytes, file: file.name, visitor: &reader)
            diagnostics += parsed.errors.map(Diagnostic.init)
            // Without a document, parsing stopped at a fatal problem: what the reader saw is incomplete, so it is dropped.
            guard let document = parsed.document else { continue }
            reader.finish(document)
            diagnostics += reader.diagnostics
            contents.append(reader.contents)
        }
        var validator = RecipeValidator(files: sourceFiles)
        let book = validator.validate(&contents)
        diagnostics += validator.diagnostics
        diagnostics.sort()
        return RecipeLoadResult(book: book, diagnostics: diagnostics, sources: files, filesReadInHalves: halved)
    }
}
