/// Units of one fruit held in lots, each good through its last day, used first expired, first out: the one definition
/// of how stock with use-by dates is used, shared by the shop's lots (`JournalLots`), the stock planner's and the
/// purchase planner's replays of past days and the purchase planner's scenarios.
///
/// Lots are kept first out first: an earlier last day before a later one, a lot with a last day before one without
/// (it keeps), and among equals the one added first. Taking takes from the first lots; expiring removes the lots whose
/// last day has passed. `Day` is whatever orders the days: a day's number, or a `YYYY-MM-DD` date as text.
public struct FirstExpiredFirstOut<Day: Comparable & Hashable & Sendable>: Hashable, Sendable {
    /// One lot.
    public struct Lot: Hashable, Sendable {
        /// The units left in it.
        public var units: Int
        /// The last day it can be used (nil: it keeps).
        public var lastDay: Day?
        /// The first day it can be used (nil: it is there now).
        public var arrives: Day?
        /// What the holder knows it by (a delivery's journal entry, say); 0 when nothing.
        public var tag: Int

        /// A lot of `units` good through `lastDay` (nil: it keeps), there from `arrives` (nil: now), known by `tag`.
        @inlinable
        public init(units: Int, lastDay: Day?, arrives: Day? = nil, tag: Int = 0) {
            self.units = units
            self.lastDay = lastDay
            self.arrives = arrives
            self.tag = tag
        }

        /// Whether it comes out before `other`: an earlier last day, or a last day against none.
        @inlinable
        func comesOut(before other: Lot) -> Bool {
            switch (lastDay, other.lastDay) {
            case (let a?, let b?): return a < b
            case (.some, nil): return true
            default: return false
            }
        }

        /// Whether it can be used on `day`: arrived and not past its last day.
        @inlinable
        func usable(on day: Day) -> Bool {
            (arrives.map { $0 <= day } ?? true) && (lastDay.map { $0 >= day } ?? true)
        }
    }

    /// The lots, first out first (some may be empty after `take(_:on:)`).
    @usableFromInline
    var storage: [Lot] = []

    /// No lots.
    @inlinable
    public init() {}

    /// `lots` put first out first (equal ones in the order given).
    @inlinable
    public init(_ lots: some Sequence<Lot>) {
        for lot in lots { add(lot) }
    }

    /// The lots, first out first.
    @inlinable
    public var lots: [Lot] { storage }

    /// The units in all lots.
    @inlinable
    public var units: Int {
        var sum = 0
        for lot in storage { sum += lot.units }
        return sum
    }

    /// Adds `lot` after every lot that comes out before it or with it.
    @inlinable
    public mutating func add(_ lot: Lot) {
        var index = storage.endIndex
        while index > storage.startIndex, lot.comesOut(before: storage[index - 1]) { index -= 1 }
        storage.insert(lot, at: index)
    }

    /// Adds a lot of `units` good through `lastDay` (nil: it keeps).
    @inlinable
    public mutating func add(_ units: Int, lastDay: Day?, tag: Int = 0) {
        add(Lot(units: units, lastDay: lastDay, tag: tag))
    }

    /// Takes `units` off the lots, first out first (from the lots tagged `preferred` first, when given); returns what
    /// the lots did not hold.
    @discardableResult
    @inlinable
    public mutating func take(_ units: Int, preferring preferred: Int? = nil) -> Int {
        var left = units
        if let preferred {
            for index in storage.indices where left > 0 && storage[index].tag == preferred { left = take(left, at: index) }
        }
        for index in storage.indices where left > 0 { left = take(left, at: index) }
        storage.removeAll { $0.units == 0 }
        return left
    }

    /// Takes `units` off the lots usable on `day` (arrived, not past their last day), first out first; returns what
    /// they did not hold. Emptied lots stay (a scenario's loop takes day after day without reshaping its lots).
    @discardableResult
    @inlinable
    public mutating func take(_ units: Int, on day: Day) -> Int {
        var left = units
        var index = storage.startIndex
        while left > 0, index < storage.endIndex {
            if storage[index].units > 0, storage[index].usable(on: day) { left = take(left, at: index) }
            index += 1
        }
        return left
    }

    /// Removes every lot whose last day is `day` or before; returns the units they held (the waste).
    @discardableResult
    @inlinable
    public mutating func expire(through day: Day) -> Int {
        var wasted = 0
        storage.removeAll { lot in
            guard let last = lot.lastDay, last <= day else { return false }
            wasted += lot.units
            return true
        }
        return wasted
    }

    /// Makes these lots `other`'s, keeping this value's storage (a loop that starts each pass from the same lots).
    @inlinable
    public mutating func reset(to other: Self) {
        storage.removeAll(keepingCapacity: true)
        storage.append(contentsOf: other.storage)
    }

    /// Takes up to `units` from lot `index`; returns what is still to take.
    @inlinable
    mutating func take(_ units: Int, at index: Int) -> Int {
        let taken = min(units, storage[index].units)
        storage[index].units -= taken
        return units - taken
    }
}
