// SilentNotePlayer: a note player that makes no sound, for simulations in virtual time.

/// A ``NotePlayer`` that makes no sound: what a simulation plays into. Counts the notes it was asked for.
@MainActor
public final class SilentNotePlayer: NotePlayer {
    /// The number of notes played so far.
    public private(set) var noteCount = 0

    /// Creates the player.
    public init() {}

    /// Counts the note and returns a handle that does nothing.
    public func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB
    ) -> any PlaybackHandle {
        noteCount += 1
        return SilentPlaybackHandle()
    }
}

/// The handle of a ``SilentNotePlayer`` note.
@MainActor
private final class SilentPlaybackHandle: PlaybackHandle {
    func stop() {}
    func adjustFrequency(_ frequency: Frequency) {}
}
