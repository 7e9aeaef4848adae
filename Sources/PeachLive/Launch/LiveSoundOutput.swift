// LiveSoundOutput: the live sound port: the internal synth on its audio thread, or an external MIDI synth.

import PeachAudio
import PeachCore
import PeachMIDI
import PeachTraining

/// The live ``SoundOutput``: the internal synth running on the audio thread, or ``MIDINotePlayer`` on an
/// external synth. ``shutdown()`` silences everything (an external synth gets note-offs, CC123, bend centre).
@MainActor
public final class LiveSoundOutput: SoundOutput {
    /// Plays the notes.
    public let player: any NotePlayer
    /// Where the sound goes, as the user names it.
    public let name: String
    /// Places timing clicks: on the internal synth's frames, or as percussion notes on the external synth.
    public let clicks: (any ClickPlayer)?
    /// What the internal synth's sound goes through; nil for an external synth.
    public var stack: AudioStack? { output?.sink.stack }
    /// Why timing cannot use this output: no clicks, or a sink whose delay is not exact (a sound server).
    public var clicksUnavailable: ClicksUnavailable? {
        if let sink = output?.sink, !sink.reportsExactDelay {
            return ClicksUnavailable(output: name, reason: .delayNotExact(sink.stack))
        }
        return clicks == nil ? ClicksUnavailable(output: name) : nil
    }
    private let midi: MIDINotePlayer?
    private let output: AudioOutput?
    private var isShutDown = false

    /// An output over `player`: `midi` when it is an external synth, `output` when the internal synth plays on it.
    /// `clicks` places timing clicks (nil: the output has none).
    public init(
        player: any NotePlayer, midi: MIDINotePlayer?, output: AudioOutput?, name: String,
        clicks: (any ClickPlayer)? = nil
    ) {
        self.player = player
        self.clicks = clicks
        self.midi = midi
        self.output = output
        self.name = name
    }

    /// Silences every note and closes the output, once.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        try? midi?.silenceAll()
        output?.stop()
    }

    /// An external synth behind `destination`; its timing clicks are percussion notes, scheduled on the
    /// sequencer or timed by the live clock.
    /// - Throws: the destination's error when the synth's set-up cannot be sent.
    public static func external(
        _ destination: any MIDIDestination, configuration: MIDISynthConfiguration
    ) throws -> LiveSoundOutput {
        let player = try MIDINotePlayer(destination: destination, configuration: configuration)
        return LiveSoundOutput(
            player: player, midi: player, output: nil, name: destination.name,
            clicks: MIDIClickPlayer(destination: destination, clock: LiveSessionClock()))
    }

    /// The internal synth on `sink` (named `name`), its audio thread started, playing `instrument` or the
    /// `timbre`; its timing clicks go on the output's frames. `onLost` hears (on the audio thread) a device that
    /// fails later.
    /// - Throws: ``AudioOutputError`` or ``SynthError``; the output is stopped again.
    public static func synth(
        on sink: any AudioSink, name: String, timbre: String, instrument: SampledInstrument?,
        onLost: @escaping @Sendable (any Error & Sendable) -> Void
    ) throws -> LiveSoundOutput {
        let output = AudioOutput(sink: sink, onFailure: onLost)
        try output.start()
        do {
            let player =
                try instrument.map { try SynthNotePlayer(engine: output.engine, instrument: $0) }
                ?? SynthNotePlayer(engine: output.engine, timbre: timbre)
            return LiveSoundOutput(
                player: player, midi: nil, output: output,
                name: name + (instrument.map { " · \($0.name)" } ?? ""),
                clicks: SynthClickPlayer(output: output))
        } catch {
            output.stop()
            throw error
        }
    }
}
