// PlayedNote: one note the player played while answering: which, how hard, and when (the kernel's stamp).

/// A note the player played: its number, velocity and onset time in seconds on the monotonic clock (the
/// sequencer's stamp for MIDI, the time it was read for raw MIDI).
public struct PlayedNote: Hashable, Sendable {
    /// The note.
    public let note: MIDINote
    /// The note-on velocity, 1–127.
    public let velocity: MIDIVelocity
    /// The onset, seconds on the monotonic clock.
    public let time: Double

    /// A played note.
    public init(note: MIDINote, velocity: MIDIVelocity, time: Double) {
        self.note = note
        self.velocity = velocity
        self.time = time
    }
}
