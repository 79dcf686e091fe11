internal import CYAML

/// Reads libyaml events into batches: everything the tree builder needs from libyaml happens here.
struct LibYAMLEventReader {
    private let handle: LibYAMLHandle
    private let bytes: UnsafeBufferPointer<UInt8>
    private let bodyStart: Int
    private let lineMap: LineMap?
    private let file: String
    private let maxScalarBytes: Int
    private var finished = false

    /// A reader of the parser `handle`, which reads `bytes` from `bodyStart` on; both must outlive the reader.
    init(handle: LibYAMLHandle, bytes: UnsafeBufferPointer<UInt8>, bodyStart: Int, lineMap: LineMap?, file: String, maxScalarBytes: Int) {
        self.handle = handle
        self.bytes = bytes
        self.bodyStart = bodyStart
        self.lineMap = lineMap
        self.file = file
        self.maxScalarBytes = maxScalarBytes
    }

    /// Bytes of the file libyaml has read so far (it reads ahead of the events handed out by at most its buffer).
    var bytesRead: Int { bodyStart + handle.bytesFed }

    /// Fills `batch` (emptied first) with the next events; the last batch has `isLast` set.
    mutating func fill(_ batch: EventBatch) {
        batch.reset()
        guard !finished else {
            batch.isLast = true
            return
        }
        let events = batch.events
        var count = 0
        var textCount = 0
        defer { batch.setCounts(events: count, text: textCount) }
        var event = yaml_event_t()
        while count < EventBatch.eventLimit && textCount < EventBatch.textLimit {
            guard yaml_parser_parse(handle.parser, &event) == 1 else {
                batch.failure = LibYAMLErrors.translate(handle.parser.pointee, bytes: bytes, bodyStart: bodyStart, lineMap: lineMap, file: file)
                batch.isLast = true
                finished = true
                return
            }
            let (line, column) = position(event.start_mark)
            var packed = PackedEvent(length: 0, line: line, column: column, kind: .streamEnd, style: .plain, flags: 0)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let length = scalar.length
                packed.kind = .scalar
                packed.length = length
                packed.style = Self.style(scalar.style)
                if scalar.tag != nil || scalar.anchor != nil { packScalarTagAndAnchor(scalar, into: &packed, batch: batch) }
                // A scalar over the limit stops the tree; its bytes are not needed.
                if length > 0, length <= maxScalarBytes, let value = scalar.value {
                    if !batch.textFits(textCount + length) { batch.reserveText(textCount + length + EventBatch.textLimit, used: textCount) }
                    (batch.text + textCount).update(from: value, count: length)
                    textCount += length
                }
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                packStart(&event, into: &packed, batch: batch)
            case YAML_MAPPING_END_EVENT: packed.kind = .mappingEnd
            case YAML_SEQUENCE_END_EVENT: packed.kind = .sequenceEnd
            case YAML_ALIAS_EVENT:
                packed.kind = .alias
                batch.names.append(event.data.alias.anchor.map { String(cString: $0) } ?? "")
            case YAML_DOCUMENT_START_EVENT: packed.kind = .documentStart
            case YAML_STREAM_END_EVENT:
                events[count] = packed
                count += 1
                yaml_event_delete(&event)
                batch.isLast = true
                finished = true
                return
            default:
                // Stream start and document end change nothing in the tree.
                yaml_event_delete(&event)
                continue
            }
            events[count] = packed
            count += 1
            yaml_event_delete(&event)
        }
    }

    private func packScalarTagAndAnchor(
        _ scalar: yaml_event_s.__Unnamed_union_data.__Unnamed_struct_scalar, into packed: inout PackedEvent, batch: EventBatch
    ) {
        if let tag = scalar.tag {
            let name = String(cString: tag)
            if name == "tag:yaml.org,2002:str" {
                packed.style = .taggedString
            } else {
                packed.flags |= PackedEvent.refusedTag
                batch.names.append(name)
            }
        }
        if let anchor = scalar.anchor {
            packed.flags |= PackedEvent.anchor
            batch.names.append(String(cString: anchor))
        }
    }

    private func packStart(_ event: inout yaml_event_t, into packed: inout PackedEvent, batch: EventBatch) {
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        packed.kind = isMapping ? .mappingStart : .sequenceStart
        let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
        let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
        if let tag {
            let name = String(cString: tag)
            if name != (isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq") {
                packed.flags |= PackedEvent.refusedTag
                batch.names.append(name)
            }
        }
        if let anchor {
            packed.flags |= PackedEvent.anchor
            batch.names.append(String(cString: anchor))
        }
    }

    /// The true 1-based line and column of a libyaml mark.
    @inline(__always)
    private func position(_ mark: yaml_mark_t) -> (line: UInt32, column: UInt32) {
        if let lineMap { return lineMap.position(mark) }
        return (UInt32(truncatingIfNeeded: mark.line) &+ 1, UInt32(truncatingIfNeeded: mark.column + 1))
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
