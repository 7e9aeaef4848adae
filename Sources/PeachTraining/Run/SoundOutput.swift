// SoundOutput: the sound port of a run: what plays the notes, its name, and how it is silenced for good.

import PeachAudio
import PeachCore

/// What plays a run's notes: the internal synth on an audio device or file, or an external MIDI synth. The
/// command line opens the live one; tests use `FakeSoundOutput`.
@MainActor
public protocol SoundOutput: AnyObject {
    /// Plays the notes (the training notes, the wrong-answer tick).
    var player: any NotePlayer { get }
    /// Places timing training's clicks, or nil when this output cannot (`TrainingRun` then refuses the
    /// timing modes with ``TrainingEnding/audioFailure(_:)`` naming ``ClicksUnavailable``).
    var clicks: (any ClickPlayer)? { get }
    /// Where the sound goes, as the user names it (`alsa:default`, `wav:session.wav`, `FLUID Synth`).
    var name: String { get }
    /// What the internal synth's sound goes through (the sound card, a sound server, a file); nil for an external
    /// synth.
    var stack: AudioStack? { get }
    /// Why timing training cannot use this output, or nil when it can: it has no ``clicks``, or its clicks
    /// would be heard elsewhere than where they are placed (``AudioSink/reportsExactDelay``).
    var clicksUnavailable: ClicksUnavailable? { get }
    /// Silences every note and closes the output (an external synth gets note-offs, all-notes-off and its
    /// bend centred). Every exit path of a run calls it, once.
    func shutdown()
}

/// Timing training cannot use the output: it cannot place clicks (an external synth reached through a raw MIDI
/// file), or it cannot tell when they are heard.
public struct ClicksUnavailable: Error, Hashable, Sendable {
    /// Why not.
    public enum Reason: Hashable, Sendable {
        /// The output has no way to place clicks.
        case noClicks
        /// The output's delay does not tell exactly when its sound is heard through `stack` (ALSA's `pulse` and
        /// `jack` plugins, PipeWire).
        case delayNotExact(AudioStack)
    }

    /// The output, as the user named it.
    public let output: String
    /// Why timing cannot use it.
    public let reason: Reason

    /// The error for `output`.
    public init(output: String, reason: Reason = .noClicks) {
        self.output = output
        self.reason = reason
    }
}

extension SoundOutput {
    /// None known (an external synth, a test's fake).
    public var stack: AudioStack? { nil }

    /// ``ClicksUnavailable/Reason/noClicks`` without clicks; else nil.
    public var clicksUnavailable: ClicksUnavailable? { clicks == nil ? ClicksUnavailable(output: name) : nil }
}
