// PlayBackSchedulerTests: the adaptive choice (start small, unlock on mastery, weak and stale first) and history.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@Suite("Play-back adaptivity and history")
struct PlayBackSchedulerTests {
    static func answer(
        _ item: PlayBackItem, correct: Bool, at seconds: Double = 0, responseTime: Double = 1
    ) -> CompletedPlayBack {
        let question = PlayBackQuestion.testing(item, reference: 60)
        var notes = question.answerNotes
        if !correct { notes[0] = notes[0].advanced(by: -1) }
        return CompletedPlayBack(
            question: question, played: notes.map { PlayedNote(note: $0, velocity: 80, time: 5) },
            anyOctave: false,
            anyVoicing: false, timestamp: Date(timeIntervalSince1970: 1_767_225_600 + seconds),
            responseTime: responseTime, inputKind: .simulated)
    }

    @Test("mastered: 6 of 6, 8 of 9, 11 of 12 right; not 5 of 5 nor 9 of 12")
    func mastery() {
        #expect(ItemMastery(recent: Array(repeating: true, count: 6)).isMastered)
        #expect(ItemMastery(recent: Array(repeating: true, count: 8) + [false]).isMastered)
        #expect(ItemMastery(recent: Array(repeating: true, count: 11) + [false]).isMastered)
        #expect(!ItemMastery(recent: Array(repeating: true, count: 5)).isMastered)
        #expect(!ItemMastery(recent: Array(repeating: true, count: 9) + [false, false, false]).isMastered)
        #expect(ItemMastery(recent: []).estimate == 0.5)
    }

    @Test(
        "a new player starts with P5, M3 and P8 up; two of them mastered at a level of 80 % over 24 answers open P4 and m3; a slip keeps what was asked"
    )
    func unlocking() {
        let scheduler = PlayBackScheduler(options: PlayBackOptions(kind: .intervals))
        var history = PlayBackHistory()
        let start = scheduler.activeItems(history)
        #expect(start.map(\.id) == ["P5", "M3", "P8"])
        for _ in 0..<6 { history.add(Self.answer(start[1], correct: true)) }
        #expect(scheduler.activeItems(history).count == 3, "one of the newest mastered")
        for _ in 0..<6 { history.add(Self.answer(start[2], correct: true)) }
        #expect(
            scheduler.activeItems(history).count == 3, "two mastered, but 12 answers are too few for a level")
        for number in 0..<12 { history.add(Self.answer(start[0], correct: number % 2 == 0)) }
        #expect(history.level(of: .intervals) == (share: 18.0 / 24, answers: 24))
        #expect(scheduler.activeItems(history).count == 3, "a level of 75 %")
        for _ in 0..<6 { history.add(Self.answer(start[1], correct: true)) }
        // Two new items join, to be learnt side by side.
        #expect(scheduler.activeItems(history).map(\.id) == ["P5", "M3", "P8", "P4", "m3"])
        history.add(Self.answer(.interval(DirectedInterval(.perfectFourth), harmonic: false), correct: false))
        for _ in 0..<3 { history.add(Self.answer(start[1], correct: false)) }
        #expect(scheduler.activeItems(history).count == 4, "an item once asked stays in play")
        // A placement asks the catalogue's items not answered yet, in order.
        #expect(scheduler.placementItem(history, skipping: [])?.id == "m3")
        #expect(
            scheduler.placementItem(
                history, skipping: [.interval(DirectedInterval(.minorThird), harmonic: false)])?.id == "M2")
        // A fixed list is asked as it is, without unlocking.
        let fixed = PlayBackScheduler(
            options: PlayBackOptions(
                kind: .intervals, items: [.interval(DirectedInterval(.minorSixth), harmonic: true)]))
        #expect(fixed.activeItems(history).map(\.id) == ["m6harmonic"])
    }

    @Test("the weak item comes most often; the same item never twice in a row")
    func weakFirst() {
        let scheduler = PlayBackScheduler(options: PlayBackOptions(kind: .chords))
        var history = PlayBackHistory()
        for index in 0..<12 {
            history.add(Self.answer(.chord(.major, inversion: 0), correct: true, at: Double(index)))
            history.add(Self.answer(.chord(.minor, inversion: 0), correct: index % 3 == 0, at: Double(index)))
        }
        // Both active (not all mastered): count the choices, alternating is forced, so look at first picks.
        var generator = SeededRandomGenerator(seed: 1)
        var minor = 0
        for _ in 0..<1000 where scheduler.next(history, after: nil, using: &generator)?.id == "minor" {
            minor += 1
        }
        #expect(minor > 600, "\(minor)")
        #expect(
            scheduler.next(history, after: .chord(.minor, inversion: 0), using: &generator)?.id == "major")
    }

    @Test("the history counts accuracy, median response time, what a wrong item was heard as, and weeks")
    func history() throws {
        var history = PlayBackHistory()
        let third = PlayBackItem.interval(DirectedInterval(.majorThird), harmonic: false)
        for (index, correct) in [true, false, false, true, false].enumerated() {
            history.add(
                Self.answer(
                    third, correct: correct, at: Double(index) * 86_400 * 4, responseTime: Double(index)))
        }
        let record = try #require(history.items[third])
        #expect(record.answers == 5 && record.correct == 2 && record.medianResponseTime == 2)
        #expect(record.heardAs == ["m3": 3])
        #expect(history.confusions(of: .intervals).map(\.heardAs) == ["m3"])
        #expect(history.weeks[.intervals]?.values.reduce(0) { $0 + $1.answers } == 5)
        #expect(history.weeks[.intervals]?.count == 3)
        #expect(history.isConsistent(maximumCount: 5) && !history.isConsistent(maximumCount: 4))
        #expect(try snapshotRoundTrip(history) == history)
    }

    @Test("a cluster of four adjacent keys within 100 ms is the gesture; three, or spread out, is not")
    func clusters() {
        var gesture = ClusterGesture()
        let found = [
            gesture.noteOn(60, at: 0), gesture.noteOn(62, at: 0.01), gesture.noteOn(61, at: 0.02),
            gesture.noteOn(63, at: 0.03), gesture.noteOn(64, at: 0.04),
        ]
        #expect(found == [nil, nil, nil, 60, nil])  // counted once
        var slow = ClusterGesture()
        for (index, note) in [48, 49, 50, 51].enumerated() {
            let found = slow.noteOn(note, at: Double(index) * 0.2)
            #expect(found == nil)
        }
        var released = ClusterGesture()
        _ = released.noteOn(40, at: 0)
        _ = released.noteOn(41, at: 0)
        released.noteOff(41)
        _ = released.noteOn(42, at: 0)
        let afterRelease = released.noteOn(43, at: 0)
        #expect(afterRelease == nil)
    }
}
