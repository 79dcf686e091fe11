/// Where in what was asked a refusal is about: fields and positions, read as `lines[2].units` or `[1].arrives`. The
/// shop names the parts of its own model (a delivery line's `quantity`, a purchase line's `packs`); each adapter
/// says them in its own terms (a request field, a place in a plan file, a command-line argument).
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down: into a field, or to a position in a list.
    public enum Step: Hashable, Sendable {
        /// The field named.
        case field(String)
        /// The element at the position (from 0).
        case index(Int)
    }

    /// The steps, outermost first.
    public var steps: [Step]

    /// The path of `steps`.
    public init(_ steps: [Step] = []) { self.steps = steps }

    /// The field `name` at the top.
    public static func field(_ name: String) -> FieldPath { FieldPath([.field(name)]) }

    /// Line `index` of the list `list` (`lines[2]`).
    public static func line(_ index: Int, of list: String = "lines") -> FieldPath { FieldPath([.field(list), .index(index)]) }

    /// This path, then the field `name`.
    public func field(_ name: String) -> FieldPath { FieldPath(steps + [.field(name)]) }

    /// This path, then `inner`.
    public func appending(_ inner: FieldPath) -> FieldPath { FieldPath(steps + inner.steps) }

    /// The last field named, if any (`units` of `lines[2].units`).
    public var lastField: String? {
        for step in steps.reversed() { if case .field(let name) = step { return name } }
        return nil
    }

    /// `lines[2].units`; a path that starts with a position, `[1].arrives`.
    public var description: String {
        var text = ""
        for step in steps {
            switch step {
            case .field(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
