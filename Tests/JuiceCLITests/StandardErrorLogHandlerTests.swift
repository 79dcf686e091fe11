import Logging
import Testing
@testable import juice

/// The process's log lines: the shape operators read, metadata formatted only when a record is written.
@Suite struct StandardErrorLogHandlerTests {
    func event(_ message: Logger.Message, metadata: Logger.Metadata? = nil) -> LogEvent {
        LogEvent(level: .warning, message: message, metadata: metadata, source: "JuiceShop", file: "f", function: "g", line: 1)
    }

    @Test func aRecordIsOneLineWithItsMetadataSortedAndMerged() {
        var handler = StandardErrorLogHandler(label: "juice.store", metadataProvider: Logger.MetadataProvider { ["b": "provided", "c": "3"] })
        handler[metadataKey: "hb.request.id"] = "42"
        handler[metadataKey: "b"] = "set"
        let line = handler.line(for: event("refused orders could not be recorded", metadata: ["c": "given"]), at: "T")
        #expect(line == "T warning juice.store : b=provided c=given hb.request.id=42 [JuiceShop] refused orders could not be recorded\n")
    }

    @Test func aRecordWithoutMetadataHasNone() {
        let handler = StandardErrorLogHandler(label: "juice-serve")
        #expect(handler.line(for: event("serving"), at: "T") == "T warning juice-serve : [JuiceShop] serving\n")
        #expect(handler[metadataKey: "absent"] == nil)
    }
}
