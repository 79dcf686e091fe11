/// The version of JuiceMaker (the library and the `juice` tool), one constant for `juice --version` and reports.
public enum JuiceVersion {
    /// The version, semantic-versioning style.
    public static let current = "0.1.0"
}
