import JuiceCore

/// The SHA-256 (hex) a menu edit records of a file's bytes, to tell later whether the file is still as the edit left
/// it.
enum FileDigest {
    /// The digest of `bytes`, or "" for no file.
    static func of(_ bytes: [UInt8]?) -> String {
        guard let bytes else { return "" }
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }
}
