import Foundation

/// The process's environment variables, read one at a time: `ProcessInfo.processInfo.environment` builds the whole
/// dictionary on every use, a measurable share of a short command's start.
enum Environment {
    /// The value of the variable `name`, or nil when it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables the language rule reads (LC_ALL, LC_MESSAGES, LANG; see `Language.from(environment:)`).
    static var languageVariables: [String: String] {
        var variables: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { variables[name] = value(name) }
        return variables
    }
}
