import Foundation

extension JournalDetail {
    /// The detail as the stores keep it: compact JSON with sorted keys.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and arrays of them always encode.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The detail kept as `json`; a detail that does not decode (written by a newer JuiceMaker, say) reads as none of
    /// its fields, and the entry keeps its deltas.
    init(json: String) {
        self = (try? JSONDecoder().decode(JournalDetail.self, from: Data(json.utf8))) ?? JournalDetail()
    }
}
