/// One libyaml event reduced to what the tree needs, with its position already translated (24 bytes).
struct PackedEvent {
    enum Kind: UInt8 {
        case scalar, mappingStart, sequenceStart, mappingEnd, sequenceEnd, alias, documentStart, streamEnd
    }

    /// Flag: a tag the tree refuses; its name is the next entry of `EventBatch.names`.
    static let refusedTag: UInt8 = 1
    /// Flag: an anchor; its name is the next entry of `EventBatch.names` (after a refused tag's).
    static let anchor: UInt8 = 2

    /// Scalars: the value's length in bytes (its bytes are next in `EventBatch.text`, unless over the scalar limit).
    var length: Int
    var line: UInt32
    var column: UInt32
    var kind: Kind
    var style: ScalarStyle
    var flags: UInt8
}

/// A run of events and the bytes and names they carry, in order; filled by a producer, read by the tree builder.
///
/// Events and text live in raw buffers, so that filling costs a store per event and a copy per scalar, no more.
final class EventBatch {
    /// The most events one batch holds; a batch is also handed over once its text passes `textLimit` bytes.
    static let eventLimit = 4096
    static let textLimit = 64 << 10

    let events: UnsafeMutablePointer<PackedEvent>
    private(set) var eventCount = 0
    /// Scalar values, one after another.
    private(set) var text: UnsafeMutablePointer<UInt8>
    private var textCapacity: Int
    private(set) var textCount = 0
    /// Names of refused tags, anchors and aliases, in event order.
    var names: [String] = []
    /// libyaml's error, when it failed right after these events.
    var failure: YAMLError?
    /// Whether no events follow these (the stream ended, or libyaml failed).
    var isLast = false

    init() {
        events = .allocate(capacity: Self.eventLimit)
        textCapacity = Self.textLimit + 4096
        text = .allocate(capacity: textCapacity)
    }

    deinit {
        events.deallocate()
        text.deallocate()
    }

    /// Empties the batch, keeping its storage.
    func reset() {
        eventCount = 0
        textCount = 0
        if !names.isEmpty { names.removeAll() }
        failure = nil
        isLast = false
    }

    /// Records how much of the buffers a fill used.
    func setCounts(events: Int, text: Int) {
        eventCount = events
        textCount = text
    }

    /// Makes room for `count` bytes of text in all, keeping the first `used`.
    func reserveText(_ count: Int, used: Int) {
        guard count > textCapacity else { return }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        larger.update(from: text, count: used)
        text.deallocate()
        text = larger
        textCapacity = count
    }

    /// Whether `count` bytes of text fit.
    func textFits(_ count: Int) -> Bool { count <= textCapacity }
}
