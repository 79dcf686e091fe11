import JuiceRecipes

/// A range of bytes in one file of a recipe set (offsets into its UTF-8, `end` exclusive).
package struct TextSpan: Hashable, Sendable {
    /// The file's name, as the recipe set names it (a path).
    package var file: String
    /// The first byte.
    package var start: Int
    /// One past the last byte.
    package var end: Int

    /// The span of `file` from `start` up to `end`.
    package init(file: String, start: Int, end: Int) {
        self.file = file
        self.start = start
        self.end = end
    }
}

/// One change of a file's text: the bytes of `span` replaced by `newText`.
package struct TextEdit: Hashable, Sendable {
    /// The bytes replaced (an empty span inserts).
    package var span: TextSpan
    /// What replaces them.
    package var newText: String

    /// An edit replacing `span` with `newText`.
    package init(_ span: TextSpan, with newText: String) {
        self.span = span
        self.newText = newText
    }
}

extension TextEdit {
    /// `files` with `edits` applied: each file's edits from the last byte to the first, so that offsets stay those of
    /// the text the edits were made for (insertions at one offset keep the order they are given in); files no edit
    /// names are returned as they are.
    package static func applying(_ edits: [TextEdit], to files: [RecipeSourceFile]) -> [RecipeSourceFile] {
        let byFile = Dictionary(grouping: edits, by: \.span.file)
        return files.map { file in
            guard let fileEdits = byFile[file.name] else { return file }
            var bytes = file.bytes
            let ordered = fileEdits.enumerated().sorted { ($0.element.span.start, $0.offset) > ($1.element.span.start, $1.offset) }
            for edit in ordered.map(\.element) {
                let start = min(max(0, edit.span.start), bytes.count)
                let end = min(max(start, edit.span.end), bytes.count)
                bytes.replaceSubrange(start..<end, with: Array(edit.newText.utf8))
            }
            return RecipeSourceFile(name: file.name, bytes: bytes)
        }
    }
}
