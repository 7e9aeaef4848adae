// SharedSoundOutput: a session's view of a sound the box keeps open: its shutdown silences only its notes.

import PeachAudio
import PeachCore

/// A ``SoundOutput`` over one the practice box keeps open across sessions (the audio device for earcons, or
/// the external synth). A ``TrainingRun`` shuts its sound down when it ends; here that stops the notes the
/// session started and leaves the device open for the next earcon and session.
@MainActor
public final class SharedSoundOutput: SoundOutput, NotePlayer {
    /// The sound underneath, which the box closes itself.
    public let base: any SoundOutput
    private var sounding: [Int: any PlaybackHandle] = [:]
    private var nextIdentifier = 0
    private var isShutDown = false

    /// A shared view of `base`.
    public init(_ base: any SoundOutput) { self.base = base }

    /// The output's name.
    public var name: String { base.name }

    /// The base's clicks, for the box's timing sessions.
    public var clicks: (any ClickPlayer)? { base.clicks }

    /// What the base's sound goes through.
    public var stack: AudioStack? { base.stack }

    /// The base's: a timing session on the box is refused where it would be on the command line (a sound
    /// server, no clicks).
    public var clicksUnavailable: ClicksUnavailable? { base.clicksUnavailable }

    /// Itself: it keeps the handles of the notes it starts.
    public var player: any NotePlayer { self }

    /// The notes started through it and not stopped yet.
    public var soundingCount: Int { sounding.count }

    /// Plays on the base; after ``shutdown()`` nothing plays (a late timer of an ended session).
    public func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB
    ) throws -> any PlaybackHandle {
        try refuseAfterShutdown()
        return tracked(try base.player.play(frequency: frequency, velocity: velocity, amplitude: amplitude))
    }

    /// Plays a key on the base as the base plays keys (an external synth: the key itself, at its velocity, on
    /// one channel); after ``shutdown()`` nothing plays.
    public func playKey(
        _ note: MIDINote, velocity: MIDIVelocity, referencePitch: Frequency, gain: AmplitudeDB
    ) throws -> any PlaybackHandle {
        try refuseAfterShutdown()
        return tracked(
            try base.player.playKey(note, velocity: velocity, referencePitch: referencePitch, gain: gain))
    }

    /// A handle of the base's that this view stops at ``shutdown()``.
    private func tracked(_ handle: any PlaybackHandle) -> any PlaybackHandle {
        let identifier = nextIdentifier
        nextIdentifier += 1
        sounding[identifier] = handle
        return TrackedHandle(handle) { [weak self] in self?.sounding[identifier] = nil }
    }

    /// Throws once the session has ended (a late timer of an ended session plays nothing).
    private func refuseAfterShutdown() throws {
        guard !isShutDown else {
            throw DeviceError(
                device: name, operation: .writePCM, kind: .deviceLost, systemText: "session ended")
        }
    }

    /// The base's play-through on the input thread (the session disarms it when it stops), until
    /// ``shutdown()``.
    public var inputPlayThrough: (any InputPlayThrough)? { isShutDown ? nil : base.player.inputPlayThrough }

    /// Stops every note started through it; the base stays open.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        for handle in sounding.values { try? handle.stop() }
        sounding = [:]
    }
}

/// A note of a ``SharedSoundOutput``: stopping it also forgets it.
@MainActor
private final class TrackedHandle: PlaybackHandle {
    private let handle: any PlaybackHandle
    private let onStop: @MainActor () -> Void

    init(_ handle: any PlaybackHandle, onStop: @escaping @MainActor () -> Void) {
        self.handle = handle
        self.onStop = onStop
    }

    func stop() throws {
        onStop()
        try handle.stop()
    }

    func adjustFrequency(_ frequency: Frequency) throws {
        try handle.adjustFrequency(frequency)
    }
}
