import Synchronization
import Testing
import juice

/// The meter's rules on a clock the test moves by hand: nothing before the wait, at most five redraws a second, cleared
/// only when something was drawn, and nothing at all off a terminal.
@Suite("progress meter")
struct ProgressMeterTests {
    /// A clock moved by hand and a record of what was written.
    final class Fixture: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        private let written = Mutex<[String]>([])

        var now: ContinuousClock.Instant { instant.withLock { $0 } }
        var output: [String] { written.withLock { $0 } }

        func advance(_ duration: Duration) { instant.withLock { $0 += duration } }

        func meter(delay: Duration = .seconds(2), isTerminal: Bool = true) -> ProgressMeter? {
            ProgressMeter(
                label: "simulating", isTerminal: isTerminal, delay: delay, now: { self.now },
                write: { text in self.written.withLock { $0.append(text) } })
        }
    }

    @Test("nothing for the first two seconds, then the share, redrawn at most every 200 ms, then cleared")
    func drawsAfterTheWait() throws {
        let clock = Fixture()
        let meter = try #require(clock.meter())
        meter.update(0.1)
        clock.advance(.milliseconds(1_999))
        meter.update(0.2)
        #expect(clock.output.isEmpty, "a run shorter than two seconds shows nothing")
        clock.advance(.milliseconds(1))
        meter.update(0.25)
        #expect(clock.output == ["\rsimulating… 25%"])
        clock.advance(.milliseconds(199))
        meter.update(0.3)
        #expect(clock.output.count == 1, "at most five redraws a second")
        clock.advance(.milliseconds(1))
        meter.update(1)
        #expect(clock.output.last == "\rsimulating… 100%")
        meter.finish()
        #expect(clock.output.last == "\r\u{1B}[K")
        #expect(clock.output.count == 3)
    }

    @Test("a run that ended before anything was shown leaves the terminal untouched")
    func quickRun() throws {
        let clock = Fixture()
        let meter = try #require(clock.meter())
        meter.update(1)
        meter.finish()
        #expect(clock.output.isEmpty)
    }

    @Test("off a terminal there is no meter")
    func offATerminal() {
        #expect(Fixture().meter(isTerminal: false) == nil)
    }

    @Test("JUICE_PROGRESS_AFTER sets the wait in seconds; anything else keeps two seconds")
    func delayFromTheEnvironment() throws {
        #expect(ProgressMeter.delay(environment: [:]) == .seconds(2))
        #expect(ProgressMeter.delay(environment: ["JUICE_PROGRESS_AFTER": "0"]) == .zero)
        #expect(ProgressMeter.delay(environment: ["JUICE_PROGRESS_AFTER": "0.5"]) == .milliseconds(500))
        #expect(ProgressMeter.delay(environment: ["JUICE_PROGRESS_AFTER": "-1"]) == .seconds(2))
        #expect(ProgressMeter.delay(environment: ["JUICE_PROGRESS_AFTER": "soon"]) == .seconds(2))
        let clock = Fixture()
        let meter = try #require(clock.meter(delay: .zero))
        meter.update(0.5)
        #expect(clock.output == ["\rsimulating… 50%"], "no wait: the first report is drawn")
    }
}
