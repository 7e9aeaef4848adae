// GapFillSessionTests: fill the gap in virtual time: the loop's clicks, strike windows, trials and stops.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@MainActor
final class GapFillHarness {
    let clock = VirtualClock()
    let clicks: FakeClickPlayer
    let store = InMemoryTrainingStore()
    let session: GapFillSession
    let recorder = EventRecorder<GapFillEvent>()

    init(settings: TimingSettings = .defaults) {
        clicks = FakeClickPlayer(clock: clock, leadTime: 0.1)
        session = GapFillSession(clicks: clicks, settings: { settings }, clock: clock, observers: [store])
        session.addEventHandler { [recorder] in recorder.events.append($0) }
    }

    /// Moves virtual time to `time` on the click timeline.
    func advance(to time: Double) { clock.advance(by: .seconds(max(0, time - clicks.now))) }

    var completed: [CompletedGapFill] {
        recorder.events.compactMap { if case .trialCompleted(let completed) = $0 { completed } else { nil } }
    }
}

@MainActor
@Suite("GapFillSession")
struct GapFillSessionTests {
    let sixteenth = 0.1875  // 80 BPM
    let start = 0.1  // the lead time

    @Test("the loop clicks three steps of four, accenting the first, and keeps two cycles placed ahead")
    func loopClicks() {
        let harness = GapFillHarness()
        harness.session.start()
        #expect(harness.clicks.clicks.count == 6)
        harness.advance(to: start + 10 * 4 * sixteenth - 0.001)
        let heard = harness.clicks.heardClicks
        #expect(heard.count == 30)
        for (index, click) in heard.enumerated() {
            let cycle = index / 3
            let step = index % 3
            #expect(abs(click.time - (start + Double(cycle * 4 + step) * sixteenth)) < 1e-9)
            #expect(click.accent == (step == 0))
        }
        #expect(harness.clicks.clicks.count - heard.count <= 6)
    }

    @Test("strikes within half a sixteenth of a gap count once with their offset; others do not")
    func strikeWindows() throws {
        let harness = GapFillHarness()
        harness.session.start()
        let gap = start + 3 * sixteenth
        harness.advance(to: gap + 0.012)
        #expect(harness.session.strike(at: gap + 0.012, input: .midiNote))
        #expect(!harness.session.strike(at: gap + 0.020))  // the same gap again
        harness.advance(to: start + 5 * sixteenth)
        #expect(!harness.session.strike(at: start + 5 * sixteenth))  // a click step, far from any gap
        let gap2 = start + 7 * sixteenth
        harness.advance(to: gap2)
        #expect(harness.session.strike(at: gap2 - 0.030))  // early, within the window
        #expect(!harness.session.strike(at: start + 11 * sixteenth - sixteenth / 2 - 0.001))
        let struck = harness.recorder.events.compactMap {
            if case .struck(let strike, _) = $0 { strike } else { nil }
        }
        #expect(struck.count == 2)
        #expect(abs(struck[0].offsetMs - 12) < 1e-6)
        #expect(abs(struck[1].offsetMs - -30) < 1e-6)
        #expect(struck.allSatisfy { $0.position == 4 })
    }

    @Test("sixteen cycles make a trial: its mean and per-step means are stored, and the loop runs on")
    func trials() throws {
        let harness = GapFillHarness(settings: try TimingSettings(gapPositions: [2, 4]))
        harness.session.start()
        let cycle = 4 * sixteenth
        for index in 0..<16 {
            let base = start + Double(index) * cycle
            harness.advance(to: base + sixteenth)
            harness.session.strike(at: base + sixteenth - 0.010)
            harness.advance(to: base + 3 * sixteenth)
            harness.session.strike(at: base + 3 * sixteenth + 0.020)
        }
        #expect(harness.completed.isEmpty)
        harness.advance(to: start + 16 * cycle + sixteenth / 2 + 0.001)
        let trial = try #require(harness.completed.first)
        #expect(trial.strikes.count == 32)
        #expect(trial.gapCount == 32)
        #expect(abs(trial.meanOffsetMs - 5) < 1e-6)
        let positions = trial.meanOffsetMsPositions
        #expect(positions[0] == nil && positions[2] == nil)
        #expect(abs(try #require(positions[1]) - -10) < 1e-6)
        #expect(abs(try #require(positions[3]) - 20) < 1e-6)
        #expect(harness.store.gapFills.count == 1)
        // No strikes in the second trial: nothing stored, and the loop goes on clicking.
        harness.advance(to: start + 32 * cycle + sixteenth)
        #expect(harness.recorder.events.contains { if case .trialEmpty = $0 { true } else { false } })
        #expect(harness.store.gapFills.count == 1)
        #expect(harness.session.isRunning)
        #expect(harness.clicks.heardClicks.count == 32 * 2 + 1)  // and the first step of cycle 32
    }

    @Test(
        "a strike in the next trial's first gap, before the last trial has ended, belongs to the next trial")
    func strikeAcrossTrials() throws {
        let harness = GapFillHarness(settings: try TimingSettings(gapPositions: [1]))
        harness.session.start()
        let cycle = 4 * sixteenth
        harness.advance(to: start + cycle)
        harness.session.strike(at: start + cycle + 0.005)
        let boundary = start + 16 * cycle
        harness.advance(to: boundary - 0.02)
        #expect(harness.session.strike(at: boundary - 0.02))
        harness.advance(to: boundary + sixteenth)
        #expect(try #require(harness.completed.first).strikes.count == 1)
        harness.advance(to: boundary + 16 * cycle + sixteenth)
        #expect(harness.completed.count == 2)
        #expect(abs(harness.completed[1].meanOffsetMs - -20) < 1e-6)
    }

    @Test("stop drops the clicks ahead and discards the unfinished trial; a failing store stops the loop")
    func stops() throws {
        let harness = GapFillHarness()
        harness.session.start()
        harness.advance(to: start + 3 * sixteenth)
        harness.session.strike(at: start + 3 * sixteenth)
        harness.session.stop()
        #expect(!harness.session.isRunning)
        #expect(harness.clicks.droppedCount > 0)
        harness.advance(to: 60)
        #expect(harness.store.gapFills.isEmpty)

        let failing = GapFillHarness()
        failing.store.failing = true
        failing.session.start()
        failing.advance(to: start + 3 * sixteenth)
        failing.session.strike()
        failing.advance(to: start + 17 * 4 * sixteenth)
        #expect(!failing.session.isRunning)
        #expect(failing.completed.isEmpty)
        #expect(
            failing.recorder.events.contains { if case .stopped(.storeFailure) = $0 { true } else { false } })
    }

    @Test(
        "a dropout drops the clicks placed, discards the trial's strikes and starts its cycles again after a rest; a strike that finds it does not count"
    )
    func dropouts() throws {
        let harness = GapFillHarness()
        harness.session.start()
        let cycle = 4 * sixteenth
        // Two cycles of good strikes, then the sound breaks off.
        for index in 0..<2 {
            let gap = start + Double(index) * cycle + 3 * sixteenth
            harness.advance(to: gap)
            #expect(harness.session.strike(at: gap))
        }
        harness.advance(to: start + 2 * cycle + 0.05)
        harness.clicks.dropoutCount = 1
        let found = harness.clicks.now
        #expect(!harness.session.strike(at: found))
        #expect(harness.clicks.droppedCount > 0)
        let restartsAt = try #require(
            harness.recorder.events.compactMap { if case .dropout(let at) = $0 { at } else { nil } }.first)
        #expect(abs(restartsAt - (found + 0.1 + GapFillSession.dropoutRest)) < 1e-9)
        // The loop clicks again from the restart: three steps of four, the first accented, nothing in between.
        #expect(harness.clicks.clicks.filter { $0.time > found && $0.time < restartsAt }.isEmpty)
        // One strike in the restarted trial's sixth cycle.
        let gap = restartsAt + 5 * cycle + 3 * sixteenth
        harness.advance(to: gap + 0.004)
        #expect(harness.session.strike())
        harness.advance(to: restartsAt + 16 * cycle - 0.001)
        let again = harness.clicks.heardClicks.filter { $0.time >= restartsAt }
        #expect(again.count == 16 * 3)
        for (index, click) in again.enumerated() {
            let expected = restartsAt + Double(index / 3 * 4 + index % 3) * sixteenth
            #expect(abs(click.time - expected) < 1e-9)
            #expect(click.accent == (index % 3 == 0))
        }
        // The restarted trial holds that strike alone (the two before the dropout are gone).
        #expect(harness.completed.isEmpty)
        harness.advance(to: restartsAt + 16 * cycle + sixteenth)
        let trial = try #require(harness.completed.first)
        #expect(trial.strikes.map { ($0.offsetMs * 1000).rounded() / 1000 } == [4])
        #expect(harness.store.gapFills.count == 1)
        #expect(harness.session.trialCount == 1)
    }

    @Test("no cycle is placed while the output's timeline settles: at the start, and after a dropout")
    func waitsForTheTimeline() throws {
        let harness = GapFillHarness()
        harness.clicks.settledAt = 0.8
        harness.session.start()
        #expect(harness.clicks.clicks.isEmpty)
        harness.advance(to: 0.79)
        #expect(harness.clicks.clicks.isEmpty)
        harness.advance(to: 0.8)
        #expect(abs((harness.clicks.clicks.first?.time ?? 0) - (0.8 + 0.1)) < 1e-9)
        let started = try #require(
            harness.recorder.events.compactMap { if case .started(_, _, let at, _) = $0 { at } else { nil } }
                .first)
        #expect(abs(started - 0.9) < 1e-9)
        // A dropout whose timeline settles later than the rest: the loop restarts once it has settled.
        harness.advance(to: 1.5)
        harness.clicks.dropoutCount = 1
        harness.clicks.settledAt = 1.5 + 2.0
        #expect(!harness.session.strike(at: 1.5))
        let restartsAt = try #require(
            harness.recorder.events.compactMap { if case .dropout(let at) = $0 { at } else { nil } }.first)
        #expect(abs(restartsAt - (3.5 + 0.1)) < 1e-9)
        harness.advance(to: 3.49)
        #expect(harness.clicks.clicks.filter { $0.time > 1.5 }.isEmpty)
        harness.advance(to: 3.5)
        #expect(abs((harness.clicks.clicks.first { $0.time > 1.5 }?.time ?? 0) - restartsAt) < 1e-9)
    }
}

@MainActor
@Suite("GapFillSession tapping along (calibration)")
struct TapAlongTests {
    @Test("every step clicks and every step is a target: each strike counts with its offset from its click")
    func tapAlong() {
        let clock = VirtualClock()
        let clicks = FakeClickPlayer(clock: clock, leadTime: 0.1)
        let session = GapFillSession(
            clicks: clicks, settings: { .defaults }, clock: clock, observers: [], targets: .clicks)
        let recorder = EventRecorder<GapFillEvent>()
        session.addEventHandler { recorder.events.append($0) }
        session.start()
        #expect(clicks.clicks.count == 8)
        for step in 0..<12 {
            let due = 0.1 + Double(step) * 0.1875
            clock.advance(by: .seconds(due + 0.02 - clicks.now))
            #expect(session.strike(at: due + 0.015))
        }
        let offsets = recorder.events.compactMap {
            if case .struck(let strike, _) = $0 { strike.offsetMs } else { nil }
        }
        #expect(offsets.count == 12 && offsets.allSatisfy { abs($0 - 15) < 1e-6 })
        if case .started(_, let positions, _, _) = recorder.events.first {
            #expect(positions == [1, 2, 3, 4])
        } else {
            Issue.record("no start")
        }
    }
}

@MainActor
@Suite("GapFillSession: silent bars and a tempo ramp")
struct GapFillSilenceTests {
    let sixteenth = 0.1875  // 80 BPM
    let start = 0.1  // the lead time
    var bar: Double { 16 * sixteenth }

    @Test(
        "after the bars played the loop drops out, strikes go on against the grid, and the trial's drift is measured"
    )
    func silentBars() throws {
        let harness = GapFillHarness(settings: try TimingSettings(silentBars: 1, silentEvery: 2))
        harness.session.start()
        // A trial is two bars played and one silent: 12 cycles. Strike every gap, on time while the loop sounds
        // and 6 ms later per bar into the silence.
        for cycle in 0..<12 {
            let gap = start + Double(cycle * 4 + 3) * sixteenth
            let silentBar = cycle >= 8 ? (Double(cycle - 8) + 0.75) / 4 : 0
            let time = gap + 0.002 + silentBar * 0.006
            harness.advance(to: time)
            #expect(harness.session.strike(at: time))
        }
        harness.advance(to: start + 13 * 4 * sixteenth)
        // No click sounded in the silent bar (cycles 8 to 11), and the loop came back.
        let silent = harness.clicks.heardClicks.filter {
            $0.time >= start + 2 * bar - 1e-9 && $0.time < start + 3 * bar - 1e-9
        }
        #expect(silent.isEmpty)
        #expect(harness.clicks.heardClicks.contains { abs($0.time - (start + 3 * bar)) < 1e-9 })
        let silence = harness.recorder.events.compactMap {
            if case .silence(let bars, let at) = $0 { (bars, at) } else { nil }
        }
        #expect(silence.count == 1 && silence[0].0 == 1 && abs(silence[0].1 - (start + 2 * bar)) < 1e-9)
        let trial = try #require(harness.completed.first)
        #expect(trial.strikes.count == 8 && trial.silentStrikes.count == 4 && trial.gapCount == 8)
        #expect(abs(trial.meanOffsetMs - 2) < 1e-6)
        let drift = try #require(trial.drift)
        #expect(abs(drift.msPerBar - 6) < 1e-6 && drift.strikes == 4)
        #expect(abs(drift.meanOffsetMs - (2 + 6 * (0.1875 + 0.9375) / 2)) < 1e-6)
        #expect(harness.store.gapFills.first?.silentBars == 1)
    }

    @Test("a ramp steps the tempo every N bars; clicks, windows and strikes follow the ramped grid")
    func tempoRamp() throws {
        let harness = GapFillHarness(settings: try TimingSettings(tempoRamp: 20, rampEvery: 1))
        harness.session.start()
        harness.advance(to: start + 3 * bar)
        // Bar 1 at 80 BPM, bar 2 at 100, bar 3 at 120: each cycle as long as its tempo's beat.
        let starts = harness.clicks.heardClicks.filter(\.accent).map(\.time)
        let lengths = zip(starts, starts.dropFirst()).map { $1 - $0 }
        #expect(lengths.count >= 9)
        for (cycle, length) in lengths.prefix(9).enumerated() {
            let bpm = 80.0 + 20 * Double(cycle / 4)
            #expect(abs(length - 60 / bpm) < 1e-9, "cycle \(cycle)")
        }
        let changes = harness.recorder.events.compactMap {
            if case .tempoChanged(let tempo, _) = $0 { tempo.bpm } else { nil }
        }
        #expect(changes.starts(with: [100, 120, 140]))
        // A strike 5 ms after a gap of the 120 BPM bar counts with that offset; the window is half its sixteenth.
        let cycle = 9
        let gap = try #require(harness.session.gap(cycle: cycle, position: 4))
        #expect(abs(gap.time - (starts[cycle] + 3 * 0.125)) < 1e-9)
        harness.advance(to: gap.time + 0.005)
        #expect(harness.session.strike(at: gap.time + 0.005))
        #expect(!harness.session.strike(at: gap.time + 0.0626))  // beyond half of 120 BPM's sixteenth
        let struck = harness.recorder.events.compactMap {
            if case .struck(let strike, _) = $0 { strike.offsetMs } else { nil }
        }
        #expect(abs((struck.last ?? 0) - 5) < 1e-6)
        // The tempo stays within the training range.
        let fast = GapFillHarness(
            settings: try TimingSettings(tempo: try Tempo(bpm: 190), tempoRamp: 20, rampEvery: 1))
        fast.session.start()
        #expect(fast.session.tempo(ofCycle: 40).bpm == 200)
    }

    @Test(
        "a ramp holds the tempo through silent bars: strikes in the silence are scored against the last tempo heard"
    )
    func rampHoldsInSilence() throws {
        let harness = GapFillHarness(
            settings: try TimingSettings(silentBars: 1, silentEvery: 1, tempoRamp: 20, rampEvery: 1))
        harness.session.start()
        // A trial is one bar played and one silent (8 cycles); the ramp counts bars played.
        let bpms = (0..<20).map { harness.session.tempo(ofCycle: $0).bpm }
        #expect(
            bpms == [
                80, 80, 80, 80, 80, 80, 80, 80, 100, 100, 100, 100, 100, 100, 100, 100, 120, 120, 120, 120,
            ])
        // The silent bar's grid is 80 BPM's: a beat (0.75 s) from cycle to cycle.
        let first = try #require(harness.session.gap(cycle: 4, position: 4))
        let second = try #require(harness.session.gap(cycle: 5, position: 4))
        #expect(abs(second.time - first.time - 0.75) < 1e-9)
        #expect(first.silentBar != nil)
        // A player who holds the tempo they heard strikes on that grid: on time, not "dragging".
        harness.advance(to: second.time)
        #expect(harness.session.strike(at: second.time))
        let struck = harness.recorder.events.compactMap {
            if case .struck(let strike, _) = $0 { strike.offsetMs } else { nil }
        }
        #expect(abs(struck.last ?? 99) < 1e-6)
        // The tempo changes as the loop comes back (cycle 8), heard then, not in the silence.
        harness.advance(to: start + 2 * bar + 2 * 0.6)
        let changes = harness.recorder.events.compactMap {
            if case .tempoChanged(let tempo, let at) = $0 { (tempo.bpm, at) } else { nil }
        }
        #expect(changes.first?.0 == 100)
        #expect(abs((changes.first?.1 ?? 0) - (start + 2 * bar)) < 1e-9)
    }

    @Test(
        "in a pattern, a cycle is a beat of its steps: its notes click, its rests are the gaps, windows half a step"
    )
    func pattern() throws {
        let triplet = try #require(TimingPattern.named("3:x-x"))
        let harness = GapFillHarness(settings: try TimingSettings(gapPattern: triplet))
        harness.session.start()
        let step = 0.25  // a triplet eighth at 80 BPM
        harness.advance(to: start + 2 * 0.75 - 0.001)
        let heard = harness.clicks.heardClicks
        #expect(heard.map(\.time).count == 4)
        for (index, click) in heard.enumerated() {
            #expect(
                abs(click.time - (start + Double(index / 2) * 0.75 + Double(index % 2) * 2 * step)) < 1e-9)
            #expect(click.accent == (index % 2 == 0))
        }
        if case .started(_, let positions, _, let played) = harness.recorder.events.first {
            #expect(positions == [2] && played == triplet)
        } else {
            Issue.record("no start")
        }
        let gap = start + 2 * 0.75 + step
        harness.advance(to: gap + 0.1)
        #expect(harness.session.strike(at: gap + 0.1))  // within half a triplet eighth (125 ms)
        #expect(!harness.session.strike(at: gap + 0.75 + 0.13))
        #expect(throws: DomainValueError.self) { try TimingSettings(gapPattern: .straightSixteenths) }
    }
}
