#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, read one at a time: `ProcessInfo.processInfo.environment` builds the whole
/// dictionary on every use, a measurable share of a short command's start.
package enum Environment {
    /// The value of the variable `name`, or nil when it is not set.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables the language rule reads (LC_ALL, LC_MESSAGES, LANG; see `Language.from(environment:)`).
    package static var languageVariables: [String: String] {
        var variables: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { variables[name] = value(name) }
        return variables
    }
}
