import Foundation
import Testing

import JuiceLSP

/// The base protocol's framing: whole, split and joined frames, other headers, garbage, oversized bodies.
@Suite struct ProtocolFramingTests {
    static func events(_ chunks: [[UInt8]]) -> [FrameEvent] {
        var decoder = FrameDecoder()
        var events: [FrameEvent] = []
        for chunk in chunks {
            decoder.append(chunk)
            while let event = decoder.next() { events.append(event) }
        }
        return events
    }

    static func bodies(_ events: [FrameEvent]) -> [String] {
        events.compactMap { event in
            guard case .message(let body) = event else { return nil }
            return String(decoding: body, as: UTF8.self)
        }
    }

    @Test func aFrameSplitAtEveryByteAndFramesJoinedInOneRead() {
        let frames = MessageFraming.frame(Data("{\"a\":\"딸기🍓\"}".utf8)) + MessageFraming.frame(Data("{}".utf8))
        #expect(Self.bodies(Self.events([frames])) == ["{\"a\":\"딸기🍓\"}", "{}"])
        #expect(Self.bodies(Self.events(frames.map { [$0] })) == ["{\"a\":\"딸기🍓\"}", "{}"])
    }

    @Test func contentTypeAndLowerCaseHeadersAndBareNewlines() {
        let text = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}Content-Length: 3\n\n[1]"
        #expect(Self.bodies(Self.events([Array(text.utf8)])) == ["{}", "[1]"])
    }

    @Test func garbageIsSkippedUpToTheNextHeader() {
        let text = "hello there\r\n\r\ngarbageContent-Length: 2\r\n\r\n{}"
        let events = Self.events([Array(text.utf8)])
        #expect(Self.bodies(events) == ["{}"])
        #expect(events.contains { if case .problem = $0 { true } else { false } })
    }

    @Test func badContentLengthsAreProblemsAndTheNextFrameStillArrives() {
        for bad in ["-1", "abc", "99999999999999999999", ""] {
            let text = "Content-Length: \(bad)\r\n\r\nContent-Length: 2\r\n\r\n{}"
            let events = Self.events([Array(text.utf8)])
            #expect(events.first == .problem(.badContentLength(bad)), "\(bad)")
            #expect(Self.bodies(events) == ["{}"], "\(bad)")
        }
    }

    @Test func aHeaderThatNeverEndsIsBoundedAndSkipped() {
        var decoder = FrameDecoder()
        decoder.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFraming.maxHeaderBytes * 3))
        var events: [FrameEvent] = []
        while let event = decoder.next() { events.append(event) }
        #expect(events.contains(.problem(.headerTooLong)))
        #expect(decoder.bufferedBytes < 64)
        decoder.append(Array("\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8))
        while let event = decoder.next() { events.append(event) }
        #expect(Self.bodies(events) == ["{}"])
    }

    @Test func anOversizedBodyIsSkippedWithoutBeingKept() {
        var decoder = FrameDecoder()
        let length = MessageFraming.maxBodyBytes + 10
        decoder.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        #expect(decoder.next() == .problem(.bodyTooLarge(length)))
        let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
        var sent = 0
        while sent + chunk.count <= length {
            decoder.append(chunk)
            sent += chunk.count
            #expect(decoder.next() == nil)
            #expect(decoder.bufferedBytes == 0)
        }
        decoder.append(chunk[0..<(length - sent)])
        decoder.append(MessageFraming.frame(Data("{}".utf8)))
        #expect(decoder.next() == .message(Data("{}".utf8)))
    }

    @Test func aTenMegabyteBodyIsAccepted() {
        let body = Data(repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024)
        let frame = MessageFraming.frame(body)
        var decoder = FrameDecoder()
        var events: [FrameEvent] = []
        var index = 0
        while index < frame.count {
            decoder.append(frame[index..<min(frame.count, index + 65536)])
            index += 65536
            while let event = decoder.next() { events.append(event) }
        }
        #expect(events == [.message(body)])
    }
}
