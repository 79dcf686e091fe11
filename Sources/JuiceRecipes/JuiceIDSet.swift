import JuiceCore

/// The juice ids merged so far, for finding an id defined in two files.
///
/// When every id is simple (see `NameMatching.isSimple`), ids equal as strings are equal as bytes, so a byte-keyed
/// table serves; otherwise a dictionary keyed by the ids themselves does.
struct JuiceIDSet {
    private let simple: Bool
    private var table: HashSlots
    private var ids: [JuiceID] = []
    private var refs: [SourceRef] = []
    private var dictionary: [JuiceID: SourceRef] = [:]

    init(simple: Bool, expected: Int) {
        self.simple = simple
        table = HashSlots(expected: simple ? expected : 0)
    }

    /// Records `id`, defined at `ref`; returns where it was defined first when it was recorded already.
    mutating func insert(_ id: JuiceID, ref: SourceRef) -> SourceRef? {
        guard simple else {
            if let first = dictionary[id] { return first }
            dictionary[id] = ref
            return nil
        }
        return id.rawValue.withUTF8Bytes { bytes in
            let hash = HashSlots.fold(HashSlots.hash(bytes))
            if let found = table.find(hash, where: { ids[Int($0)].rawValue.withUTF8Bytes { $0.elementsEqual(bytes) } }) {
                return refs[Int(found.value)]
            }
            table.insert(hash, UInt32(truncatingIfNeeded: ids.count))
            ids.append(id)
            refs.append(ref)
            return nil
        }
    }
}
