/// Turns a source's position in its input (bytes of a file read, orders generated) into progress reports: the share
/// done, at most about a thousand times a run, so that a source may tell it where it is as often as it likes.
///
/// Every order source reports through one of these, and the first position it is told is always reported, so a
/// short run reports at least once.
package struct ProgressTicker: Sendable {
    private let total: Int
    private let report: OrderProgress?
    private let step: Int
    private var next: Int

    /// A ticker for an input of `total` units, reporting to `report` (nil: it does nothing).
    package init(total: Int, report: OrderProgress?) {
        self.total = max(total, 1)
        self.report = report
        step = max(1, total / 1_000)
        next = report == nil ? .max : 0
    }

    /// Notes that the source has reached `position` units; reports when a step has been passed.
    @inline(__always)
    package mutating func reach(_ position: Int) {
        if position >= next { fire(position) }
    }

    @inline(never)
    private mutating func fire(_ position: Int) {
        report?(min(1, Double(position) / Double(total)))
        next = position + step
    }
}
