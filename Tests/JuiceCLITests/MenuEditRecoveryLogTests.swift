import JuiceMenuEditing
import JuiceTestSupport
import Testing

@testable import juice

/// What `juice serve` logs at start about the menu edits a killed server left half made.
@Suite struct MenuEditRecoveryLogTests {
    static func logged(_ recovery: MenuEditRecovery) -> [String] {
        let log = RecordedLog()
        ServeCommand.log(recovery, logger: log.logger)
        return log.lines
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
