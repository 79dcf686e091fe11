import CYAML

/// A bare libyaml event loop, the baseline the benchmarks measure the YAML layer against.
public enum LibYAMLBaseline {
    /// Parses `bytes` with libyaml, doing nothing with the events but count them; nil on a parse error.
    public static func countEvents(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let handle = LibYAMLHandle(bytes) else { return nil }
        var event = yaml_event_t()
        var count = 0
        while true {
            guard yaml_parser_parse(handle.parser, &event) == 1 else { return nil }
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            count += 1
            if done { return count }
        }
    }

    /// Reads `bytes` into event batches as the YAML layer's producer does, with no tree: the producer's cost alone.
    package static func countPackedEvents(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let handle = LibYAMLHandle(bytes) else { return 0 }
        var reader = LibYAMLEventReader(handle: handle, bytes: bytes, bodyStart: 0, lineMap: nil, file: "", maxScalarBytes: .max)
        let batch = EventBatch()
        var count = 0
        repeat {
            reader.fill(batch)
            count += batch.eventCount
        } while !batch.isLast
        return count
    }
}
