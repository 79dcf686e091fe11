import JuiceCore
import JuiceRecipeText
import JuiceRecipes

extension RecipeWorkspace {
    /// The id a rename at byte `offset` of `file` would change, and its span there.
    package func renameTarget(in file: String, at offset: Int) throws(RenameRefusal) -> (span: TextSpan, id: String) {
        guard let outline = outline(of: file), let occurrence = outline.occurrence(at: offset), occurrence.key.isExact else {
            throw .nothingToRename
        }
        return (outline.textSpan(occurrence.key.inner), occurrence.id)
    }

    /// The edits renaming the id at byte `offset` of `file` to `newID` in every file; refused when the new id is
    /// invalid or would collide (the edited set would not lint clean of new problems).
    package func rename(in file: String, at offset: Int, to newID: String) throws(RenameRefusal) -> [TextEdit] {
        guard let outline = outline(of: file), let occurrence = outline.occurrence(at: offset), occurrence.key.isExact else {
            throw .nothingToRename
        }
        guard newID != occurrence.id else { return [] }
        let allowed = newID.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_" || scalar == "."
        }
        guard !newID.isEmpty, allowed else { throw .invalidID(newID) }
        if let other = collision(of: newID, renaming: occurrence) { throw .collides(newID, with: other) }
        let edits = occurrences(like: occurrence).filter(\.occurrence.key.isExact).map {
            TextEdit($0.outline.textSpan($0.occurrence.key.inner), with: newID)
        }
        // The renamed set may have no problem this one does not (an id YAML reads as a number, say).
        let after = RecipeWorkspace(files: applying(edits), rules: rules, language: language)
        if let problem = newProblems(in: after).first {
            if problem.rule == .invalidID { throw .invalidID(newID) }
            throw .wouldBreak(newID, problem: problem.message(in: language))
        }
        return edits
    }

    /// The fruit or juice (or name) `newID` would collide with under the name rule, other than the one renamed.
    private func collision(of newID: String, renaming occurrence: Occurrence) -> String? {
        let key = NameKey(newID)
        let book = result.book
        switch occurrence.kind {
        case .fruit:
            for fruit in book.fruits where fruit.id.rawValue != occurrence.id {
                if NameKey(fruit.id.rawValue) == key || fruit.name.all.contains(where: { NameKey($0) == key }) { return fruit.id.rawValue }
            }
        case .juice:
            for juice in book.juices where juice.id.rawValue != occurrence.id {
                let names = [juice.id.rawValue] + juice.name.all + juice.aliases
                if names.contains(where: { NameKey($0) == key }) { return juice.id.rawValue }
            }
        }
        return nil
    }

    /// The diagnostics of `after` (errors and warnings) beyond the ones this workspace has, counted by file and rule.
    func newProblems(in after: RecipeWorkspace) -> [Diagnostic] {
        var before: [String: Int] = [:]
        for diagnostic in result.diagnostics { before[Self.identity(of: diagnostic), default: 0] += 1 }
        return after.result.diagnostics.filter { diagnostic in
            let identity = Self.identity(of: diagnostic)
            guard let count = before[identity], count > 0 else { return true }
            before[identity] = count - 1
            return false
        }
    }

    /// What a rename may not add to: the number of each rule's diagnostics in each file (a rename changes the ids
    /// messages name, never how many problems there are, unless it causes one).
    static func identity(of diagnostic: Diagnostic) -> String {
        "\(diagnostic.location.file)\u{0}\(diagnostic.rule.rawValue)"
    }

    /// The files of the set with `edits` applied (edits of one file must not overlap).
    package func applying(_ edits: [TextEdit]) -> [RecipeSourceFile] {
        Self.applying(edits, to: files)
    }

    /// `files` with `edits` applied.
    static func applying(_ edits: [TextEdit], to files: [RecipeSourceFile]) -> [RecipeSourceFile] {
        TextEdit.applying(edits, to: files)
    }
}
