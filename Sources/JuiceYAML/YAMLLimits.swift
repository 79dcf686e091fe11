/// Hard limits the YAML layer enforces, so that no input can exhaust time or memory.
public struct YAMLLimits: Sendable, Hashable {
    /// The largest file accepted, in bytes.
    public var maxFileBytes: Int
    /// The deepest nesting of mappings and sequences accepted.
    public var maxDepth: Int
    /// The most nodes (scalars, mappings, sequences) one file may hold.
    public var maxNodes: Int
    /// The longest scalar accepted, in bytes.
    public var maxScalarBytes: Int

    /// Creates limits; the defaults suit recipe files with room to spare.
    public init(
        maxFileBytes: Int = 32 << 20,
        maxDepth: Int = 64,
        maxNodes: Int = 4_000_000,
        maxScalarBytes: Int = 64 << 10
    ) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxScalarBytes = maxScalarBytes
    }

    /// The limits used when none are given.
    public static let `default` = YAMLLimits()
}
