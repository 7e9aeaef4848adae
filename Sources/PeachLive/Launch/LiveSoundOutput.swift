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
}
