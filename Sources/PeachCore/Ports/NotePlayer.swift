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

    /// Starts an equal-tempered key struck at `velocity`, as an instrument plays it: play-back's questions and
    /// the player's own notes. The default plays `note` tuned to `referencePitch` with the velocity as loudness
    /// (``PlayThrough/amplitude(for:)`` dB on top of `gain`); an external synth plays the key itself at that
    /// velocity on one channel (its own tuning and velocity curve, chords on one channel).
    /// - Throws: an error of the player when the output cannot play.
    func playKey(
        _ note: MIDINote, velocity: MIDIVelocity, referencePitch: Frequency, gain: AmplitudeDB
    ) throws -> any PlaybackHandle

    /// Sounds the controller's keys on the thread that reads them, or nil when this player cannot (the default):
    /// the internal synth can; ``PlayThrough`` arms it while a play-back session runs.
    var inputPlayThrough: (any InputPlayThrough)? { get }
}

extension NotePlayer {
    /// None: the keys sound on the main actor, through ``playKey(_:velocity:referencePitch:gain:)``.
    public var inputPlayThrough: (any InputPlayThrough)? { nil }

    /// The note tuned to `referencePitch`, its velocity as loudness.
    public func playKey(
        _ note: MIDINote, velocity: MIDIVelocity, referencePitch: Frequency, gain: AmplitudeDB
    ) throws -> any PlaybackHandle {
        try play(
            frequency: note.frequency(referencePitch: referencePitch), velocity: velocity,
            amplitude: PlayThrough.loudness(of: velocity, at: gain))
    }

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
