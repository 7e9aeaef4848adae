// TimingRunTests: timing training as a whole run in virtual time: keys and pads answer and strike by their stamps.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@MainActor
final class TimingRunHarness {
    let clock = VirtualClock()
    let clicks: FakeClickPlayer
    let sound: FakeSoundOutput
    let store = InMemoryTrainingStore()
    let presenter = RecordingPresenter()
    let run: TrainingRun

    init(
        mode: TrainingMode, timing: TimingSettings = .defaults, withClicks: Bool = true,
        refusal: ClicksUnavailable? = nil
    ) {
        clicks = FakeClickPlayer(clock: clock, leadTime: 0.1)
        sound = FakeSoundOutput(name: "fake-synth", clicks: withClicks ? clicks : nil, refusal: refusal)
        run = TrainingRun(
            mode: mode, clock: clock, sound: sound, store: store, storeLocation: "/data/records.jsonl",
            history: nil, settings: { .defaults }, profile: .builtInDefault, presenters: [presenter],
            seed: 11,
            timing: { timing })
    }

    /// A pad or key struck at `time` on the click timeline (note 36: below C4; 72: above).
    func noteOn(_ note: UInt8, at time: Double) {
        run.handle(
            .controller(.midi(.event(MIDIEvent(.noteOn(channel: 0, note: note, velocity: 100), at: time)))))
        run.handle(
            .controller(
                .midi(.event(MIDIEvent(.noteOff(channel: 0, note: note, velocity: 0), at: time + 0.05)))))
    }

    var currentTrial: OffsetDetectionTrial? {
        for event in presenter.events.reversed() {
            if case .offsetDetection(.trialStarted(let trial, _), _) = event { return trial }
        }
        return nil
    }

    var answerable: Bool {
        if case .offsetDetection(.answerable, _) = presenter.events.last { return true }
        return false
    }
}

@MainActor
@Suite("Timing training runs")
struct TimingRunTests {
    @Test("offset detection: a key below C4 answers early, one from C4 up late, timed by the event's stamp")
    func offsetDetectionByKeys() throws {
        let harness = TimingRunHarness(mode: .offsetDetection)
        harness.run.start()
        for round in 0..<6 {
            harness.clock.run(until: { harness.answerable }, limit: .seconds(10))
            let trial = try #require(harness.currentTrial)
            let right: UInt8 = trial.direction == .early ? 36 : 72
            let wrong: UInt8 = trial.direction == .early ? 72 : 36
            harness.noteOn(round < 4 ? right : wrong, at: harness.clicks.now + 0.25)
        }
        let stored = harness.store.offsetDetections
        #expect(stored.count == 6)
        #expect(stored.prefix(4).allSatisfy { $0.isCorrect })
        #expect(stored.suffix(2).allSatisfy { !$0.isCorrect })
        #expect(stored.allSatisfy { abs($0.responseTime - 0.25) < 1e-6 && $0.inputKind == .midiNote })
        #expect(stored[1].trial.offsetPercent < stored[0].trial.offsetPercent)
        harness.run.perform(.press(.stop, input: .keyboard))
        guard case .ended(.user, let progress, _) = harness.presenter.events.last else {
            Issue.record("the run did not end")
            return
        }
        #expect(progress.answered == 6)
        #expect(progress.correct == 4)
        #expect(harness.clicks.droppedCount >= 0)
    }

    @Test("fill the gap: a pad struck in the gap counts with its offset from the stamp; a trial is stored")
    func gapFillByPads() throws {
        let harness = TimingRunHarness(mode: .gapFill)
        harness.run.start()
        let sixteenth = 0.1875
        let start = 0.1
        for cycle in 0..<16 {
            let gap = start + (Double(cycle) * 4 + 3) * sixteenth
            harness.clock.advance(by: .seconds(gap + 0.03 - harness.clicks.now))
            // Stamped at the strike, delivered 30 ms later: the stamp decides.
            harness.noteOn(50, at: gap + (cycle.isMultiple(of: 2) ? 0.008 : -0.004))
        }
        harness.clock.advance(by: .seconds(1))
        let trial = try #require(harness.store.gapFills.first)
        #expect(trial.strikes.count == 16)
        #expect(abs(trial.meanOffsetMs - 2) < 1e-6)
        #expect(trial.meanOffsetMsPositions[3] != nil)
        harness.run.perform(.tune(5, input: .pitchBend))
        if case .notice(.actionNotApplicable("tune", .gapFill)) = harness.presenter.events.last {
        } else {
            Issue.record("tune should be not applicable in fill the gap")
        }
        harness.run.perform(.press(.stop, input: .keyboard))
        guard case .ended(.user, let progress, _) = harness.presenter.events.last else {
            Issue.record("the run did not end")
            return
        }
        #expect(progress.strikes == 16 && progress.answered == 0 && progress.stored == 1)
    }

    @Test(
        "fill the gap stopped before its 16 cycles: strikes counted, nothing stored, and the ending says so")
    func gapFillStoppedEarly() throws {
        let harness = TimingRunHarness(mode: .gapFill)
        harness.run.start()
        for cycle in 0..<5 {
            let gap = 0.1 + (Double(cycle) * 4 + 3) * 0.1875
            harness.clock.advance(by: .seconds(gap + 0.03 - harness.clicks.now))
            harness.noteOn(50, at: gap)
        }
        harness.run.perform(.press(.stop, input: .keyboard))
        guard case .ended(.user, let progress, _) = harness.presenter.events.last else {
            Issue.record("the run did not end")
            return
        }
        #expect(progress.strikes == 5 && progress.stored == 0 && harness.store.gapFills.isEmpty)
    }

    @Test("an output without clicks ends a timing run at once, saying so")
    func noClicks() throws {
        let harness = TimingRunHarness(mode: .offsetDetection, withClicks: false)
        harness.run.start()
        guard case .ended(.audioFailure(let error), _, _) = harness.presenter.events.last else {
            Issue.record("the run did not end")
            return
        }
        let refusal = try #require(error as? ClicksUnavailable)
        #expect(refusal.output == "fake-synth" && refusal.reason == .noClicks)
    }

    @Test(
        "an output whose delay is not exact (ALSA's pulse and jack plugins, PipeWire) is refused for every timing mode",
        arguments: [TrainingMode.offsetDetection, .gapFill, .echo, .calibration],
        [AudioStack.pulseAudio, .jack, .pipeWire])
    func delayNotExact(mode: TrainingMode, stack: AudioStack) throws {
        let harness = TimingRunHarness(
            mode: mode, refusal: ClicksUnavailable(output: "alsa:pulse", reason: .delayNotExact(stack)))
        harness.run.start()
        harness.clock.advance(by: .seconds(5))
        guard case .ended(.audioFailure(let error), _, _) = harness.presenter.events.last else {
            Issue.record("the run did not end")
            return
        }
        #expect(harness.clicks.clicks.isEmpty, "no click was placed")
        #expect(harness.store.offsetDetections.isEmpty && harness.store.gapFills.isEmpty)
        let refusal = try #require(error as? ClicksUnavailable)
        #expect(refusal.output == "alsa:pulse" && refusal.reason == .delayNotExact(stack))
    }
}

@MainActor
@Suite("Timing training's events stream")
struct TimingEventStreamTests {
    @Test("timing events carry their fields, only those of the schema, and the store's values")
    func events() throws {
        var lines: [String] = []
        let harness = TimingRunHarness(mode: .gapFill)
        let stream = EventStreamPresenter { lines.append($0) }
        harness.run.start()
        for event in harness.presenter.events { stream.present(event, at: Date()) }
        harness.presenter.onPresent = { stream.present($0, at: Date()) }
        let sixteenth = 0.1875
        for cycle in 0..<16 {
            let gap = 0.1 + (Double(cycle) * 4 + 3) * sixteenth
            harness.clock.advance(by: .seconds(gap - harness.clicks.now))
            harness.noteOn(40, at: gap + 0.0125)
        }
        harness.clock.advance(by: .seconds(1))
        harness.run.perform(.press(.startComparison, input: .keyboard))
        harness.run.perform(.press(.stop, input: .keyboard))
        let objects = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        for object in objects {
            let name = try #require(object["event"] as? String)
            let schema = try #require(EventLine.schema[name], "no schema for \(name)")
            #expect(Set(object.keys).subtracting(["event", "time"]).isSubset(of: schema), "\(object)")
        }
        let loop = try #require(objects.first { $0["event"] as? String == "loopStarted" })
        #expect(loop["tempo"] as? Int == 80 && loop["gapPositions"] as? [Int] == [4])
        let strikes = objects.filter { $0["event"] as? String == "strike" }
        #expect(strikes.count == 16)
        #expect(
            strikes.allSatisfy {
                abs(($0["offsetMs"] as? Double ?? 0) - 12.5) < 1e-6 && $0["position"] as? Int == 4
            })
        let result = try #require(objects.first { $0["event"] as? String == "result" })
        // Foundation's JSON reader rounds the last of 17 digits; the value written is the store's.
        let stored = try #require(harness.store.gapFills.first)
        #expect(abs((result["meanOffsetMs"] as? Double ?? 0) - stored.meanOffsetMs) < 1e-9)
        #expect(result["strikes"] as? Int == 16)
    }

    @Test(
        "silent bars and a ramp have their lines: silence, tempoChanged, strikes in the silence, the trial's drift"
    )
    func silentBarsAndRampEvents() throws {
        var lines: [String] = []
        let timing = try TimingSettings(silentBars: 1, silentEvery: 1, tempoRamp: 10, rampEvery: 1)
        let harness = TimingRunHarness(mode: .gapFill, timing: timing)
        let stream = EventStreamPresenter { lines.append($0) }
        harness.run.start()
        for event in harness.presenter.events { stream.present(event, at: Date()) }
        harness.presenter.onPresent = { stream.present($0, at: Date()) }
        // Bar 1 sounds at 80 BPM, bar 2 is silent and holds 80 (the ramp counts bars played; 90 comes with the
        // loop's return): strike each gap 4 ms late, then 10 ms a bar later.
        var cycleStart = 0.1
        let sixteenth = 15 / 80.0
        for cycle in 0..<8 {
            let silentBar = cycle >= 4 ? (Double(cycle - 4) + 0.75) / 4 : 0
            let strike = cycleStart + 3 * sixteenth + 0.004 + silentBar * 0.010
            harness.clock.advance(by: .seconds(strike - harness.clicks.now))
            harness.noteOn(40, at: strike)
            cycleStart += 4 * sixteenth
        }
        harness.clock.advance(by: .seconds(1))
        harness.run.perform(.press(.stop, input: .keyboard))
        let objects = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        for object in objects {
            let name = try #require(object["event"] as? String)
            let schema = try #require(EventLine.schema[name], "no schema for \(name)")
            #expect(Set(object.keys).subtracting(["event", "time"]).isSubset(of: schema), "\(object)")
        }
        #expect(objects.first { $0["event"] as? String == "silence" }?["bars"] as? Int == 1)
        #expect(objects.first { $0["event"] as? String == "tempoChanged" }?["tempo"] as? Int == 90)
        let silent = objects.filter { $0["event"] as? String == "strike" && $0["silentBar"] != nil }
        #expect(silent.count == 4)
        let result = try #require(objects.first { $0["event"] as? String == "result" })
        #expect(abs((result["driftMsPerBar"] as? Double ?? 0) - 10) < 1e-6)
        #expect(result["strikes"] as? Int == 4)
        let stored = try #require(harness.store.gapFills.first)
        #expect(stored.silentBars == 1 && stored.tempoRamp == 10 && stored.silentStrikes.count == 4)
        #expect(abs(stored.meanOffsetMs - 4) < 1e-6)
    }

    @Test("offset detection's events say the pattern, each repetition of the loop, and the answer's pattern")
    func offsetDetectionEvents() throws {
        var lines: [String] = []
        let harness = TimingRunHarness(mode: .offsetDetection)
        let stream = EventStreamPresenter { lines.append($0) }
        harness.run.start()
        for event in harness.presenter.events { stream.present(event, at: Date()) }
        harness.presenter.onPresent = { stream.present($0, at: Date()) }
        // Unanswered for three beats: the pattern plays a second, third and fourth time.
        harness.clock.advance(by: .seconds(0.1 + 3 * Tempo.standard.beat + 0.01))
        harness.noteOn(40, at: harness.clicks.now)
        let objects = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        for object in objects {
            let name = try #require(object["event"] as? String)
            let schema = try #require(EventLine.schema[name], "no schema for \(name)")
            #expect(Set(object.keys).subtracting(["event", "time"]).isSubset(of: schema), "\(object)")
        }
        let trial = try #require(objects.first { $0["event"] as? String == "trialStarted" })
        #expect(trial["pattern"] as? String == "4:xxxx" && trial["offsetClick"] as? Int == 3)
        let repetitions = objects.filter { $0["event"] as? String == "repetition" }.compactMap {
            $0["repetition"] as? Int
        }
        #expect(repetitions == [2, 3, 4])
        let result = try #require(objects.first { $0["event"] as? String == "result" })
        #expect(result["pattern"] as? String == "4:xxxx")
        #expect(harness.store.offsetDetections.count == 1)
    }

    @Test(
        "a dropout in either discipline is a `dropout` line and a line on the screen; nothing is stored for it",
        arguments: [TrainingMode.gapFill, .offsetDetection])
    func dropout(mode: TrainingMode) throws {
        var lines: [String] = []
        let harness = TimingRunHarness(mode: mode)
        let stream = EventStreamPresenter { lines.append($0) }
        harness.presenter.onPresent = { stream.present($0, at: Date()) }
        harness.run.start()
        harness.clock.advance(by: .seconds(0.9))
        harness.clicks.dropoutCount = 1
        // The strike (fill the gap) or the offset click's timer (offset detection) finds the dropout.
        harness.noteOn(40, at: harness.clicks.now)
        harness.clock.advance(by: .seconds(0.5))
        let names = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["event"]
                as? String
        }
        #expect(names.filter { $0 == "dropout" }.count == 1, "\(names)")
        let dropouts = harness.presenter.events.filter {
            switch $0 {
            case .gapFill(.dropout, _), .offsetDetection(.dropout, _): true
            default: false
            }
        }
        #expect(dropouts.count == 1, "the screen is told once (PeachTextTests words it)")
        #expect(harness.store.gapFills.isEmpty && harness.store.offsetDetections.isEmpty)
    }
}

@MainActor
@Suite("Timing calibration runs")
struct CalibrationRunTests {
    static let pads = MIDIPortInfo(
        address: MIDIAddress(client: 24, port: 0), clientName: "Pads", portName: "Pads MIDI 1",
        isReadable: true,
        isWritable: false, isHardware: true)

    @Test(
        "20 strikes along the clicks end the run with their median; fill the gap then shows them calibrated")
    func calibrate() throws {
        let harness = TimingRunHarness(mode: .calibration)
        harness.run.start()
        harness.run.handle(.controller(.midi(.connected(Self.pads))))
        for step in 0..<20 {
            let due = 0.1 + Double(step) * 0.1875
            harness.clock.advance(by: .seconds(due + 0.03 - harness.clicks.now))
            harness.noteOn(50, at: due + (step.isMultiple(of: 2) ? 0.011 : 0.013))
        }
        guard case .ended(.calibrated(let calibration), _, _) = harness.presenter.events.last else {
            Issue.record(
                "the calibration did not end the run: \(String(describing: harness.presenter.events.last))")
            return
        }
        #expect(abs(calibration.offsetMs - 12) < 1e-6)
        #expect(calibration.strikes == 20 && calibration.output == "fake-synth")
        #expect(calibration.controller.contains("Pads"))
        #expect(harness.store.gapFills.isEmpty)

        let clock = VirtualClock()
        let clicks = FakeClickPlayer(clock: clock, leadTime: 0.1)
        let presenter = RecordingPresenter()
        let run = TrainingRun(
            mode: .gapFill, clock: clock, sound: FakeSoundOutput(name: "fake-synth", clicks: clicks),
            store: InMemoryTrainingStore(), storeLocation: "/d", history: nil, settings: { .defaults },
            profile: .builtInDefault, presenters: [presenter], seed: 1, calibrations: [calibration])
        run.start()
        #expect(presenter.events.isEmpty == false)
        run.handle(.controller(.midi(.connected(Self.pads))))
        let gap = 0.1 + 3 * 0.1875
        clock.advance(by: .seconds(gap + 0.03))
        run.handle(
            .controller(.midi(.event(MIDIEvent(.noteOn(channel: 0, note: 50, velocity: 90), at: gap + 0.02))))
        )
        guard case .gapFill(.struck(let strike, _), let progress) = presenter.events.last else {
            Issue.record("no strike")
            return
        }
        #expect(abs(strike.offsetMs - 20) < 1e-6)
        #expect(progress.calibration == calibration)
        let calibrated = progress.calibration.map { strike.offsetMs - $0.offsetMs }
        #expect(calibrated.map { abs($0 - 8) < 1e-6 } == true, "8 ms late once calibrated (raw +20 ms)")
    }
}
