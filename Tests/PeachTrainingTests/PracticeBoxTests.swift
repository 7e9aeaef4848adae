// PracticeBoxTests: the practice box's state machine in virtual time, over fake sound, store and controller.

import Foundation
import Logging
import PeachCore
import PeachLive
import PeachMIDI
import PeachStore
import PeachTestSupport
import PeachTraining
import Testing

/// A box over fakes: a virtual clock, fake audio devices (one per opening), an optional fake external synth,
/// a recording store, a recording logger and a status log in a temporary folder.
@MainActor
final class BoxHarness {
    let clock = VirtualClock()
    let store = InMemoryTrainingStore()
    let lines = RecordingLogHandler.Lines()
    let folder = NSTemporaryDirectory() + "peach-box-\(UUID().uuidString)"
    let devices = AudioDevices()
    let posted = Posted()
    let external: FakeSoundOutput?
    let box: PracticeBox

    /// The fake audio devices the box opens, and what SIGHUP reads.
    @MainActor
    final class AudioDevices {
        /// Every audio output opened, in order.
        var outputs: [FakeSoundOutput] = []
        /// How often the box tried to open the audio device.
        var attempts = 0
        /// While true, opening the audio device fails.
        var missing = false
        /// Why the outputs opened refuse timing (a sound server), if they do.
        var timingRefusal: ClicksUnavailable?
        /// The loss reporters the box gave each audio output.
        var lossReporters: [@Sendable (any Error & Sendable) -> Void] = []
        /// The clock the devices' clicks run on.
        var clock: VirtualClock?
        /// The clicks of the audio output opened last.
        var clicks: FakeClickPlayer?
        /// Every status the box published, in order.
        var statuses: [BoxStatus] = []
        /// Whether the settings file changed (the box asks before each session and trial; asking clears it).
        var settingsChanged = false
        /// The sound outputs the box is told it sees.
        var listed: [BoxStatus.Output] = []
        /// The dashboard's request SIGUSR1 reads.
        var request: BoxRequest?
        /// What SIGHUP and a changed settings file read.
        var reloaded: Result<PracticeBox.Configuration, any Error> = .success(
            PracticeBox.Configuration(settings: .defaults, profile: .builtInDefault))

        func open(_ lost: @escaping @Sendable (any Error & Sendable) -> Void) throws -> any SoundOutput {
            attempts += 1
            if missing {
                throw DeviceError(
                    device: "hw:1,0", operation: .openPCM, kind: .noSuchDevice, systemText: "No such device")
            }
            let clicks = clock.map { FakeClickPlayer(clock: $0) }
            self.clicks = clicks
            let output = FakeSoundOutput(name: "alsa:hw:1,0", clicks: clicks, refusal: timingRefusal)
            outputs.append(output)
            lossReporters.append(lost)
            return output
        }
    }

    /// Inputs the box posted to itself (its audio devices' failures).
    final class Posted: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [PracticeBox.Input] = []
        func append(_ item: PracticeBox.Input) { lock.withLock { items.append(item) } }
        func take() -> [PracticeBox.Input] {
            lock.withLock {
                defer { items = [] }
                return items
            }
        }
    }

    init(
        profile: ControllerProfile = .builtInDefault, settings: PeachSettings = BoxHarness.settings,
        external: FakeSoundOutput? = nil, audioMissing: Bool = false
    ) {
        self.external = external
        devices.missing = audioMissing
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let posted = self.posted
        let devices = self.devices
        devices.clock = clock
        var ports = PracticeBox.Ports(
            clock: clock, store: store, storeLocation: folder + "/records.jsonl", history: { nil },
            openAudio: { _, lost in try devices.open(lost) }, externalSynth: external,
            configuration: ConfigurationWatcher(
                changed: {
                    defer { devices.settingsChanged = false }
                    return devices.settingsChanged
                }, initial: PracticeBox.Configuration(settings: settings, profile: profile),
                load: { _ in try devices.reloaded.get() }),
            post: { posted.append($0) },
            timeline: { [clock] in clock.now.timeIntervalSince1970 },
            publishStatus: { devices.statuses.append($0) })
        ports.listOutputs = { devices.listed }
        ports.readRequest = { devices.request }
        ports.calibrationFile = CalibrationFile(path: folder + "/calibration.json")
        box = PracticeBox(
            ports: ports,
            logger: RecordingLogHandler.logger(lines), statusLog: StatusLog(directory: folder),
            words: BoxHarness.word, seed: 11)
        box.start()
    }

    /// The box's timing calibrations, in its folder.
    var calibrationFile: CalibrationFile { CalibrationFile(path: folder + "/calibration.json") }

    var audioOutputs: [FakeSoundOutput] { devices.outputs }
    var audioAttempts: Int { devices.attempts }
    var audioMissing: Bool {
        get { devices.missing }
        set { devices.missing = newValue }
    }
    var reloaded: Result<PracticeBox.Configuration, any Error> {
        get { devices.reloaded }
        set { devices.reloaded = newValue }
    }
    var lossReporters: [@Sendable (any Error & Sendable) -> Void] { devices.lossReporters }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Short notes and no tick, so sessions move quickly in virtual time.
    static let settings: PeachSettings = {
        var settings = PeachSettings.defaults
        for (key, value) in [
            (SettingKey.noteDuration, "0.3"), (.feedbackDuration, "0.2"), (.wrongAnswerTick, "off"),
        ] {
            settings = (try? settings.setting(key, toText: value)) ?? settings
        }
        return settings
    }()

    static let keystation = FakeMIDISequencer.controller(20, "Keystation")

    func advance(_ seconds: Double) { clock.advance(by: .seconds(seconds)) }

    func connect(_ port: MIDIPortInfo = BoxHarness.keystation) {
        box.handle(.controller(.midi(.connected(port))))
    }

    func unplug(_ port: MIDIPortInfo = BoxHarness.keystation) {
        box.handle(.controller(.midi(.disconnected(port))))
    }

    func send(_ message: MIDIMessage) {
        box.handle(.controller(.midi(.event(MIDIEvent(message, at: clock.now.timeIntervalSince1970)))))
    }

    /// A box whose profile opens the menu by ear with pad 36, connected, with a play-back session of `mode`
    /// chosen from the menu (pad 36 again moves on: notes, intervals, chords, degrees, melodies) and left alone
    /// until it runs.
    static func playingBack(_ mode: TrainingMode, settings: PeachSettings = BoxHarness.settings) -> BoxHarness
    {
        let pads = ControllerProfile(
            name: "pads", switches: [SwitchMapping(.note(36), channel: 9, action: .startPlayBack)])
        let harness = BoxHarness(profile: pads, settings: settings)
        harness.connect()
        let entries: [TrainingMode] = [
            .playBack(.notes), .playBack(.intervals), .playBack(.chords), .playBack(.degrees),
            .playBack(.melodies),
        ]
        for _ in 0...(entries.firstIndex(of: mode) ?? 0) {
            harness.send(.noteOn(channel: 9, note: 36, velocity: 90))
            harness.send(.noteOff(channel: 9, note: 36, velocity: 0))
        }
        harness.advance(10)  // the menu's earcons, six seconds left alone, the mode's earcon
        return harness
    }

    /// A key pressed and released.
    func key(_ note: UInt8) {
        send(.noteOn(channel: 0, note: note, velocity: 90))
        send(.noteOff(channel: 0, note: note, velocity: 0))
    }

    func signal(_ number: Int32) { box.handle(.controller(.signal(number))) }

    /// Delivers what the box posted to itself.
    func deliverPosted() {
        for item in posted.take() { box.handle(item) }
    }

    /// The earcons played so far, by name.
    var earcons: [String] {
        lines.all.compactMap { $0.message.hasPrefix("earcon ") ? String($0.message.dropFirst(7)) : nil }
    }

    /// The box's log entries in the harness's own words (a case and its values), so these tests check what the
    /// box did, not how the catalogue says it (PeachTextTests' `BoxLineTests` checks the words).
    static func word(_ entry: BoxLogEntry) -> String {
        switch entry {
        case .started(let profile, let store): "started \(profile) \(store)"
        case .error(let error): "error \(error)"
        case .signal(let name): "signal \(name)"
        case .controllerConnected(let label): "controllerConnected \(label)"
        case .controllerGone(let label): "controllerGone \(label)"
        case .audioClosed: "audioClosed"
        case .timingDropout: "timingDropout"
        case .playBackDropout(let total): "playBackDropout \(total)"
        case .calibrated(let calibration, let path):
            "calibrated \(calibration.controller) \(calibration.output) \(Int(calibration.offsetMs.rounded())) "
                + "\(path ?? "-")"
        case .noAudioForTraining: "noAudioForTraining"
        case .sessionStarted(let mode): "sessionStarted \(mode.rawValue)"
        case .sessionEnded(let mode, let progress, let reason):
            "sessionEnded \(mode.rawValue) answered=\(progress.answered) correct=\(progress.correct) "
                + "matched=\(progress.matched) dropouts=\(progress.dropouts) reason=\(reason)"
        case .finished: "finished"
        case .reloaded(let profile): "reloaded \(profile)"
        case .reloadFailed(let error): "reloadFailed \(error)"
        case .audioBack(let name): "audioBack \(name)"
        case .audioOpened(let name): "audioOpened \(name)"
        case .audioUnavailable(let error): "audioUnavailable \(error)"
        case .audioLost(let error): "audioLost \(error)"
        case .restarting: "restarting"
        case .watchingKeys(let seconds): "watchingKeys \(seconds)"
        case .testTone(let output): "testTone \(output)"
        case .testToneRefused: "testToneRefused"
        }
    }

    /// The lines logged at notice or worse.
    var notices: [String] { lines.all.filter { $0.level >= .notice }.map(\.message) }

    /// The training notes played on the sound sessions use (the external synth, else the audio device),
    /// earcons (velocity 80) left out.
    var trainingNotes: [FakeNotePlayer.PlayedNote] {
        let notes = external?.fake.playedNotes ?? audioOutputs.flatMap(\.fake.playedNotes)
        return notes.filter { $0.velocity != 80 }
    }

    var audio: FakeSoundOutput? { audioOutputs.last }

    /// Answers the comparison being played right (its note 2 is above note 1 when higher).
    func answerRight() {
        let notes = Array(trainingNotes.suffix(2))
        guard notes.count == 2 else { return }
        key(notes[1].frequency.hertz > notes[0].frequency.hertz ? 72 : 48)
    }
}

@Suite("The practice box's state machine, in virtual time")
@MainActor
struct PracticeBoxTests {
    @Test("controller appears, ready earcon, Lower chooses comparison after its earcon, the chord stops")
    func comparisonFromTheDefaultProfile() {
        let harness = BoxHarness()
        #expect(harness.box.state == .waitingForController)
        #expect(harness.earcons.isEmpty)
        harness.connect()
        #expect(harness.box.state == .ready)
        #expect(harness.earcons == ["ready"])
        harness.key(48)  // Lower
        #expect(harness.box.state == .ready, "a key waits a moment: it may be the first of a cluster")
        harness.advance(0.15)
        #expect(harness.box.state == .starting(.comparison))
        #expect(harness.earcons == ["ready", "comparison"])
        harness.advance(0.85)
        #expect(
            harness.trainingNotes.isEmpty, "no note before the earcons (ready, then comparison) and the pause"
        )
        harness.advance(0.2)
        #expect(harness.box.state == .training(.comparison))
        for _ in 0..<4 {
            harness.advance(0.65)  // both notes played
            harness.answerRight()
            harness.advance(0.3)
        }
        #expect(harness.store.comparisons.count == 4)
        #expect(harness.store.comparisons.allSatisfy { $0.isCorrect })
        harness.advance(0.65)
        harness.send(.noteOn(channel: 0, note: 48, velocity: 90))
        harness.advance(0.05)
        harness.send(.noteOn(channel: 0, note: 72, velocity: 90))  // a key in each half together: stop
        #expect(harness.box.state == .ready)
        #expect(harness.earcons.last == "stopped")
        #expect(harness.store.comparisons.count == 5, "the chord's first key answered, as documented")
        #expect(
            harness.notices.contains {
                $0.hasPrefix("sessionEnded comparison answered=5 ") && $0.hasSuffix("reason=user")
            }
        )
        harness.advance(0.5)
        #expect(
            harness.audio?.fake.soundingHandles.isEmpty == true, "the session's notes and the earcon ended")
    }

    @Test(
        "the sustain pedal chooses timing after its earcon; each sixteen cycles end with the timing result earcon"
    )
    func timingFromTheDefaultProfile() throws {
        let harness = BoxHarness()
        harness.connect()
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))  // Commit: the sustain pedal
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        #expect(harness.box.state == .starting(.gapFill))
        #expect(harness.earcons == ["ready", "timing"])
        harness.advance(1.5)  // the ready and timing earcons, then the pause
        #expect(harness.box.state == .training(.gapFill))
        let clicks = try #require(harness.devices.clicks)
        let start = try #require(clicks.clicks.first).time
        let sixteenth = 0.1875
        for cycle in 0..<16 {
            let gap = start + (Double(cycle) * 4 + 3) * sixteenth
            harness.clock.advance(by: .seconds(gap + 0.03 - clicks.now))
            let time = gap + 0.012  // 12 ms late: dragging, near
            harness.box.handle(
                .controller(.midi(.event(MIDIEvent(.noteOn(channel: 0, note: 50, velocity: 90), at: time)))))
            harness.box.handle(
                .controller(
                    .midi(.event(MIDIEvent(.noteOff(channel: 0, note: 50, velocity: 0), at: time + 0.05)))))
        }
        harness.advance(0.5)
        #expect(harness.store.gapFills.count == 1)
        #expect(abs((harness.store.gapFills.first?.meanOffsetMs ?? 0) - 12) < 1e-6)
        #expect(harness.earcons.last == "timingResult.nearDragging")
        #expect(
            harness.earcons.filter { $0 == "strike.nearDragging" }.count == 16, "a note after each strike")
        #expect(Earcon.strike(offsetMs: -2).notes.map(\.note.rawValue) == [81])
        #expect(Earcon.strike(offsetMs: 30).notes.map(\.note.rawValue) == [74])
        #expect(Earcon.timingResult(meanOffsetMs: -3).name == "timingResult.onTime")
        #expect(Earcon.timingResult(meanOffsetMs: -30).notes.map(\.note.rawValue) == [81, 88])
        // The sound drops out: the next cycle finds it, the trial starts again, and the status log says so.
        clicks.dropoutCount = 1
        harness.advance(1)
        #expect(
            harness.notices.last == "timingDropout"
        )
        #expect(harness.box.state == .training(.gapFill))
        #expect(harness.store.gapFills.count == 1)
    }

    /// Strikes `count` timing steps of the running session `offset(step)` seconds after each target: the silent
    /// fourth of each fill-the-gap cycle (`every` 4), or every click of a calibration (`every` 1); `earlier`
    /// clicks were an earlier session's.
    private func strike(
        _ harness: BoxHarness, count: Int, every steps: Int, earlier: Int = 0, offset: (Int) -> Double
    ) throws {
        let clicks = try #require(harness.devices.clicks)
        let start = try #require(clicks.clicks.dropFirst(earlier).first, "the session clicks").time
        let sixteenth = 0.1875
        for index in 0..<count {
            let target = start + (Double(index * steps) + Double(steps - 1)) * sixteenth
            harness.clock.advance(by: .seconds(target + 0.03 - clicks.now))
            let time = target + offset(index)
            harness.box.handle(
                .controller(.midi(.event(MIDIEvent(.noteOn(channel: 0, note: 50, velocity: 90), at: time)))))
            harness.box.handle(
                .controller(
                    .midi(.event(MIDIEvent(.noteOff(channel: 0, note: 50, velocity: 0), at: time + 0.05)))))
        }
    }

    @Test(
        "fill the gap on the box takes the calibration of its controller and output off the earcons; the record stays raw"
    )
    func timingCalibrated() throws {
        let harness = BoxHarness()
        let file = harness.calibrationFile
        let time = Date(timeIntervalSince1970: 1_780_000_000)
        try file.save(
            TimingCalibration(
                offsets: [12], controller: "Keystation MIDI 1", output: "alsa:hw:1,0", time: time))
        // Another controller's, and another output's: neither is this session's.
        try file.save(
            TimingCalibration(offsets: [-40], controller: "Pads MIDI 1", output: "alsa:hw:1,0", time: time))
        try file.save(
            TimingCalibration(
                offsets: [30], controller: "Keystation MIDI 1", output: "alsa:hw:2,0", time: time))
        harness.connect()
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))  // Commit: fill the gap
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        harness.advance(1.5)
        #expect(harness.box.state == .training(.gapFill))
        try strike(harness, count: 16, every: 4) { $0.isMultiple(of: 2) ? 0.011 : 0.013 }  // 12 ms late, raw
        harness.advance(0.5)
        #expect(abs((harness.store.gapFills.first?.meanOffsetMs ?? 0) - 12) < 1e-6, "stored raw")
        #expect(harness.store.gapFills.first?.calibrationMs == 12, "with the calibration beside it")
        #expect(harness.earcons.filter { $0 == "strike.onTime" }.count == 16, "\(harness.earcons)")
        #expect(harness.earcons.last == "timingResult.onTime")
    }

    @Test(
        "the menu's last entry calibrates timing by ear: twenty strikes with the clicks are kept for this controller and output, a chime says so"
    )
    func calibrationFromTheMenu() throws {
        let harness = BoxHarness()
        harness.connect()
        for note in UInt8(60)...63 { harness.send(.noteOn(channel: 0, note: note, velocity: 90)) }
        for note in UInt8(60)...63 { harness.send(.noteOff(channel: 0, note: note, velocity: 0)) }
        #expect(harness.box.state == .choosingMenu(.playBack(.notes)))
        harness.advance(0.5)
        harness.key(48)  // Lower: the previous entry, round to the last
        harness.advance(0.2)
        #expect(harness.box.state == .choosingMenu(.calibration))
        #expect(harness.earcons.last == "calibration")
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))  // Commit chooses it
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        harness.advance(2)  // the entry's earcon, then its own again and the pause
        #expect(harness.box.state == .training(.calibration))
        try strike(harness, count: 20, every: 1) { $0.isMultiple(of: 2) ? 0.016 : 0.020 }
        harness.advance(0.5)
        #expect(harness.box.state == .ready)
        #expect(!harness.earcons.contains { $0.hasPrefix("strike") }, "a calibration's strikes sound nothing")
        #expect(Array(harness.earcons.suffix(2)) == ["chime", "stopped"])
        let file = harness.calibrationFile
        let kept = try file.load()
        #expect(kept.count == 1)
        #expect(kept.first?.controller == "Keystation MIDI 1" && kept.first?.output == "alsa:hw:1,0")
        #expect(abs((kept.first?.offsetMs ?? 0) - 18) < 1e-6)
        #expect(harness.notices.contains("calibrated Keystation MIDI 1 alsa:hw:1,0 18 \(file.path)"))
        #expect(harness.store.gapFills.isEmpty, "a calibration stores no answer")
        // Uneven strikes are measured and told, and the kept calibration stays.
        let earlier = harness.devices.clicks?.clicks.count ?? 0
        for note in UInt8(60)...63 { harness.send(.noteOn(channel: 0, note: note, velocity: 90)) }
        for note in UInt8(60)...63 { harness.send(.noteOff(channel: 0, note: note, velocity: 0)) }
        #expect(harness.box.state == .choosingMenu(.calibration), "the menu opens on the entry chosen last")
        harness.advance(10)  // the earcons queued, six seconds left alone, its earcon and the pause
        #expect(harness.box.state == .training(.calibration))
        try strike(harness, count: 20, every: 1, earlier: earlier) { $0.isMultiple(of: 2) ? -0.030 : 0.040 }
        harness.advance(0.5)
        #expect(harness.box.state == .ready && harness.earcons.last == "stopped")
        #expect(harness.earcons.filter { $0 == "chime" }.count == 1)
        #expect(try file.load() == kept)
        #expect(harness.notices.contains { $0.hasPrefix("calibrated Keystation MIDI 1 alsa:hw:1,0 5 -") })
        #expect(
            harness.lines.all.contains {
                $0.level == .notice && $0.message.hasSuffix("reason=calibrationUneven")
            }, "uneven strikes are no fault of the box")
    }

    @Test(
        "timing on an output that refuses it (a sound server): the box says why, stays ready and keeps its sound for pitch"
    )
    func timingRefused() throws {
        let harness = BoxHarness()
        harness.devices.timingRefusal = ClicksUnavailable(
            output: "alsa:default", reason: .delayNotExact(.pipeWire))
        harness.connect()
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))  // Commit: timing
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        harness.advance(5)
        #expect(harness.box.state == .ready, "\(harness.notices)")
        #expect(harness.store.gapFills.isEmpty)
        #expect(
            harness.notices.contains { $0.hasPrefix("error ") && $0.contains("pipeWire") },
            "\(harness.notices)")
        #expect(!harness.notices.contains { $0.hasPrefix("audioLost") }, "the sound works: it is not lost")
        #expect(harness.audioAttempts == 1 && harness.audio?.shutdownCount == 0)
        #expect(harness.earcons.last == "stopped")
        harness.key(72)  // Higher: pitch matching plays on the same output
        harness.advance(1.5)
        #expect(harness.box.state == .training(.pitchMatching))
    }

    @Test("Higher chooses pitch matching; a commit plays the result earcon; unplugging discards the trial")
    func pitchMatchingAndUnplug() throws {
        let harness = BoxHarness()
        harness.connect()
        harness.key(72)  // Higher
        harness.advance(0.15)
        #expect(harness.earcons == ["ready", "pitchMatching"])
        harness.advance(1.05)
        #expect(harness.box.state == .training(.pitchMatching))
        harness.advance(0.6)
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))  // the sustain pedal commits
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        let attempt = try #require(harness.store.pitchMatchings.first)
        let name = try #require(harness.earcons.last)
        #expect(name == Earcon.result(attempt.userError).name)
        harness.advance(0.5)
        harness.advance(0.4)
        let before = harness.store.pitchMatchings.count
        let sound = try #require(harness.audio?.fake)
        let played = sound.playedNotes.count
        harness.unplug()
        #expect(harness.box.state == .waitingForController)
        harness.advance(0.05)
        #expect(
            sound.playedNotes.count == played, "the session's sound was cut: a gap before the stopped earcon")
        harness.advance(0.02)
        #expect(sound.playedNotes.count == played + 1)
        #expect(sound.playedNotes.last?.frequency.hertz.rounded() == 784)
        #expect(harness.store.pitchMatchings.count == before)
        #expect(harness.notices.contains { $0.hasSuffix("reason=controllerDisconnected") })
        harness.advance(0.55)
        #expect(harness.audio?.fake.soundingHandles.isEmpty == true)
        #expect(
            harness.audio?.shutdownCount == 1,
            "no controller: the audio device is closed once the earcon ended")
        #expect(!harness.box.hasAudio)
        harness.key(48)
        #expect(harness.box.state == .waitingForController, "no controller: keys mean nothing")
        harness.connect()
        #expect(harness.box.state == .ready)
        #expect(harness.audioOutputs.count == 2, "opened again")
        #expect(harness.earcons.filter { $0 == "ready" }.count == 2)
    }

    @Test("a profile with mode and stop actions switches modes during a session and stops with its control")
    func profileModes() {
        let pads = ControllerProfile(
            name: "pads",
            switches: [
                SwitchMapping(.note(36), action: .lower), SwitchMapping(.note(37), action: .higher),
                SwitchMapping(.note(39), action: .stop), SwitchMapping(.note(40), action: .startComparison),
                SwitchMapping(.note(41), action: .startPitchMatching),
                SwitchMapping(.note(42), action: .commit),
            ])
        let harness = BoxHarness(profile: pads)
        harness.connect()
        harness.key(36)
        #expect(harness.box.state == .ready, "Lower chooses nothing when the profile has mode actions")
        harness.key(40)
        harness.advance(1.2)
        #expect(harness.box.state == .training(.comparison))
        harness.key(41)
        #expect(harness.box.state == .starting(.pitchMatching))
        #expect(
            harness.earcons == ["ready", "comparison", "pitchMatching"],
            "a switch: only the new mode's earcon")
        harness.advance(1.2)
        #expect(harness.box.state == .training(.pitchMatching))
        harness.key(41)
        #expect(harness.box.state == .training(.pitchMatching), "the mode already running: nothing")
        harness.key(36)
        harness.key(37)
        #expect(harness.box.state == .training(.pitchMatching), "no chord stop when the profile has stop")
        harness.key(39)
        #expect(harness.box.state == .ready)
        #expect(harness.earcons.last == "stopped")
    }

    @Test("a missing audio device is retried with backoff and logged once; MIDI stays alive; it comes back")
    func audioMissingAndBack() throws {
        let harness = BoxHarness(audioMissing: true)
        #expect(harness.audioAttempts == 0, "no controller, no audio device")
        harness.connect()
        #expect(harness.audioAttempts == 1)
        #expect(harness.box.state == .ready)
        harness.key(48)
        #expect(harness.box.state == .ready, "no sound to train on")
        harness.advance(1)
        #expect(harness.audioAttempts == 2)
        harness.advance(2)
        #expect(harness.audioAttempts == 3)
        harness.advance(4)
        #expect(harness.audioAttempts == 4)
        harness.advance(7.9)
        #expect(harness.audioAttempts == 4)
        #expect(harness.notices.filter { $0.hasPrefix("audioUnavailable ") }.count == 1)
        harness.audioMissing = false
        harness.advance(0.2)
        #expect(harness.audioAttempts == 5)
        #expect(harness.box.hasAudio)
        #expect(harness.notices.contains("audioBack alsa:hw:1,0"))
        #expect(harness.earcons == ["ready"], "the ready earcon once the box can be heard")
        harness.unplug()
        harness.audioMissing = true
        harness.connect()
        harness.advance(0.5)
        harness.unplug()
        let attempts = harness.audioAttempts
        harness.advance(60)
        #expect(harness.audioAttempts == attempts, "no retries while no controller is connected")
        let status = StatusLog(directory: harness.folder).lastLines(10).joined(separator: "\n")
        #expect(status.contains("audioUnavailable "))
        #expect(status.contains("audioBack alsa:hw:1,0"))
    }

    @Test(
        "audio lost in a session on the internal synth ends it; the device is reopened; a stale loss is ignored"
    )
    func audioLost() throws {
        let harness = BoxHarness()
        harness.connect()
        harness.key(48)
        harness.advance(1.2)
        #expect(harness.box.state == .training(.comparison))
        let lost = DeviceError(
            device: "hw:1,0", operation: .writePCM, kind: .deviceLost, systemText: "No such device")
        harness.audioMissing = true
        harness.box.handle(.audioLost(generation: 1, lost))
        #expect(harness.box.state == .ready)
        #expect(!harness.box.hasAudio)
        #expect(harness.audioOutputs[0].shutdownCount == 1)
        #expect(harness.notices.contains { $0.hasSuffix("reason=audioFailure") })
        harness.audioMissing = false
        harness.advance(1)
        #expect(harness.box.hasAudio)
        harness.box.handle(.audioLost(generation: 1, lost))  // the old device's late report
        #expect(harness.box.hasAudio)
        harness.lossReporters.last?(lost)  // the new device fails, reported from its thread
        harness.deliverPosted()
        #expect(!harness.box.hasAudio)
    }

    @Test(
        "with an external synth, training notes go there, earcons to the audio device; losing audio keeps the session"
    )
    func externalSynth() {
        let external = FakeSoundOutput(name: "FLUID Synth")
        let harness = BoxHarness(external: external)
        harness.connect()
        harness.key(48)
        harness.advance(1.2)
        #expect(!external.fake.playedNotes.isEmpty)
        #expect(external.fake.playedNotes.allSatisfy { $0.velocity != 80 })
        #expect(harness.audio?.fake.playedNotes.allSatisfy { $0.velocity == 80 } == true)
        harness.box.handle(
            .audioLost(
                generation: 1,
                DeviceError(device: "hw:1,0", operation: .writePCM, kind: .deviceLost, systemText: "gone")))
        #expect(harness.box.state == .training(.comparison))
        harness.signal(SIGTERM)
        #expect(external.shutdownCount == 1)
        #expect(external.fake.soundingHandles.isEmpty)
    }

    @Test("SIGHUP reloads settings and profile, keeping the controller; a broken file keeps the old ones")
    func reload() {
        let harness = BoxHarness()
        harness.connect()
        harness.reloaded = .success(
            PracticeBox.Configuration(
                settings: BoxHarness.settings,
                profile: ControllerProfile(
                    name: "modes", switches: [SwitchMapping(.note(50), action: .startPitchMatching)])))
        harness.signal(SIGHUP)
        #expect(harness.box.state == .ready)
        #expect(harness.box.controllers == [BoxHarness.keystation.label])
        harness.key(72)
        #expect(harness.box.state == .ready, "the new profile has no Higher")
        harness.key(50)
        #expect(harness.box.state == .starting(.pitchMatching))
        harness.advance(1.1)  // after the second in which SIGHUPs are gathered
        harness.reloaded = .failure(SettingsError.unknownKey("x"))
        harness.signal(SIGHUP)
        #expect(harness.notices.last?.hasPrefix("reloadFailed ") == true)
    }

    @Test(
        "a settings file changed while the box trains (the dashboard, peach settings set) applies at the next trial; a broken one is logged once"
    )
    func settingsChangedBetweenTrials() throws {
        let harness = BoxHarness()
        harness.connect()
        harness.key(48)  // Lower: comparison
        harness.advance(1.2)
        #expect(harness.box.state == .training(.comparison))
        /// How far `note` is from the equal-tempered grid on A4 = 440 Hz, in semitones.
        func offGrid(_ note: FakeNotePlayer.PlayedNote) -> Double {
            let semitones = 69 + 12 * log2(note.frequency.hertz / 440)
            return abs(semitones - semitones.rounded())
        }
        harness.advance(0.65)
        #expect(harness.trainingNotes.first.map(offGrid) ?? 1 < 1e-6, "the first note on 440 Hz")
        let settings = try BoxHarness.settings.setting(.referencePitch, toText: "430")
        harness.reloaded = .success(PracticeBox.Configuration(settings: settings, profile: .builtInDefault))
        harness.devices.settingsChanged = true
        harness.answerRight()
        harness.advance(0.3)
        harness.advance(0.65)  // the next trial's notes
        let next = try #require(harness.trainingNotes.suffix(2).first)
        #expect(abs(offGrid(next) - 0.40) < 0.01, "on 430 Hz: 39.8 cents off the 440 grid, \(next.frequency)")
        #expect(harness.box.state == .training(.comparison), "the session goes on")
        #expect(harness.box.controllers == [BoxHarness.keystation.label])
        #expect(harness.notices.filter { $0.hasPrefix("reloaded ") }.count == 1)
        harness.reloaded = .failure(SettingsError.unknownKey("x"))
        harness.devices.settingsChanged = true
        harness.answerRight()
        harness.advance(0.95)
        harness.answerRight()
        harness.advance(0.95)
        #expect(harness.notices.filter { $0.hasPrefix("reloadFailed ") }.count == 1, "once per change")
        let kept = try #require(harness.trainingNotes.suffix(2).first)
        #expect(abs(offGrid(kept) - 0.40) < 0.01, "a broken file keeps the last good settings")
    }

    @Test(
        "the box publishes its status at each change: activity and mode, controllers, audio, the last problem"
    )
    func publishesStatus() throws {
        let harness = BoxHarness(audioMissing: true)
        let first = try #require(harness.devices.statuses.first)
        #expect(first.activity == .waitingForController && first.controllers.isEmpty && first.audio == nil)
        #expect(first.processID == getpid())
        harness.connect()
        let ready = try #require(harness.devices.statuses.last)
        #expect(ready.activity == .ready && ready.controllers == [BoxHarness.keystation.label])
        #expect(ready.audio == nil && ready.audioProblem?.hasPrefix("error ") == true)
        #expect(ready.lastProblem?.hasPrefix("audioUnavailable ") == true && ready.lastProblemTime != nil)
        harness.audioMissing = false
        harness.advance(1.1)  // the retry opens it
        let opened = try #require(harness.devices.statuses.last)
        #expect(opened.audio == "alsa:hw:1,0" && opened.audioProblem == nil)
        #expect(opened.lastProblem == ready.lastProblem, "the last problem stays shown once it is over")
        harness.advance(0.5)
        harness.key(48)
        harness.advance(0.15)
        #expect(harness.devices.statuses.last?.activity == .starting)
        #expect(harness.devices.statuses.last?.mode == .comparison)
        harness.advance(1.1)
        let training = try #require(harness.devices.statuses.last)
        #expect(training.activity == .training && training.mode == .comparison)
        #expect(training.tempo == nil, "no clicks: no tempo")
        #expect(
            training.since > opened.since && training.since <= harness.clock.now, "since the session began")
        let count = harness.devices.statuses.count
        for _ in 0..<3 {
            harness.advance(0.65)
            harness.answerRight()
            harness.advance(0.3)
        }
        #expect(harness.devices.statuses.count == count, "answers change no status: nothing is written")
        harness.unplug()
        harness.advance(1)
        let gone = try #require(harness.devices.statuses.last)
        #expect(gone.activity == .waitingForController && gone.controllers.isEmpty && gone.mode == nil)
        harness.signal(SIGTERM)
        #expect(harness.devices.statuses.last?.activity == .stopped)
    }

    @Test("a storm of SIGHUPs is one reload and one log line a second, and the last edit is read")
    func reloadStorm() {
        let harness = BoxHarness()
        harness.connect()
        let before = harness.notices.count
        for _ in 0..<200 {
            harness.signal(SIGHUP)
            harness.advance(0.01)
        }
        harness.advance(1.1)
        // 200 signals over 2 s: a reload at once, then one at the end of each second that gathered some.
        let reloads = harness.notices.dropFirst(before).filter {
            $0.hasPrefix("reloaded ")
        }
        #expect(reloads.count == 3, "\(harness.notices.dropFirst(before))")
        harness.reloaded = .failure(SettingsError.unknownKey("x"))
        harness.signal(SIGHUP)  // inside the window: read at its end, not lost
        harness.advance(1.1)
        #expect(harness.notices.last?.hasPrefix("reloadFailed ") == true)
        #expect(harness.box.controllers == [BoxHarness.keystation.label])
    }

    @Test("SIGTERM stops a session cleanly: notes off, audio closed, exit 0; other signals 128 + n")
    func terminate() {
        let harness = BoxHarness()
        harness.connect()
        harness.key(48)
        harness.advance(1.2)
        harness.signal(SIGTERM)
        #expect(harness.box.state == .finished)
        #expect(harness.box.exitStatus == 0)
        #expect(harness.audio?.shutdownCount == 1)
        #expect(harness.audio?.fake.soundingHandles.isEmpty == true)
        #expect(
            harness.notices.suffix(2) == [
                "sessionEnded comparison answered=0 correct=0 matched=0 dropouts=0 reason=signal", "finished",
            ])
        harness.key(48)
        #expect(harness.box.state == .finished)
        let quit = BoxHarness()
        quit.signal(SIGQUIT)
        #expect(quit.box.exitStatus == 128 + SIGQUIT)
    }

    @Test("earcons never overlap: one that comes while another plays follows it after a gap")
    func earconQueue() throws {
        let harness = BoxHarness()
        harness.connect()
        harness.key(72)  // at once: the pitch-matching earcon waits for the ready earcon
        let notes = try #require(harness.audio?.fake)
        harness.advance(0.01)
        #expect(notes.playedNotes.count == 1, "the ready earcon's first note; the mode's waits")
        harness.advance(0.43)
        #expect(notes.playedNotes.count == 3)
        harness.advance(0.02)
        #expect(notes.playedNotes.count == 4, "the pitch-matching earcon 60 ms after the ready one ended")
        #expect(notes.playedNotes.last?.frequency.hertz.rounded() == 659)
    }

    @Test("the earcons: their contours, bands and lengths")
    func earcons() {
        #expect(Earcon.ready.notes.map(\.note.rawValue) == [72, 76, 79])
        #expect(Earcon.stopped.notes.map(\.note.rawValue) == [79, 76, 72])
        #expect(Earcon.ready.duration == .milliseconds(390))
        #expect(Earcon.result(Cents(3)).notes.map(\.note.rawValue) == [81, 81])
        #expect(Earcon.result(Cents(-5)).name == "result.inTune")
        #expect(Earcon.result(Cents(12)).notes.map(\.note.rawValue) == [81, 83])
        #expect(Earcon.result(Cents(-20)).notes.map(\.note.rawValue) == [81, 79])
        #expect(Earcon.result(Cents(35)).notes.map(\.note.rawValue) == [81, 88])
        #expect(Earcon.result(Cents(-35)).name == "result.farFlat")
    }

    @Test("log lines for journald: a priority prefix under systemd, plain otherwise, always one line")
    func journalLines() {
        #expect(JournalLogHandler.line("audio lost", level: .error, journald: true) == "<3>audio lost")
        #expect(JournalLogHandler.line("ready", level: .notice, journald: true) == "<5>ready")
        #expect(JournalLogHandler.line("a\nb", level: .info, journald: false) == "peach serve: a b")
    }

    @Test("the status log keeps the last lines across its rotation, and never more than two files")
    func statusLog() throws {
        let folder = NSTemporaryDirectory() + "peach-status-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = StatusLog(directory: folder, limit: 1_000)
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        for index in 0..<100 { log.append("line \(index)", at: start + Double(index)) }
        let last = log.lastLines(5)
        #expect(
            last.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }.suffix(5)
                == ["line 95", "line 96", "line 97", "line 98", "line 99"])
        #expect(last.first?.hasPrefix("2026-11-18T") == true)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == ["serve.log", "serve.log.1"])
        for file in files {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + file)
            #expect((attributes[.size] as? Int ?? .max) <= 1_000)
        }
    }

    @Test(
        "a cluster opens the play-back menu by ear; Higher moves, the pedal chooses; right rings the chime; two clusters stop"
    )
    func playBackFromTheMenu() throws {
        let harness = BoxHarness()
        harness.connect()
        // The flat of the hand: four adjacent keys at once (their Lower presses never count).
        for note in UInt8(60)...63 { harness.send(.noteOn(channel: 0, note: note, velocity: 90)) }
        for note in UInt8(60)...63 { harness.send(.noteOff(channel: 0, note: note, velocity: 0)) }
        #expect(harness.box.state == .choosingMenu(.playBack(.notes)))
        #expect(harness.earcons == ["ready", "playNotes"])
        harness.advance(0.5)
        harness.key(72)  // Higher: the next kind
        harness.advance(0.2)
        #expect(harness.box.state == .choosingMenu(.playBack(.intervals)))
        #expect(harness.earcons.last == "playIntervals")
        harness.send(.controlChange(channel: 0, controller: 64, value: 127))  // Commit: the pedal chooses
        harness.send(.controlChange(channel: 0, controller: 64, value: 0))
        #expect(harness.box.state == .starting(.playBack(.intervals)))
        harness.advance(1.5)
        #expect(harness.box.state == .training(.playBack(.intervals)))
        #expect(harness.notices.contains { $0.contains("sessionStarted playIntervals") })
        // The question: P5, M3 or P8 up from a reference; play the second note heard.
        harness.advance(1.5)
        let question = try #require(harness.trainingNotes.suffix(2).first)
        let target = harness.trainingNotes.suffix(2).last
        let semitones = 12 * log2((target?.frequency.hertz ?? 0) / question.frequency.hertz)
        let reference = Int((69 + 12 * log2(question.frequency.hertz / 440)).rounded())
        // The sound breaks off as the answer is played: the status log says so; the answer still counts.
        let output = try #require(harness.devices.clicks)
        output.dropoutCount += 1
        harness.key(UInt8(reference + Int(semitones.rounded())))
        harness.advance(0.2)
        #expect(harness.store.playBacks.last?.isCorrect == true)
        #expect(harness.earcons.last == "chime")
        #expect(harness.notices.contains("playBackDropout 1"))
        // Two clusters within a second stop the session; the box is ready again.
        for base in [UInt8(40), 44] {
            for note in base...(base + 3) { harness.send(.noteOn(channel: 0, note: note, velocity: 90)) }
            for note in base...(base + 3) { harness.send(.noteOff(channel: 0, note: note, velocity: 0)) }
            harness.advance(0.3)
        }
        #expect(harness.box.state == .ready)
        #expect(harness.earcons.last == "stopped")
        #expect(
            harness.notices.contains {
                $0.contains("sessionEnded playIntervals answered=1 correct=1 matched=0 dropouts=1")
            })
    }

    @Test("the menu left alone starts the kind it is on; stop closes it")
    func menuTimeoutAndStop() {
        let stopping = ControllerProfile(
            name: "pads",
            switches: [
                SwitchMapping(.note(36), channel: 9, action: .startPlayBack),
                SwitchMapping(.note(37), channel: 9, action: .stop),
            ])
        let harness = BoxHarness(profile: stopping)
        func pad(_ note: UInt8) {
            harness.send(.noteOn(channel: 9, note: note, velocity: 90))
            harness.send(.noteOff(channel: 9, note: note, velocity: 0))
        }
        harness.connect()
        pad(36)
        #expect(harness.box.state == .choosingMenu(.playBack(.notes)))
        pad(37)
        #expect(harness.box.state == .ready && harness.earcons.last == "stopped")
        pad(36)
        pad(36)  // again: the next kind
        #expect(harness.box.state == .choosingMenu(.playBack(.intervals)))
        harness.advance(5.5)
        #expect(
            harness.box.state == .choosingMenu(.playBack(.intervals)), "not before its earcon and six seconds"
        )
        harness.advance(3.5)
        #expect(harness.box.state == .training(.playBack(.intervals)))
    }

    @Test("play-back on the box takes the settings' options: a fixed key and a drone set on the dashboard")
    func playBackSettings() throws {
        var settings = BoxHarness.settings
        settings = try settings.setting(.degreeKey, toText: "F#")
        settings = try settings.setting(.degreeContext, toText: "drone")
        let harness = BoxHarness.playingBack(.playBack(.degrees), settings: settings)
        #expect(harness.box.state == .training(.playBack(.degrees)))
        harness.advance(0.5)
        // The drone first, alone: F♯'s tonic and its fifth an octave down (a cadence would be chords of three).
        let drone = harness.trainingNotes.prefix(2).map { note in
            Int((69 + 12 * log2(note.frequency.hertz / 440)).rounded()) % 12
        }
        #expect(
            Set(drone) == [6, 1],
            "\(harness.trainingNotes.count) \(harness.trainingNotes.map(\.frequency.hertz))")
    }

    @Test(
        "melodies in tempo on the box: the melodyInTempo setting places the phrase on the clicks, and the status says its tempo"
    )
    func melodiesInTempo() throws {
        for inTempo in [false, true] {
            let settings = try BoxHarness.settings.setting(.melodyInTempo, toText: inTempo ? "on" : "off")
            let harness = BoxHarness.playingBack(.playBack(.melodies), settings: settings)
            #expect(harness.box.state == .training(.playBack(.melodies)))
            harness.advance(2)
            // In tempo: the count-in, the call and the response's clicks placed on the output's click timeline.
            let clicks = try #require(harness.devices.clicks)
            #expect(clicks.clicks.isEmpty != inTempo, "\(inTempo): \(clicks.clicks.count) clicks")
            // The status (the dashboard's Box page) says the tempo of a phrase on the clicks.
            #expect(harness.devices.statuses.last?.tempo == (inTempo ? 80 : nil))
        }
    }

    @Test(
        "free melodies: notes played along with the phrase make the box play it again once it has ended, unless the answer has begun"
    )
    func melodyPlayedAlong() {
        for answersAtOnce in [false, true] {
            let harness = BoxHarness.playingBack(.playBack(.melodies))
            #expect(harness.box.state == .training(.playBack(.melodies)))
            // The tonic chord (four notes), then the phrase: the player joins in at its first note.
            var waited = 0
            while harness.trainingNotes.count < 5, waited < 500 {
                harness.advance(0.01)
                waited += 1
            }
            harness.key(62)
            func told() -> Bool {
                harness.lines.all.contains { $0.message == "notes came during the phrase" }
            }
            while !told(), waited < 1_000 {
                harness.advance(0.01)
                waited += 1
            }
            #expect(told(), "the window opened after notes came during the phrase")
            let atWindow = harness.trainingNotes.count
            if answersAtOnce {
                harness.advance(0.1)
                harness.key(64)  // the answer begun: nothing plays again
                harness.advance(0.5)
                #expect(harness.trainingNotes.count == atWindow + 1)
            } else {
                // The phrase's last note (0.3 s) ends, then the chord and the phrase play again.
                harness.advance(0.3)
                #expect(harness.trainingNotes.count == atWindow)
                harness.advance(0.2)
                #expect(harness.trainingNotes.count >= atWindow + 4, "the tonic chord again")
                harness.advance(3)
                #expect(harness.store.playBacks.isEmpty)
            }
        }
    }

    @Test(
        "rhythm echo: the menu's sixth entry (its own earcon), startTiming during fill the gap switches to it; each echo says its result by ear"
    )
    func rhythmEcho() throws {
        let harness = BoxHarness(profile: Self.pads)
        func pad(_ note: UInt8) {
            harness.send(.noteOn(channel: 9, note: note, velocity: 90))
            harness.send(.noteOff(channel: 9, note: note, velocity: 0))
        }
        harness.connect()
        // The menu by ear: notes, intervals, chords, scale degrees, melodies, then rhythm echo.
        pad(36)
        pad(36)
        pad(36)
        pad(36)
        #expect(
            harness.box.state == .choosingMenu(.playBack(.degrees)) && harness.earcons.last == "playDegrees")
        pad(36)
        #expect(
            harness.box.state == .choosingMenu(.playBack(.melodies)) && harness.earcons.last == "playMelodies"
        )
        pad(36)
        #expect(harness.box.state == .choosingMenu(.echo))
        #expect(harness.earcons.last == "echo")
        pad(37)
        #expect(harness.box.state == .ready)
        // startTiming: fill the gap; again: rhythm echo (and the echo's earcon).
        pad(43)
        harness.advance(8)  // the menu's six earcons, the stop's and the timing one's play in turn first
        #expect(harness.box.state == .training(.gapFill))
        pad(43)
        #expect(harness.box.state == .starting(.echo) && harness.earcons.last == "echo")
        harness.advance(3)
        #expect(harness.box.state == .training(.echo))
        // Echo a bar: strike every note where it belongs. The count-in, the call, then the echo bar.
        let echo = try echoBar(harness, late: 0)
        #expect(echo.score == 1, "\(echo)")
        #expect(harness.earcons.last == "chime")
    }

    /// Echoes the first bar of a rhythm echo the box has just begun on pad 38 (the count-in, the call, then the
    /// echo bar at 80 BPM), each strike `late` seconds after its note, stamped on the click timeline as the
    /// sequencer stamps a pad; returns the echo stored.
    func echoBar(_ harness: BoxHarness, late: Double) throws -> CompletedEcho {
        let clicks = try #require(harness.devices.clicks)
        let echoStarted = clicks.now
        harness.advance(5)
        let high = clicks.clicks.filter { $0.accent && $0.time > echoStarted }.map(\.time)
        try #require(!high.isEmpty)
        let bar = 3.0  // 80 BPM
        for time in high.prefix(while: { $0 < high[0] + bar }) {
            let struck = time + bar + late
            harness.advance(struck - clicks.now)
            for message in [
                MIDIMessage.noteOn(channel: 9, note: 38, velocity: 90),
                .noteOff(channel: 9, note: 38, velocity: 0),
            ] {
                harness.box.handle(.controller(.midi(.event(MIDIEvent(message, at: struck)))))
            }
        }
        harness.advance(high[0] + 2 * bar + 0.4 - clicks.now)
        return try #require(harness.store.echoes.first)
    }

    /// A profile of pads: 36 opens the menu (and moves on in it), 37 stops, 38 strikes, 43 starts timing.
    static let pads = ControllerProfile(
        name: "pads",
        switches: [
            SwitchMapping(.note(36), channel: 9, action: .startPlayBack),
            SwitchMapping(.note(37), channel: 9, action: .stop),
            SwitchMapping(.note(38), channel: 9, action: .strike),
            SwitchMapping(.note(43), channel: 9, action: .startTiming),
        ])

    @Test(
        "rhythm echo on the box pairs strikes with the calibration of its controller and output taken off; its earcons say so, the record stays raw"
    )
    func rhythmEchoCalibrated() throws {
        let harness = BoxHarness(profile: Self.pads)
        try harness.calibrationFile.save(
            TimingCalibration(
                offsets: [120], controller: "Keystation MIDI 1", output: "alsa:hw:1,0",
                time: Date(timeIntervalSince1970: 1_780_000_000)))
        func pad(_ note: UInt8) {
            harness.send(.noteOn(channel: 9, note: note, velocity: 90))
            harness.send(.noteOff(channel: 9, note: note, velocity: 0))
        }
        harness.connect()
        pad(43)
        harness.advance(2)
        pad(43)
        harness.advance(3)
        #expect(harness.box.state == .training(.echo))
        let status = try #require(harness.devices.statuses.last)
        #expect(
            status.activity == .training && status.mode == .echo && status.tempo == 80,
            "the status says its tempo")
        // Every note 125 ms late: all missed by the 100 ms tolerance, were the chain's 120 ms not taken off.
        let echo = try echoBar(harness, late: 0.125)
        #expect(echo.score == 1, "\(echo)")
        #expect(echo.hitOffsets.allSatisfy { abs($0 - 125) < 1e-6 }, "stored raw: \(echo.hitOffsets)")
        #expect(echo.calibrationMs == 120, "with the calibration beside it")
        #expect(harness.earcons.last == "chime")
        // Half of a bar right: its mean says early or late, with the calibration taken off.
        let partial = CompletedEcho(
            timestamp: Date(), tempo: .standard, rhythm: echo.rhythm, level: 1,
            onsets: [
                .init(beat: 0, offsetMs: 20), .init(beat: 1, offsetMs: 24), .init(beat: 2, offsetMs: nil),
            ],
            extras: 0)
        let calibration = try #require(try harness.calibrationFile.load().first)
        let paired = CompletedEcho(
            timestamp: partial.timestamp, tempo: partial.tempo, rhythm: partial.rhythm, level: 1,
            onsets: partial.onsets, extras: 0, calibrationMs: calibration.offsetMs)
        #expect(Earcon.echoResult(partial).name == "timingResult.farDragging")
        #expect(Earcon.echoResult(paired).name == "timingResult.farRushing")
    }
}
