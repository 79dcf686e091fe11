import Foundation
import JuiceYAML

/// Reads a popularity mix from a YAML file's `demand:` section (`demand: {banana-juice: 5, kiwi-juice: 1}`).
public enum DemandFile {
    /// One weight per juice; juices the section does not name get 0.
    public static func weights(path: String, juiceCount: Int, resolve: (String) throws(OrderSourceError) -> Int) throws(OrderSourceError) -> [Int] {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "no such file or not readable") }
        let parsed = YAMLParser().parse(Array(data), file: path)
        if let error = parsed.errors.first { throw .malformed(path: path, line: error.location.line, message: error.message) }
        guard let document = parsed.document, let root = document.root,
              let section = document.entries(of: root).first(where: { document.string($0.key) == "demand" })?.value,
              document.kind(of: section) == .mapping else {
            throw .malformed(path: path, line: 1, message: "expected a 'demand:' mapping from juice to weight")
        }
        var weights = Array(repeating: 0, count: juiceCount)
        for (key, value) in document.entries(of: section) {
            guard case .int(let weight) = document.coreValue(of: value), weight >= 0 else {
                throw .malformed(path: path, line: document.location(of: value).line, message: "a weight must be a whole number of at least 0")
            }
            weights[try resolve(document.string(key))] += weight
        }
        return weights
    }
}
