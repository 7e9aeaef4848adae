// EchoTests: rhythm echo's bars, its matcher, its level and its session in virtual time.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@Suite("Rhythm echo: bars, matcher, level")
struct EchoRhythmTests {
    @Test(
        "a bar is four figures of the vocabulary, written and read by their names; a level's bars use its figures"
    )
    func bars() throws {
        let bar = try #require(EchoRhythm(text: "4:x-xx 2:xx 3:xxx 1:x"))
        #expect(bar.description == "4:x-xx 2:xx 3:xxx 1:x")
        let third = 1.0 / 3
        let expected: [Double] = [0, 0.5, 0.75, 1, 1.5, 2, 2 + third, 2 + 2 * third, 3]
        #expect(bar.onsets == expected)
        #expect(abs(bar.shortestGap - 0.25) < 1e-12)
        #expect(bar.level == 4 && bar.family == .triplets)
        for bad in [
            "4:x-xx 2:xx 3:xxx", "4:xxxx 4:xxxx 4:xxxx 4:xxxx 4:xxxx", "4:x-xy 1:x 1:x 1:x",
            "2:x- 1:x 1:x 1:x",
        ] {
            #expect(EchoRhythm(text: bad) == nil, "\(bad)")
        }
        var generator = SeededRandomGenerator(seed: 9)
        for level in 1...EchoRhythm.maxLevel {
            for _ in 0..<50 {
                let random = EchoRhythm.random(level: level, using: &generator)
                #expect(random.level == level, "\(random) at level \(level)")
                #expect(EchoRhythm(text: random.description) == random)
            }
        }
    }

    @Test(
        "the matcher pairs in order within the tolerance: hits with offsets, misses, extras; one early strike shifts nothing"
    )
    func matcher() {
        let notes = [0.0, 0.5, 0.75, 1.0]
        // Every note 10 ms late, and one extra strike between.
        var result = EchoMatcher.match(
            notes: notes, strikes: [0.01, 0.51, 0.62, 0.76, 1.01], tolerance: 0.08)
        #expect(result.offsets.map { $0.map { ($0 * 1000).rounded() } } == [10, 10, 10, 10])
        #expect(result.extras == 1)
        // The third note missed: the strike near it is not taken by its neighbours.
        result = EchoMatcher.match(notes: notes, strikes: [0.0, 0.49, 1.02], tolerance: 0.08)
        #expect(result.offsets.map { $0 != nil } == [true, true, false, true] && result.extras == 0)
        // A strike early enough to be nearer the note before is paired with the note it is in time for, in order.
        result = EchoMatcher.match(notes: notes, strikes: [0.0, 0.44, 0.70, 1.0], tolerance: 0.08)
        #expect(result.offsets.map { $0.map { ($0 * 1000).rounded() } } == [0, -60, -50, 0])
        // Nothing struck: all missed.
        result = EchoMatcher.match(notes: notes, strikes: [], tolerance: 0.08)
        #expect(result.offsets.allSatisfy { $0 == nil } && result.extras == 0)
    }

    @Test("a lag (the calibration) is taken off each strike before it is paired; the offsets stay raw")
    func matcherLag() {
        let notes = [0.0, 0.5, 0.75, 1.0]
        // A chain 90 ms late: every strike is beyond the tolerance of its note, and all are extra.
        let strikes = notes.map { $0 + 0.09 }
        var result = EchoMatcher.match(notes: notes, strikes: strikes, tolerance: 0.08)
        #expect(result.offsets.allSatisfy { $0 == nil } && result.extras == 4)
        result = EchoMatcher.match(notes: notes, strikes: strikes, tolerance: 0.08, lag: 0.085)
        #expect(result.offsets.map { $0.map { ($0 * 1000).rounded() } } == [90, 90, 90, 90])
        #expect(result.extras == 0)
        // Taken off, a strike paired late in its note's tolerance is nearer the next note: it pairs there.
        result = EchoMatcher.match(notes: [0, 0.2], strikes: [0.19], tolerance: 0.15, lag: 0.1)
        #expect(result.offsets.map { $0.map { ($0 * 1000).rounded() } } == [190, nil])
        result = EchoMatcher.match(notes: [0, 0.2], strikes: [0.19], tolerance: 0.15)
        #expect(result.offsets.map { $0.map { ($0 * 1000).rounded() } } == [nil, -10])
    }

    @Test("three good echoes in a row move up a level, two poor ones down; within 1 … 6")
    func level() {
        var level = EchoLevel()
        #expect(!level.count(score: 0.9) && !level.count(score: 1))
        #expect(level.count(score: 0.8) && level.level == 2)
        #expect(!level.count(score: 0.4) && level.count(score: 0.1) && level.level == 1)
        #expect(!level.count(score: 0) && !level.count(score: 0) && level.level == 1)
        var top = EchoLevel(level: 9)
        #expect(top.level == 6 && !top.count(score: 1) && !top.count(score: 1) && !top.count(score: 1))
    }
}

@MainActor
final class EchoHarness {
    let clock = VirtualClock()
    let clicks: FakeClickPlayer
    let store = InMemoryTrainingStore()
    let session: EchoSession
    let recorder = EventRecorder<EchoEvent>()

    init(level: Int = 1, seed: UInt64 = 4, calibration: TimingCalibration? = nil) {
        clicks = FakeClickPlayer(clock: clock, leadTime: 0.1)
        session = EchoSession(
            clicks: clicks, settings: { .defaults }, clock: clock, observers: [store], level: level,
            calibration: { calibration }, generator: SeededRandomGenerator(seed: seed))
        session.addEventHandler { [recorder] in recorder.events.append($0) }
    }

    func advance(to time: Double) { clock.advance(by: .seconds(max(0, time - clicks.now))) }

    /// The bar of the call and where its echo bar starts, for each call presented so far.
    var calls: [(rhythm: EchoRhythm, level: Int, start: Double)] {
        recorder.events.compactMap {
            if case .call(let rhythm, let level, let start) = $0 { (rhythm, level, start) } else { nil }
        }
    }

    var completed: [CompletedEcho] {
        recorder.events.compactMap { if case .trialCompleted(let echo) = $0 { echo } else { nil } }
    }
}

@MainActor
@Suite("EchoSession")
struct EchoSessionTests {
    let bar = 3.0  // four beats at 80 BPM
    let start = 0.1  // the lead time

    @Test(
        "a count-in, then the call as high clicks and the echo bar's four low clicks; an echo is scored, stored and the loop goes on"
    )
    func callAndResponse() throws {
        let harness = EchoHarness()
        harness.session.start()
        harness.advance(to: start + bar + 0.01)
        let call = try #require(harness.calls.first)
        #expect(abs(call.start - (start + bar)) < 1e-9 && call.level == 1)
        // The count-in: four low clicks a beat apart; the call: its notes, high.
        let heard = harness.clicks.clicks
        #expect(heard.prefix(4).map(\.accent) == [false, false, false, false])
        let countIn = heard.prefix(4).map(\.time)
        for (beat, time) in countIn.enumerated() { #expect(abs(time - (start + Double(beat) * 0.75)) < 1e-9) }
        let high = heard.filter(\.accent).map(\.time)
        #expect(high.count == call.rhythm.onsets.count)
        for (time, onset) in zip(high, call.rhythm.onsets) {
            #expect(abs(time - (call.start + onset * 0.75)) < 1e-9)
        }
        // Echo every note 6 ms late, plus one extra strike.
        let echoStart = call.start + bar
        harness.advance(to: echoStart - 0.01)
        let low = harness.clicks.clicks.filter { !$0.accent && $0.time >= echoStart - 1e-9 }.map(\.time)
        #expect(low.count == 4)
        var strikes = call.rhythm.onsets.map { echoStart + $0 * 0.75 + 0.006 }
        strikes.append(echoStart + 3.9 * 0.75 / 4)
        for time in strikes.sorted() {
            harness.advance(to: time)
            #expect(harness.session.strike(at: time, input: .midiNote))
        }
        harness.advance(to: echoStart + bar + 0.1)
        let echo = try #require(harness.completed.first)
        #expect(echo.hits == call.rhythm.onsets.count && echo.extras == 1 && echo.missed == 0)
        #expect(echo.hitOffsets.allSatisfy { abs($0 - 6) < 1e-6 })
        #expect(abs(echo.score - Double(echo.hits) / Double(echo.hits + 1)) < 1e-12)
        #expect(harness.store.echoes == [echo] && echo.inputKind == .midiNote)
        // The next call follows the echo bar at once.
        #expect(harness.calls.count == 2 && abs(harness.calls[1].start - (echoStart + bar)) < 1e-9)
        // A strike in a call bar is outside.
        #expect(!harness.session.strike(at: harness.clicks.now))
    }

    @Test(
        "with a calibration a late chain's strikes are paired with it taken off, stored raw, and counted until its lag after the bar"
    )
    func calibrated() throws {
        let late = TimingCalibration(
            offsets: [120], controller: "Pads", output: "fake-synth", time: Date(timeIntervalSince1970: 0))
        var echoes: [CompletedEcho] = []
        var counted: [Bool] = []
        for calibration in [nil, late] {
            let harness = EchoHarness(calibration: calibration)
            harness.session.start()
            harness.advance(to: start + bar + 0.01)
            let call = try #require(harness.calls.first)
            let echoStart = call.start + bar
            // Every note 125 ms late: beyond the 100 ms tolerance, 5 ms once the calibration is off.
            for onset in call.rhythm.onsets {
                let time = echoStart + onset * 0.75 + 0.125
                harness.advance(to: time)
                harness.session.strike(at: time)
            }
            // Just after the bar: in the next call bar, unless the chain is 120 ms late.
            harness.advance(to: echoStart + bar + 0.01)
            counted.append(harness.session.strike(at: echoStart + bar + 0.01))
            harness.advance(to: echoStart + bar + 0.3)
            echoes.append(try #require(harness.completed.first))
            #expect(harness.store.echoes == [echoes.last])
        }
        #expect(counted == [false, true])
        let notes = echoes[0].onsets.count
        #expect(echoes[0].hits == 0 && echoes[0].extras == notes)
        #expect(echoes[1].hits == notes && echoes[1].extras == 1)
        #expect(
            echoes[1].hitOffsets.allSatisfy { abs($0 - 125) < 1e-6 }, "stored raw: \(echoes[1].hitOffsets)")
    }

    @Test(
        "an echo bar without a strike stores nothing; three good echoes move the level up, shown in the bar after next"
    )
    func levels() throws {
        let harness = EchoHarness()
        harness.session.start()
        var echoed = 0
        while echoed < 5 {
            harness.advance(to: harness.clicks.now + 0.05)
            guard let call = harness.calls.last, harness.clicks.now > call.start + bar - 0.2 else { continue }
            let echoStart = call.start + bar
            if echoed == 0 {
                harness.advance(to: echoStart + bar + 0.1)  // the first echo bar passes silent
            } else {
                for onset in call.rhythm.onsets {
                    harness.advance(to: echoStart + onset * 0.75)
                    harness.session.strike(at: echoStart + onset * 0.75)
                }
                harness.advance(to: echoStart + bar + 0.1)
            }
            echoed += 1
        }
        #expect(harness.recorder.events.contains { if case .trialEmpty = $0 { true } else { false } })
        #expect(harness.completed.count == 4 && harness.completed.allSatisfy { $0.score == 1 })
        #expect(harness.recorder.events.contains { if case .levelChanged(2) = $0 { true } else { false } })
        #expect(harness.session.level == 2)
        // The bar placed while the third good echo was scored was drawn at level 1; the one after at level 2.
        let levels = harness.calls.map(\.level)
        #expect(levels.last == 2 && levels.prefix(4).allSatisfy { $0 == 1 })
    }

    @Test(
        "a dropout discards the echo being played and starts again with a count-in after a rest; stop ends it"
    )
    func dropout() throws {
        let harness = EchoHarness()
        harness.session.start()
        harness.advance(to: start + bar + 0.5)
        harness.clicks.dropoutCount = 1
        // Found at the next bar's start (or the next strike), then a rest and a lead time.
        harness.advance(to: start + 2 * bar + EchoSession.dropoutRest + 0.3)
        #expect(harness.recorder.events.contains { if case .dropout = $0 { true } else { false } })
        let countIns = harness.recorder.events.compactMap {
            if case .countIn(_, let at) = $0 { at } else { nil }
        }
        #expect(countIns.count == 2)
        #expect(countIns[1] >= start + bar + 0.5 + EchoSession.dropoutRest)
        #expect(harness.store.echoes.isEmpty)
        harness.session.stop()
        #expect(!harness.session.isRunning)
        #expect(harness.clicks.clicks.allSatisfy { $0.time <= harness.clicks.now })
    }
}
