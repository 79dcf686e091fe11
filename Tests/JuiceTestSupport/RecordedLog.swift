import Logging
import Synchronization

/// A logger whose lines (level, message and metadata as `key=value`) are kept for the test to read.
public final class RecordedLog: Sendable {
    private let recorded = Mutex<[String]>([])

    /// A log with nothing in it yet.
    public init() {}

    /// What was logged, a line per message.
    public var lines: [String] { recorded.withLock { $0 } }

    /// A logger writing here (every level).
    public var logger: Logger {
        var logger = Logger(label: "juice-test") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    private struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = metadata.merging(event.metadata ?? [:]) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            log.recorded.withLock { $0.append(([event.level.rawValue, event.message.description] + fields).joined(separator: " ")) }
        }
    }
}
