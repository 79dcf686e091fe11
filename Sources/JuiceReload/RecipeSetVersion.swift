import JuiceRecipes

/// The content hash that names a recipe set: SHA-256 over each file's name (relative to the recipe directory) and
/// bytes, in name order, so byte-identical sets get the same version wherever the directory is.
package enum RecipeSetVersion {
    /// The version of `files` read from `root` (names under `root/` are taken relative to it).
    package static func of(_ files: [RecipeSourceFile], root: String?) -> String {
        let prefix = root.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let named = files.map { file -> (name: String, bytes: [UInt8]) in
            guard let prefix, file.name.hasPrefix(prefix) else { return (file.name, file.bytes) }
            return (String(file.name.dropFirst(prefix.count)), file.bytes)
        }
        var digest = SHA256()
        for file in named.sorted(by: { $0.name < $1.name }) {
            // Name, NUL, the byte count in 8 bytes, the bytes: no two different sets feed the same stream.
            digest.update(Array(file.name.utf8) + [0])
            digest.update((0..<8).map { UInt8(truncatingIfNeeded: UInt64(file.bytes.count) >> (UInt64($0) * 8)) })
            digest.update(file.bytes)
        }
        return digest.hexDigest()
    }
}
