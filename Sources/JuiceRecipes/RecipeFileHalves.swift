#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JuiceYAML

/// A large recipe file read in two halves at once, one per processor: the file is cut at a juice entry in the
/// middle of its `juices` section, and each half is parsed and read on its own thread, the second one behind a
/// `juices:` line of its own, with its lines numbered as in the file.
///
/// The halves are kept only when they are sure to give what one pass over the file gives:
/// - both halves read without a single problem (a file with problems is read again in one pass, so diagnostics
///   never depend on where it was cut);
/// - the cut fell between two entries of the `juices` mapping: the first half ends in that section, its entries
///   start at the cut's indentation, and the second half's first juice is the one on the cut line;
/// - no top-level key and no juice id is in both halves (one pass would have refused it as a duplicate key);
/// - the two halves hold no more nodes than the limit allows the file.
///
/// A juice entry cannot hide the cut line: whatever a juice holds is indented deeper than the entry, and a line at
/// the entry's indentation ends it; a quoted or flow value left open would be a problem in the first half.
enum RecipeFileHalves {
    /// The line the second half is read behind.
    static let header = Array("juices:\n".utf8)

    /// Where a file is cut: the offset of the line starting the second half, and that line's indentation.
    struct Cut: Equatable {
        var offset: Int
        var indentation: Int
    }

    /// The first half's share of the bytes, in thousandths: a little under half, as the first half's thread also
    /// indexes the names of its juices, and joins the halves and checks the whole once the second is done (so
    /// both threads finish together; measured with `juice-bench profile full` under callgrind).
    static let firstShare = 472

    /// The smallest file worth cutting: below it, starting a thread costs more than it saves.
    static let threshold = 1 << 19

    /// Whether a file of `size` bytes is worth reading in halves on this machine.
    static func isWorthwhile(size: Int) -> Bool {
        size >= threshold && BackgroundThread.hasSecondProcessor
    }

    /// Reads file number `index` in two halves; nil when it must be read in one pass (no cut found, a second
    /// thread could not be started, or the halves could differ from one pass, as listed above).
    static func read(_ file: RecipeSourceFile, index: Int, parser: YAMLParser) -> FileContents? {
        file.bytes.withUnsafeBufferPointer { bytes in
            guard let cut = cut(in: bytes) else { return nil }
            return read(bytes, cut: cut, name: file.name, index: index, parser: parser)
        }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, cut: Cut, name: String, index: Int, parser: YAMLParser) -> FileContents? {
        let second = UnsafeBufferPointer(rebasing: bytes[cut.offset...])
        let secondHalf = BackgroundThread.Outcome<Half>()
        guard let thread = BackgroundThread.start({
            let line = lineNumber(at: cut.offset, in: bytes)
            let reader = RecipeFileReader(continuationOf: name, fileIndex: index)
            secondHalf.value = readHalf(second, firstLine: line, behind: header, reader: reader, parser: parser)
        }) else { return nil }
        // The file's lines are projected from the first half's (to make room for the juices), not counted.
        let first = UnsafeBufferPointer(rebasing: bytes[..<cut.offset])
        let reader = RecipeFileReader(file: name, fileIndex: index,
                                      countingLines: { RecipeFileReader.lineCount(of: first) * bytes.count / max(first.count, 1) + 1 })
        let firstHalf = readHalf(first, firstLine: 1, behind: [], reader: reader, parser: parser)
        thread.join()
        guard var first = consume firstHalf, var second = secondHalf.take() else { return nil }
        // Each half has a root mapping, and the second its `juices` key and mapping too, which the file has once.
        guard first.nodeCount + second.nodeCount - 3 <= parser.limits.maxNodes,
              first.reader.topLevelKeys.last == "juices", second.reader.topLevelKeys.first == "juices",
              Set(first.reader.topLevelKeys).isDisjoint(with: second.reader.topLevelKeys.dropFirst()),
              let firstJuice = first.reader.contents.firstJuiceSpot, firstJuice.column == cut.indentation + 1,
              let secondJuice = second.reader.contents.firstJuiceSpot,
              secondJuice.line == second.firstLine, secondJuice.column == cut.indentation + 1 else { return nil }
        // Taken out of the readers, so that the first half's arrays grow in place, and the second's go once joined.
        var contents = first.reader.takeContents()
        guard contents.append(continuation: second.reader.takeContents()) else { return nil }
        return contents
    }

    /// One half, read without a problem: its reader, holding what the half contributes.
    private struct Half {
        var reader: RecipeFileReader
        var firstLine: Int
        /// The nodes its parse made, as the node limit counts them.
        var nodeCount: Int
    }

    /// Parses and reads one half, whose first line is `firstLine`, behind `header` (empty for the first half); nil
    /// when it has a problem of any kind. Its parse (holding the keys of its juices) is let go before it returns.
    private static func readHalf(
        _ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, behind header: [UInt8], reader: consuming RecipeFileReader, parser: YAMLParser
    ) -> Half? {
        var reader = reader
        guard let parsed = parser.parse(part: bytes, of: reader.document.file, firstLine: firstLine, after: header,
                                        visitor: &reader),
              parsed.errors.isEmpty, let document = parsed.document else { return nil }
        reader.finish(document)
        guard reader.diagnostics.isEmpty else { return nil }
        return Half(reader: reader, firstLine: firstLine, nodeCount: parsed.nodeCount)
    }

    // MARK: Finding the cut

    /// A cut near the middle of `bytes`: the first line past `share` of the bytes at the indentation of the entries
    /// under a top-level `juices:` line, starting like a plain key, before any later top-level line.
    static func cut(in bytes: UnsafeBufferPointer<UInt8>) -> Cut? {
        guard let section = juicesLine(in: bytes) else { return nil }
        // The section's first entry fixes the indentation.
        var line = nextLine(after: section, in: bytes)
        while let start = line, isBlankOrComment(start, in: bytes) { line = nextLine(after: start, in: bytes) }
        guard let entry = line else { return nil }
        let indentation = self.indentation(at: entry, in: bytes)
        guard indentation > 0, startsKey(at: entry + indentation, in: bytes) else { return nil }
        line = nextLine(after: max(entry, bytes.count * firstShare / 1000), in: bytes)
        while let start = line {
            let depth = self.indentation(at: start, in: bytes)
            if depth == 0 && !isBlankOrComment(start, in: bytes) { return nil }
            if depth == indentation && startsKey(at: start + depth, in: bytes) { return Cut(offset: start, indentation: indentation) }
            line = nextLine(after: start, in: bytes)
        }
        return nil
    }

    /// The offset of a line `juices:` (spaces or a comment may follow), at the start of the file or of a line.
    private static func juicesLine(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let key = Array("juices:".utf8)
        var from = 0
        // Each 'j' found is checked; the section usually starts early in the file.
        while from < bytes.count, let found = memchr(base + from, Int32(key[0]), bytes.count - from) {
            let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if offset == 0 || bytes[offset - 1] == 0x0A || bytes[offset - 1] == 0x0D,
               offset + key.count <= bytes.count, memcmp(base + offset, key, key.count) == 0 {
                var end = offset + key.count
                while end < bytes.count && bytes[end] == 0x20 { end += 1 }
                if end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D || bytes[end] == 0x23 { return offset }
            }
            from = offset + 1
        }
        return nil
    }

    /// The start of the line after the one holding `offset`, if there is one.
    private static func nextLine(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, offset < bytes.count,
              let found = memchr(base + offset, 0x0A, bytes.count - offset) else { return nil }
        let next = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
        return next < bytes.count ? next : nil
    }

    /// How many spaces start the line at `start`.
    private static func indentation(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = start
        while end < bytes.count && bytes[end] == 0x20 { end += 1 }
        return end - start
    }

    /// Whether the line at `start` holds only spaces, or a comment.
    private static func isBlankOrComment(_ start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = start + indentation(at: start, in: bytes)
        return first == bytes.count || bytes[first] == 0x0A || bytes[first] == 0x0D || bytes[first] == 0x23
    }

    /// Whether a plain key could start at `offset`: an ASCII letter or digit.
    private static func startsKey(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset < bytes.count else { return false }
        let byte = bytes[offset] | 0x20
        return (byte >= 0x61 && byte <= 0x7A) || (bytes[offset] >= 0x30 && bytes[offset] <= 0x39)
    }

    /// The 1-based line number at `offset`, counting line breaks as YAML does (LF, CR LF and a lone CR).
    static func lineNumber(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let before = UnsafeBufferPointer(rebasing: bytes[..<offset])
        let lines = RecipeFileReader.lineCount(of: before)
        guard let base = before.baseAddress, memchr(base, 0x0D, before.count) != nil else { return lines }
        return lines + loneCarriageReturns(in: before, next: offset < bytes.count ? bytes[offset] : nil)
    }

    /// How many carriage returns in `bytes` are not followed by a line feed (`next` is the byte after them, if
    /// any), eight bytes at a time: a file with CR LF line ends has a CR on every line.
    static func loneCarriageReturns(in bytes: UnsafeBufferPointer<UInt8>, next: UInt8?) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // The top bit of each byte of `word` equal to `byte`, exactly.
        func marks(_ word: UInt64, _ byte: UInt64) -> UInt64 {
            let difference = word ^ (ones &* byte)
            return ~(((difference & low) &+ low) | difference | low)
        }
        var lone = 0
        var offset = 0
        var pendingCR = false
        while offset + 8 <= raw.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let returns = marks(word, 0x0D)
            let feeds = marks(word, 0x0A)
            // A CR from the word before is lone unless this word starts with LF.
            if pendingCR && feeds & 0x80 == 0 { lone += 1 }
            // A CR with an LF in the next byte of the word is not lone; the last byte's CR waits for the next word.
            let unfollowed = returns & ~(feeds >> 8)
            pendingCR = unfollowed & (1 << 63) != 0
            lone += (unfollowed & ~(1 << 63)).nonzeroBitCount
            offset += 8
        }
        while offset < raw.count {
            if pendingCR && raw[offset] != 0x0A { lone += 1 }
            pendingCR = raw[offset] == 0x0D
            offset += 1
        }
        if pendingCR && next != 0x0A { lone += 1 }
        return lone
    }
}
