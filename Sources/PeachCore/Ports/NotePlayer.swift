// NotePlayer: the port through which sessions make sound.

/// Plays notes: Peach's internal synth, an external synth over MIDI, or a fake in tests.
/// Sessions own the returned handles and stop every note they start.
@MainActor
public protocol NotePlayer: AnyObject {
    /// Starts a note that sounds until its handle is stopped.
    /// - Parameters:
    ///   - frequency: the exact pitch to sound.
    ///   - velocity: the MIDI velocity (timbre on synths that care; not loudness).
    ///   - amplitude: the gain in decibels relative to the nominal level.
    /// - Throws: an error of the player when the output cannot play (device lost, synth gone).
    func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB
    ) throws -> any PlaybackHandle
}

extension NotePlayer {
    /// Plays a note for a fixed duration: starts it and schedules its stop on `clock`.
    /// The returned handle may still be stopped early.
    public func play(
        frequency: Frequency, duration: Duration, velocity: MIDIVelocity, amplitude: AmplitudeDB,
        clock: any SessionClock
    ) throws -> any PlaybackHandle {
        let handle = try play(frequency: frequency, velocity: velocity, amplitude: amplitude)
        clock.schedule(after: duration) { try? handle.stop() }
        return handle
    }
}
