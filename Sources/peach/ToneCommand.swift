// ToneCommand: `peach tone`: one note of the internal synth, with an optional glide, live or into a WAV file.

import ArgumentParser
import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI

/// `peach tone`: plays one note on the internal synth, to check a pitch, a timbre, the sound device or the
/// smoothness of a glide. To `alsa:` it plays live through the audio thread; to `wav:` and `null` it renders
/// offline (faster than real time, sample-exact).
struct ToneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tone",
        abstract: Messages.pick(
            "Play one note on the internal synth (live, or into a WAV file) or an external MIDI synth.",
            "Spielt einen Ton auf dem eingebauten Synth (live oder in eine WAV-Datei) oder einem externen MIDI-Synth."
        ),
        discussion: """
            Examples:
              peach tone A4                                    # on the audioOutput setting (alsa:default)
              peach tone A4 --audio-out alsa:hw:1,0 --latency low
              peach tone A4 --cents +12.3 --duration 2 --audio-out wav:a4.wav
              peach tone C4 --timbre piano --gain -6 --audio-out wav:c4.wav
              peach tone A4 --sweep 50 --sweep-time 1 --audio-out wav:glide.wav   # what a pitch wheel does
              peach tone A4 --cents -30 --output midi          # on the first MIDI synth (e.g. FluidSynth)
              peach tone C4 --output midi:128:0 --midi-channels 1 --midi-program 20 --bend-range 12
            """)

    @Argument(help: "The note: a name such as A4, C#3, Bb2, or a MIDI number.")
    var note: String

    @Option(name: .long, parsing: .unconditional, help: "Offset from the note in cents (e.g. +12.3 or -5).")
    var cents = "0"

    @Option(name: .long, help: "Seconds the note sounds (0.05-60).")
    var duration = 1.0

    @Option(name: .long, help: "sine, piano or organ.")
    var timbre = "sine"

    @Option(name: .long, parsing: .unconditional, help: "Gain in dB (-90 to +12).")
    var gain = "0"

    @Option(name: .long, help: "Frequency of A4 in Hz (380-500).")
    var referencePitch = 440.0

    @Option(
        name: .long, parsing: .unconditional,
        help: "Glide the held note by this many cents (what a pitch wheel does).")
    var sweep: String?

    @Option(name: .long, help: "Seconds the glide takes, starting a quarter into the note.")
    var sweepTime = 1.0

    @OptionGroup var output: AudioOutputOptions
    @OptionGroup var midiOutput: MIDIOutputOptions

    /// Reads a signed number such as `+12.3` or `-6` given to `option`, checking its range.
    private func signedNumber(
        _ text: String, option: String, within range: ClosedRange<Double>
    ) throws -> Double {
        let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard let value = Double(digits), value.isFinite, range.contains(value) else {
            throw CommandFailure.usage(
                Messages.pick(
                    "\(option) '\(text)' is not valid; use a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)).",
                    "\(option) '\(text)' ist ungültig; nimm eine Zahl von \(Int(range.lowerBound)) bis \(Int(range.upperBound))."
                )
            )
        }
        return value
    }

    func run() throws {
        try reportingFailures {
            guard let midiNote = try? MIDINote(parsing: note) else {
                throw CommandFailure.usage(
                    Messages.pick(
                        "'\(note)' is not a note name such as A4, C#3 or Bb2, nor a MIDI number 0-127.",
                        "'\(note)' ist weder ein Notenname wie A4, C#3 oder Bb2 noch eine MIDI-Nummer 0-127.")
                )
            }
            let offset = Cents(try signedNumber(cents, option: "--cents", within: -1200...1200))
            let gainValue = AmplitudeDB(try signedNumber(gain, option: "--gain", within: -90...12))
            let sweepCents = try sweep.map { try signedNumber($0, option: "--sweep", within: -1200...1200) }
            guard (0.05...60).contains(duration) else {
                throw CommandFailure.usage(
                    Messages.pick(
                        "--duration must be 0.05-60 seconds.", "--duration muss 0,05-60 Sekunden sein."))
            }
            guard (0.01...60).contains(sweepTime) else {
                throw CommandFailure.usage(
                    Messages.pick(
                        "--sweep-time must be 0.01-60 seconds.", "--sweep-time muss 0,01-60 Sekunden sein."))
            }
            guard TrainingSettings.referencePitchRange.contains(referencePitch) else {
                throw CommandFailure.usage(
                    Messages.pick(
                        "--reference-pitch must be 380-500 Hz.", "--reference-pitch muss 380-500 Hz sein."))
            }
            guard Timbre.named(timbre) != nil else {
                throw CommandFailure.usage(
                    Messages.pick(
                        "--timbre '\(timbre)' is not one of ", "--timbre '\(timbre)' ist keiner von ")
                        + Timbre.all.map(\.name).joined(separator: ", ") + ".")
            }
            let script = ToneScript(
                note: midiNote, offset: offset, sweep: sweepCents.map { Cents($0) }, duration: duration,
                sweepTime: sweepTime,
                tuning: EqualTemperament(referencePitch: Frequency(hertz: referencePitch)))
            let midiSpec = try midiOutput.spec()
            if midiSpec != .internalSynth {
                let configuration = try midiOutput.configuration()
                try MainActor.assumeIsolated {
                    let target = try playOnMIDI(
                        script, gain: gainValue, spec: midiSpec, configuration: configuration)
                    print(
                        "\(midiNote.name) \(offset) \(Texts.current.cents) = \(script.frequency(at: 0)) (\(gainValue))"
                            + Messages.pick(" on ", " auf ") + target
                    )
                }
                return
            }
            let spec = try output.spec()
            let summary =
                "\(midiNote.name) \(offset) \(Texts.current.cents) = \(script.frequency(at: 0)) (\(timbre), \(gainValue))"
            try MainActor.assumeIsolated {
                switch spec {
                case .alsa:
                    let sink = try output.makeSink(for: spec)
                    let details = try playLive(script, gain: gainValue, sink: sink)
                    print(summary + Messages.pick(" on ", " auf ") + "\(spec): \(details)")
                case .wav(let path):
                    try renderOffline(script, gain: gainValue, toWAV: path)
                    print(summary + Messages.pick(" to ", " nach ") + path)
                case .null:
                    try renderOffline(script, gain: gainValue, toWAV: nil)
                    print(summary)
                }
            }
        }
    }

    /// Plays the tone through the live audio thread, following the script in wall-clock time.
    /// - Returns: the device's format, size and latency, for the summary line.
    @MainActor
    private func playLive(_ script: ToneScript, gain: AmplitudeDB, sink: any AudioSink) throws -> String {
        let output = AudioOutput(sink: sink)
        try output.start()
        defer { output.stop() }
        let player = try SynthNotePlayer(engine: output.engine, timbre: timbre)
        let started = ContinuousClock.now
        let handle: any PlaybackHandle
        do {
            handle = try player.play(frequency: script.frequency(at: 0), velocity: 63, amplitude: gain)
        } catch {
            output.stop()
            throw output.failure ?? error  // the device's own error says more than "output not running"
        }
        while output.failure == nil {
            let elapsed = (ContinuousClock.now - started) / .seconds(1)
            guard elapsed < script.duration else { break }
            if script.sweep != nil { try? handle.adjustFrequency(script.frequency(at: elapsed)) }
            Thread.sleep(forTimeInterval: 0.005)
        }
        try? handle.stop()
        output.stop()
        if let failure = output.failure { throw failure }
        var details = "\(sink.channelCount) ch, \(Int(sink.sampleRate)) Hz"
        var recoveries = 0
        if let pcm = sink as? ALSAPCMSink {
            details = "\(pcm.sampleFormat.rawValue), " + details
            recoveries = pcm.recoveryCount
        }
        let milliseconds = (sink.configuredLatency * 10_000).rounded() / 10
        let bufferPeriods = sink.bufferFrames / max(sink.periodFrames, 1)
        details += ", \(bufferPeriods) x \(sink.periodFrames) frames (\(milliseconds) ms)"
        details += output.isRealTime ? ", real-time priority" : ", normal priority"
        if recoveries > 0 { details += ", \(recoveries) underruns recovered" }
        return details
    }

    /// Plays the tone on an external synth over MIDI, in wall-clock time; every way out (the end, an error,
    /// Ctrl-C, SIGTERM) silences the synth first.
    /// - Returns: the destination's name, for the summary line.
    @MainActor
    private func playOnMIDI(
        _ script: ToneScript, gain: AmplitudeDB, spec: MIDIOutputSpec, configuration: MIDISynthConfiguration
    ) throws -> String {
        let destination = try midiOutput.destination(for: spec)
        let player = try MIDINotePlayer(destination: destination, configuration: configuration)
        let signals = Inbox<Int32>()
        let trap = SignalTrap { signals.post($0) }
        var caught: Int32?
        do {
            let handle = try player.play(frequency: script.frequency(at: 0), velocity: 63, amplitude: gain)
            let started = ContinuousClock.now
            while true {
                let elapsed = (ContinuousClock.now - started) / .seconds(1)
                guard elapsed < script.duration else { break }
                let wait = script.sweep == nil ? script.duration - elapsed : 0.005
                if let signal = signals.next(timeout: wait) {
                    caught = signal
                    break
                }
                if script.sweep != nil { try handle.adjustFrequency(script.frequency(at: elapsed)) }
            }
            try handle.stop()
        } catch {
            try? player.silenceAll()
            throw error
        }
        try player.silenceAll()
        withExtendedLifetime(trap) {}
        if let caught { throw ExitCode(SignalTrap.exitStatus(for: caught)) }
        return destination.name
    }

    /// Renders the tone offline in 128-frame blocks (as the audio thread would), into a WAV file or nowhere.
    @MainActor
    private func renderOffline(_ script: ToneScript, gain: AmplitudeDB, toWAV path: String?) throws {
        let engine = SynthEngine(sampleRate: 48_000)
        let player = try SynthNotePlayer(engine: engine, timbre: timbre)
        let renderer = OfflineRenderer(engine: engine, blockFrames: 128)
        let writer = try path.map { path in
            try WAVFileWriter(
                path: path, format: WAVFormat(sampleRate: 48_000, channelCount: 1, encoding: .float32))
        }
        let blockSeconds = 128 / engine.sampleRate
        var handle: (any PlaybackHandle)?
        var block = 0
        try renderer.render(seconds: script.duration + 0.05) { samples, frames in
            let time = Double(block) * blockSeconds
            block += 1
            if handle == nil, time == 0 {
                handle = try player.play(frequency: script.frequency(at: 0), velocity: 63, amplitude: gain)
            }
            if script.isGliding(at: time, step: blockSeconds) {
                try handle?.adjustFrequency(script.frequency(at: time))
            }
            if time >= script.duration { try handle?.stop() }
            try writer?.append(samples, frameCount: frames)
        }
        try writer?.finish()
    }
}

/// The pitch of `peach tone` over time: the note and offset, and an optional glide that starts a quarter into
/// the note and takes `sweepTime` seconds.
struct ToneScript {
    /// The note.
    let note: MIDINote
    /// Its offset in cents.
    let offset: Cents
    /// The glide, or nil.
    let sweep: Cents?
    /// Seconds the note sounds.
    let duration: Double
    /// Seconds the glide takes.
    let sweepTime: Double
    /// The tuning.
    let tuning: EqualTemperament

    /// When the glide starts.
    var sweepStart: Double { duration / 4 }

    /// The frequency at `time` seconds into the note.
    func frequency(at time: Double) -> Frequency {
        guard let sweep else { return tuning.frequency(of: note, offsetBy: offset) }
        let progress = min(max((time - sweepStart) / sweepTime, 0), 1)
        return tuning.frequency(of: note, offsetBy: offset + Cents(sweep.rawValue * progress))
    }

    /// Whether the pitch moves during the block from `time` to `time + step` (or just finished moving).
    func isGliding(at time: Double, step: Double) -> Bool {
        sweep != nil && time >= sweepStart && time - step < sweepStart + sweepTime
    }
}
