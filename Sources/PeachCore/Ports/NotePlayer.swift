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

    /// Places a note that starts `delay` from now and sounds for `duration`, then ends by itself (no handle):
    /// the notes of a short figure such as an earcon, placed together. A player that counts its own time
    /// (the internal synth counts output frames) keeps their spacing exact however late the main actor runs;
    /// the default starts and stops each note by timers on `clock`.
    /// - Throws: an error of the player when the output cannot take the note now (the default never throws:
    ///   a note that cannot be played when its timer fires is skipped).
    func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB, after delay: Duration,
        duration: Duration, clock: any SessionClock
    ) throws
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

    /// Starts the note by a timer on `clock` after `delay`, and stops it by another after `duration`.
    public func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB, after delay: Duration,
        duration: Duration, clock: any SessionClock
    ) throws {
        clock.schedule(after: delay) {
            _ = try? self.play(
                frequency: frequency, duration: duration, velocity: velocity, amplitude: amplitude,
                clock: clock)
        }
    }
}
