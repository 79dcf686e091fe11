import JuiceCore
import Testing

@Suite("First expired, first out")
struct FirstExpiredFirstOutTests {
    typealias Lots = FirstExpiredFirstOut<Int>

    @Test("lots come out by last day, dated before undated, equal ones in the order added")
    func order() {
        var lots = Lots()
        lots.add(5, lastDay: 9, tag: 1)
        lots.add(3, lastDay: nil, tag: 2)
        lots.add(4, lastDay: 3, tag: 3)
        lots.add(2, lastDay: 9, tag: 4)
        lots.add(1, lastDay: nil, tag: 5)
        #expect(lots.lots.map(\.tag) == [3, 1, 4, 2, 5])
        #expect(lots.units == 15)
        #expect(Lots(lots.lots.reversed()).lots.map(\.tag) == [3, 4, 1, 5, 2], "equal ones keep the order given")
    }

    @Test("taking takes from the first lots, and says what they did not hold")
    func take() {
        var lots = Lots([.init(units: 4, lastDay: 2, tag: 1), .init(units: 6, lastDay: 5, tag: 2)])
        let notHeld1 = lots.take(5)
        #expect(notHeld1 == 0)
        #expect(lots.lots == [.init(units: 5, lastDay: 5, tag: 2)])
        let notHeld2 = lots.take(8)
        #expect(notHeld2 == 3)
        #expect(lots.lots.isEmpty)
        let notHeld3 = lots.take(0)
        #expect(notHeld3 == 0)
    }

    @Test("a preferred lot is taken from first, then first out first")
    func preferring() {
        var lots = Lots([.init(units: 4, lastDay: 2, tag: 1), .init(units: 6, lastDay: 5, tag: 2)])
        let notHeld4 = lots.take(7, preferring: 2)
        #expect(notHeld4 == 0)
        #expect(lots.lots == [.init(units: 3, lastDay: 2, tag: 1)])
        let notHeld5 = lots.take(1, preferring: 9)
        #expect(notHeld5 == 0, "a tag no lot has: first out first")
        #expect(lots.units == 2)
    }

    @Test("expiring removes the lots whose last day is the day or before, and gives their units")
    func expire() {
        var lots = Lots([.init(units: 4, lastDay: 2), .init(units: 6, lastDay: 3), .init(units: 1, lastDay: nil)])
        let wasted6 = lots.expire(through: 1)
        #expect(wasted6 == 0)
        let wasted7 = lots.expire(through: 2)
        #expect(wasted7 == 4)
        let wasted8 = lots.expire(through: 10)
        #expect(wasted8 == 6)
        #expect(lots.lots == [.init(units: 1, lastDay: nil)])
    }

    @Test("taking on a day uses only the lots there and still good, and keeps the emptied ones")
    func takeOnDay() {
        var lots = Lots([
            .init(units: 2, lastDay: 1), .init(units: 3, lastDay: 4, arrives: 2), .init(units: 5, lastDay: nil),
        ])
        let notHeld9 = lots.take(1, on: 0)
        #expect(notHeld9 == 0)
        #expect(lots.lots.map(\.units) == [1, 3, 5])
        let notHeld10 = lots.take(4, on: 2)
        #expect(notHeld10 == 0, "the first is past its day; the second has come")
        #expect(lots.lots.map(\.units) == [1, 0, 4])
        let notHeld11 = lots.take(9, on: 5)
        #expect(notHeld11 == 5)
        #expect(lots.lots.map(\.units) == [1, 0, 0])
        var again = Lots()
        again.reset(to: Lots([.init(units: 7, lastDay: 3)]))
        #expect(again.lots == [.init(units: 7, lastDay: 3)])
    }

    @Test("use-by dates as text order the lots as the dates do")
    func textDates() {
        var lots = FirstExpiredFirstOut<String>()
        lots.add(1, lastDay: "2026-03-10", tag: 1)
        lots.add(1, lastDay: nil, tag: 2)
        lots.add(1, lastDay: "2026-02-28", tag: 3)
        #expect(lots.lots.map(\.tag) == [3, 1, 2])
    }

    @Test("any takes and expiries keep the units: taken + left + wasted = added")
    func conservation() {
        var random = SeededRandom(seed: 38)
        for _ in 0..<200 {
            var lots = Lots()
            var added = 0
            var taken = 0
            var wasted = 0
            for day in 0..<30 {
                let units = Int(random.next() % 10)
                lots.add(units, lastDay: random.next() % 4 == 0 ? nil : day + Int(random.next() % 5))
                added += units
                let want = Int(random.next() % 12)
                taken += want - lots.take(want)
                wasted += lots.expire(through: day)
                let lastDays = lots.lots.map { $0.lastDay ?? .max }
                #expect(lastDays == lastDays.sorted())
            }
            #expect(taken + lots.units + wasted == added)
        }
    }
}
