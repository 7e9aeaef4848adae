// PlaybackHandle: one sounding note, which can be retuned live and stopped.

/// One sounding note started by a ``NotePlayer``.
@MainActor
public protocol PlaybackHandle: AnyObject {
    /// Releases the note (with the player's release ramp). Idempotent: later calls do nothing.
    /// - Throws: an error of the player when the output is gone; the note counts as stopped anyway.
    func stop() throws

    /// Moves the sounding note to `frequency` in real time, smoothly and without a click.
    /// Does nothing after ``stop()``.
    func adjustFrequency(_ frequency: Frequency) throws
}
