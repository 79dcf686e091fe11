import JuiceCore
import JuiceRecipes

/// The content hash that names a recipe set: SHA-256 over each file's name (relative to the recipe directory) and
/// bytes, in name order, so byte-identical sets get the same version wherever the directory is.
package enum RecipeSetVersion {
    /// The version of `files` read from `root` (names under `root/` are taken relative to it).
    package static func of(_ files: [RecipeSourceFile], root: String?) -> String {
        let named = relative(files, root: root)
        var digest = SHA256()
        for file in named.sorted(by: { $0.name < $1.name }) {
            // Name, NUL, the byte count in 8 bytes, the bytes: no two different sets feed the same stream.
            digest.update(Array(file.name.utf8) + [0])
            digest.update((0..<8).map { UInt8(truncatingIfNeeded: UInt64(file.bytes.count) >> (UInt64($0) * 8)) })
            digest.update(file.bytes)
        }
        return digest.hexDigest()
    }

    /// `files` named relative to `root` (names under `root/` lose that prefix; others stay as they are), in the same
    /// order: the names a version is computed over and a store keeps.
    package static func relative(_ files: [RecipeSourceFile], root: String?) -> [RecipeSourceFile] {
        guard let root else { return files }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return files.map { file in
            guard file.name.hasPrefix(prefix) else { return file }
            var named = file
            named.name = String(file.name.dropFirst(prefix.count))
            return named
        }
    }
}
