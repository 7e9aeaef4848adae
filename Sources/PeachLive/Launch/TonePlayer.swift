// TonePlayer: plays a ToneScript live (audio thread or external synth) or renders it offline into a WAV file.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachText
import PeachTraining

/// Plays `peach tone`'s note: live through the audio thread on any ``AudioSink``, on an external synth over
/// MIDI (silenced on every way out, a signal included), or offline in 128-frame blocks (as the audio thread
/// would) into a WAV file or nowhere.
public struct TonePlayer: Sendable {
    /// The tone.
    public let script: ToneScript
    /// Its gain.
    public let gain: AmplitudeDB
    /// The internal synth's timbre.
    public let timbre: String
    /// The SoundFont preset the internal synth plays instead of the timbre, if any.
    public let instrument: SampledInstrument?

    /// A player of `script` at `gain` in `timbre`, or on a SoundFont's preset.
    public init(script: ToneScript, gain: AmplitudeDB, timbre: String, instrument: SampledInstrument? = nil) {
        self.script = script
        self.gain = gain
        self.timbre = timbre
        self.instrument = instrument
    }

    /// What the internal synth plays, as the summary names it: the timbre or the preset.
    public var soundName: String { instrument?.name ?? timbre }

    @MainActor
    private func synthPlayer(on engine: SynthEngine) throws -> SynthNotePlayer {
        if let instrument { return try SynthNotePlayer(engine: engine, instrument: instrument) }
        return try SynthNotePlayer(engine: engine, timbre: timbre)
    }

    /// Plays through the live audio thread on `sink`, following the script in wall-clock time.
    /// - Returns: whether the audio thread ran at real-time priority, and the output's delay as measured at the
    ///   end (``AudioOutput/measuredDelay``), or nil when that came out negative (a frame cannot be heard before it
    ///   is written: a sound server's reading before its timeline settled, as PipeWire's plugin gave once in CI).
    /// - Throws: the sink's own failure (it says more than "output not running"), or the synth's error.
    @MainActor
    public func playLive(on sink: any AudioSink) throws -> (realTime: Bool, delay: Double?) {
        let output = AudioOutput(sink: sink)
        try output.start()
        defer { output.stop() }
        let player = try synthPlayer(on: output.engine)
        let started = ContinuousClock.now
        let handle: any PlaybackHandle
        do {
            handle = try player.play(frequency: script.frequency(at: 0), velocity: 63, amplitude: gain)
        } catch {
            output.stop()
            throw output.failure ?? error
        }
        while output.failure == nil {
            let elapsed = (ContinuousClock.now - started) / .seconds(1)
            guard elapsed < script.duration else { break }
            if script.sweep != nil { try? handle.adjustFrequency(script.frequency(at: elapsed)) }
            Thread.sleep(forTimeInterval: 0.005)
        }
        try? handle.stop()
        let measured = output.measuredDelay
        let delay = measured >= 0 ? measured : nil
        output.stop()
        if let failure = output.failure { throw failure }
        return (output.isRealTime, delay)
    }

    /// Plays on an external synth in wall-clock time; every way out (the end, an error, a signal) silences the
    /// synth first.
    /// - Returns: the signal that cut the tone short, if one did.
    @MainActor
    public func playOnMIDI(_ player: MIDINotePlayer) throws -> Int32? {
        let signals = Inbox<Int32>()
        let trap = SignalTrap(SignalTrap.terminating) { signals.post($0) }
        var caught: Int32?
        do {
            let handle = try player.play(frequency: script.frequency(at: 0), velocity: 63, amplitude: gain)
            let started = ContinuousClock.now
            while true {
                let elapsed = (ContinuousClock.now - started) / .seconds(1)
                guard elapsed < script.duration else { break }
                if let signal = signals.next(timeout: script.sweep == nil ? script.duration - elapsed : 0.005)
                {
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
        return caught
    }

    /// Renders offline at 48 kHz in 128-frame blocks, into a WAV file at `path` or nowhere.
    @MainActor
    public func renderOffline(toWAV path: String?) throws {
        let engine = SynthEngine(sampleRate: 48_000)
        let player = try synthPlayer(on: engine)
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

    /// Where `peach tone` plays.
    public enum Route {
        /// An external synth, named for the summary.
        case midi(MIDINotePlayer, name: String)
        /// A live audio device: its sink, its spec as the user wrote it, and its sample format and underrun
        /// count once played (the ALSA sink knows them).
        case live(any AudioSink, spec: String, details: (any AudioSink) -> (format: String?, recoveries: Int))
        /// Rendered offline into a WAV file, or nowhere (`null`).
        case offline(wavPath: String?)
    }

    /// Plays the tone along `route` and returns the summary line (`A4 +12.3 cents = 443.10 Hz (sine, …) on …`)
    /// and the signal that cut a MIDI tone short, if one did.
    @MainActor
    public func play(_ route: Route, texts: Texts) throws -> (summary: String, signal: Int32?) {
        switch route {
        case .midi(let synth, let name):
            let caught = try playOnMIDI(synth)
            return (texts.toneSummary(script, gain: gain, timbre: nil, on: name), caught)
        case .live(let sink, let spec, let details):
            let (realTime, delay) = try playLive(on: sink)
            let (format, recoveries) = details(sink)
            let device = texts.deviceDetails(
                format: format, sink: sink, realTime: realTime, recoveries: recoveries, measuredDelay: delay)
            return (texts.toneSummary(script, gain: gain, timbre: soundName, on: "\(spec) (\(device))"), nil)
        case .offline(let path):
            try renderOffline(toWAV: path)
            return (texts.toneSummary(script, gain: gain, timbre: soundName, to: path), nil)
        }
    }
}
