/// Inserting and deleting mapping entries as text, keeping everything else byte for byte (quick fixes, menu edits).
package enum MappingEntryEdits {
    /// `entry` (`key: value`) added to the mapping `site` as its first entry (block) or last (flow).
    package static func insertion(of entry: String, into site: MappingSite, file: String, index: LineIndex) -> TextEdit? {
        let bytes = index.bytes
        if site.isFlow {
            guard let closing = site.closingBrace else { return nil }
            if site.isEmpty { return TextEdit(TextSpan(file: file, start: closing, end: closing), with: entry) }
            var last = closing
            while last > site.opening, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x0A || bytes[last - 1] == 0x0D { last -= 1 }
            return TextEdit(TextSpan(file: file, start: last, end: last), with: ", " + entry)
        }
        guard let line = site.firstKeyLine, let column = site.keyColumn else { return nil }
        let lineStart = index.byteRange(ofLine: line - 1).lowerBound
        let indentation = String(repeating: " ", count: column - 1)
        return TextEdit(TextSpan(file: file, start: lineStart, end: lineStart), with: indentation + entry + "\n")
    }

    /// The deletion of the mapping entry (or sequence item) whose key starts at 1-based `line` and `column`: its lines
    /// in block style (and, for the only entry of its mapping, `{}` after the key above, so the mapping stays one), the
    /// entry and one separator in flow style.
    package static func deletion(ofEntryAt line: Int, column: Int, in index: LineIndex, file: String) -> [TextEdit] {
        guard let edit = entryDeletion(ofEntryAt: line, column: column, in: index, file: file) else { return [] }
        let bytes = index.bytes
        let keyStart = index.byteOffset(line: line, scalarColumn: column)
        let lineRange = index.byteRange(ofLine: line - 1)
        let indentation = keyStart - lineRange.lowerBound
        guard edit.newText.isEmpty, edit.span.start == lineRange.lowerBound, indentation > 0 else { return [edit] }
        // A sibling before or after (a line as indented as the entry within its mapping) keeps the mapping.
        func indent(of line: Int) -> Int? {
            let text = bytes[index.byteRange(ofLine: line)]
            let spaces = text.prefix { $0 == 0x20 }.count
            guard spaces < text.count, text[text.startIndex + spaces] != UInt8(ascii: "#") else { return nil }
            return spaces
        }
        var parent: Int?
        var above = line - 2
        while above >= 0 {
            if let spaces = indent(of: above) {
                if spaces == indentation { return [edit] }
                if spaces < indentation {
                    parent = above
                    break
                }
            }
            above -= 1
        }
        var below = index.line(ofByteOffset: edit.span.end)
        if edit.span.end == bytes.count { below = index.lineCount }
        while below < index.lineCount {
            if let spaces = indent(of: below) {
                if spaces == indentation { return [edit] }
                if spaces < indentation { break }
            }
            below += 1
        }
        guard let parent else { return [edit] }
        let parentText = index.byteRange(ofLine: parent)
        guard let colon = bytes[parentText].lastIndex(of: UInt8(ascii: ":")), bytes[(colon + 1)..<parentText.upperBound].allSatisfy({ $0 == 0x20 })
        else { return [edit] }
        return [TextEdit(TextSpan(file: file, start: colon + 1, end: colon + 1), with: " {}"), edit]
    }

    /// The deletion of one entry's text (see `deletion(ofEntryAt:column:in:file:)`).
    package static func entryDeletion(ofEntryAt line: Int, column: Int, in index: LineIndex, file: String) -> TextEdit? {
        let bytes = index.bytes
        let keyStart = index.byteOffset(line: line, scalarColumn: column)
        let lineRange = index.byteRange(ofLine: line - 1)
        let lead = bytes[lineRange.lowerBound..<keyStart]
        let isBlock = lead.allSatisfy { $0 == 0x20 || $0 == UInt8(ascii: "-") }
        if isBlock {
            let indentation = lead.count
            var last = line - 1
            var next = line
            while next < index.lineCount {
                let range = index.byteRange(ofLine: next)
                let text = bytes[range]
                let spaces = text.prefix { $0 == 0x20 }.count
                let blank = text.count == spaces || text[text.startIndex + spaces] == UInt8(ascii: "#")
                if !blank {
                    guard spaces > indentation else { break }
                    last = next
                }
                next += 1
            }
            let end = last + 1 < index.lineCount ? index.byteRange(ofLine: last + 1).lowerBound : bytes.count
            return TextEdit(TextSpan(file: file, start: lineRange.lowerBound, end: end), with: "")
        }
        // Flow: up to the separator after the entry, or from the separator before it.
        var depth = 0
        var offset = keyStart
        var quote: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                if depth == 0 { break }
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                break
            }
            offset += 1
        }
        guard offset < bytes.count else { return nil }
        if bytes[offset] == UInt8(ascii: ",") {
            var end = offset + 1
            while end < bytes.count, bytes[end] == 0x20 { end += 1 }
            return TextEdit(TextSpan(file: file, start: keyStart, end: end), with: "")
        }
        var end = offset
        while end > keyStart, bytes[end - 1] == 0x20 { end -= 1 }
        var begin = keyStart
        while begin > 0, bytes[begin - 1] == 0x20 { begin -= 1 }
        if begin > 0, bytes[begin - 1] == UInt8(ascii: ",") { begin -= 1 } else { begin = keyStart }
        return TextEdit(TextSpan(file: file, start: begin, end: end), with: "")
    }
}

extension MappingEntryEdits {
    /// `entry` (`key: value`, or several lines of a block entry, each ending in a line break) added to the mapping
    /// `site` as its last entry: before `}` in flow style; in block style after the last entry's lines (its nested
    /// lines included, comments after it left after it), indented as the mapping's keys unless `indented` is false.
    package static func appending(_ entry: String, to site: MappingSite, file: String, index: LineIndex, indented: Bool = true) -> TextEdit? {
        if site.isFlow { return insertion(of: entry, into: site, file: file, index: index) }
        guard let column = site.keyColumn, let end = blockEnd(of: site, in: index) else { return nil }
        let indentation = indented ? String(repeating: " ", count: column - 1) : ""
        let text = entry.hasSuffix("\n") ? entry : entry + "\n"
        let lead = end == index.bytes.count && !(index.bytes.last.map { $0 == 0x0A } ?? true) ? "\n" : ""
        return TextEdit(TextSpan(file: file, start: end, end: end), with: lead + indentation + text)
    }

    /// The offset just past the lines of a block mapping's last entry: the start of the first line after it that is
    /// not blank, not a comment and not indented deeper than its keys (or the end of the file).
    package static func blockEnd(of site: MappingSite, in index: LineIndex) -> Int? {
        guard !site.isFlow, let lastLine = site.lastKeyLine, let column = site.keyColumn else { return nil }
        let bytes = index.bytes
        var last = lastLine - 1
        var next = lastLine
        while next < index.lineCount {
            let text = bytes[index.byteRange(ofLine: next)]
            let spaces = text.prefix { $0 == 0x20 }.count
            let blank =
                text.count == spaces || text[text.startIndex + spaces] == UInt8(ascii: "#")
                || text[text.startIndex + spaces] == 0x0A || text[text.startIndex + spaces] == 0x0D
            if !blank {
                guard spaces > column - 1 else { break }
                last = next
            }
            next += 1
        }
        return last + 1 < index.lineCount ? index.byteRange(ofLine: last + 1).lowerBound : bytes.count
    }
}
