/// The last recipe set a server accepted (it linted with no errors), kept with the shop's state so that a server
/// starting on a broken recipe directory can still serve it.
///
/// The store keeps the files exactly as they were read, not a compiled book: loading them again goes through the same
/// loader as `juice lint`, so "the server accepts it" stays "lint reports no errors". `version` is the recipe set's
/// content hash (SHA-256 over each file's relative name and bytes, as the live menu names its versions); a store
/// compares it to decide whether a set is new, and never computes it itself.
public struct KeptRecipeSet: Hashable, Sendable {
    /// The set's content hash (lowercase hex), the live menu's version of it.
    public var version: String
    /// The recipe files in the order they were loaded, named relative to the recipe directory.
    public var files: [KeptRecipeFile]
    /// When the set was kept (ISO 8601, UTC); set by the store, empty until it is kept.
    public var keptAt: String

    /// A set of `files` whose content hash is `version`; `keptAt` is the store's to fill in.
    public init(version: String, files: [KeptRecipeFile], keptAt: String = "") {
        self.version = version
        self.files = files
        self.keptAt = keptAt
    }
}

/// One recipe file of a kept set: its name relative to the recipe directory, and its bytes.
public struct KeptRecipeFile: Hashable, Sendable {
    /// The file's name relative to the recipe directory (`juices.yaml`, `seasonal/summer.yaml`).
    public var name: String
    /// The file's bytes, exactly as read.
    public var bytes: [UInt8]

    /// A file named `name` holding `bytes`.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}
