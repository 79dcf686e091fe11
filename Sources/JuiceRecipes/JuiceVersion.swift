/// The version of JuiceMaker: what `juice --version` prints and what SARIF output names as the tool's version.
public enum JuiceVersion {
    /// The version, in semantic-versioning form.
    public static let current = "0.6.0"
}
