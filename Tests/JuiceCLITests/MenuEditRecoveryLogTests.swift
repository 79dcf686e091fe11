import JuiceMenuEditing
import Logging
import Synchronization
import Testing

@testable import juice

/// What `juice serve` logs at start about the menu edits a killed server left half made.
@Suite struct MenuEditRecoveryLogTests {
    /// Keeps each line logged through it as "LEVEL message".
    struct Capture: LogHandler {
        final class Lines: Sendable {
            let lines = Mutex<[String]>([])
        }
        let kept: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { kept.lines.withLock { $0.append("\(event.level) \(event.message)") } }
    }

    static func logged(_ recovery: MenuEditRecovery) -> [String] {
        let kept = Capture.Lines()
        ServeCommand.log(recovery, logger: Logger(label: "test") { _ in Capture(kept: kept) })
        return kept.lines.withLock { $0 }
    }

    @Test func eachFindingIsOneLineAtTheLevelItDeserves() {
        #expect(Self.logged(MenuEditRecovery()).isEmpty)
        var clean = MenuEditRecovery()
        clean.restored = ["fruits.yaml"]
        clean.untouched = ["store.yaml"]
        #expect(
            Self.logged(clean) == [
                "warning an interrupted menu edit was taken back; restored: fruits.yaml; not yet replaced, as they were: store.yaml"
            ])
        var troubled = MenuEditRecovery()
        troubled.restored = ["a.yaml"]
        troubled.changedSince = ["b.yaml", "c.yaml"]
        troubled.temporaryFilesRemoved = [".a.yaml.juice-edit-1-2"]
        troubled.leftAlone = [".juice-menu-edit-7-1.intent"]
        #expect(
            Self.logged(troubled) == [
                "error an interrupted menu edit was taken back; restored: a.yaml; changed since, left as they are: b.yaml, c.yaml",
                "info removed the temporary files of menu edits whose process ended: .a.yaml.juice-edit-1-2",
                "warning left alone, another process's menu edit in progress or unreadable: .juice-menu-edit-7-1.intent",
            ])
    }
}
