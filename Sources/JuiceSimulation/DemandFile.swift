import Foundation
import JuiceCore
import JuiceYAML

/// Reads a popularity mix from a YAML file's `demand:` section (`demand: {banana-juice: 5, kiwi-juice: 1}`).
package enum DemandFile {
    /// One weight per juice; juices the section does not name get 0.
    package static func weights(path: String, juiceCount: Int, resolve: (String) throws(OrderSourceError) -> Int) throws(OrderSourceError) -> [Int] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: SystemReason(english: "no such file or not readable", korean: "파일이 없거나 읽을 수 없어요"))
        }
        let parsed = YAMLParser().parse(Array(data), file: path)
        if let error = parsed.errors.first {
            throw .malformed(path: path, line: error.location.line, column: error.location.column, problem: .yaml(error))
        }
        guard let document = parsed.document, let root = document.root,
            let section = document.entries(of: root).first(where: { document.string($0.key) == "demand" })?.value,
            document.kind(of: section) == .mapping
        else {
            throw .malformed(path: path, line: 1, column: 1, problem: .noDemandSection)
        }
        var weights = Array(repeating: 0, count: juiceCount)
        for (key, value) in document.entries(of: section) {
            guard case .int(let weight) = document.coreValue(of: value), weight >= 0 else {
                let at = document.location(of: value)
                throw .malformed(path: path, line: at.line, column: at.column, problem: .badWeight(found: document.found(value)))
            }
            do throws(OrderSourceError) {
                weights[try resolve(document.string(key))] += weight
            } catch {
                // The juice's name, at its place in the file.
                let at = document.location(of: key)
                guard case .badMix(let problem) = error else { throw error }
                throw .malformed(path: path, line: at.line, column: at.column, problem: .unknownDemandJuice(problem))
            }
        }
        return weights
    }
}
