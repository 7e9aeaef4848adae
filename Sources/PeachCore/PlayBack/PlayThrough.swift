// PlayThrough: the player's own notes, sounding as they play them (velocity as loudness, sustain pedal honoured).

import Foundation

/// Sounds the notes the player plays, at once, on a ``NotePlayer`` (the internal synth, or an external synth
/// on `--output midi`, as keys: ``NotePlayer/playKey(_:velocity:referencePitch:gain:)``): a controller keyboard
/// is silent. Velocity sets the loudness (``amplitude(for:)`` on the internal synth, the synth's own curve on
/// an external one); the sustain pedal holds released notes until it is lifted. A note struck again
/// while it sounds is restarted. Every note is stopped by ``silence()`` (a run's end, a mode switch).
///
/// When the player sounds keys on the input thread (``NotePlayer/inputPlayThrough``: the internal synth), a
/// controller's keys sound there from ``start()`` to ``silence()``, before the main actor hears of them, and
/// ``noteOn(_:velocity:at:)`` sounds only what that path did not (the computer keyboard's piano).
@MainActor
public final class PlayThrough {
    private let player: any NotePlayer
    /// The player's own play-through on the input thread, if it has one.
    private let direct: (any InputPlayThrough)?
    private var started = false
    /// The pitch of A4 the keys sound at on the internal synth (a run sets it from each trial's settings).
    public var referencePitch: Frequency {
        didSet {
            if started, referencePitch != oldValue { direct?.arm(referencePitch: referencePitch, gain: gain) }
        }
    }
    private let gain: AmplitudeDB
    private var keys = SoundingKeys<any PlaybackHandle>()

    /// Play-through on `player`, tuned to `referencePitch`, at `gain` dB for the loudest velocity.
    public init(player: any NotePlayer, referencePitch: Frequency, gain: AmplitudeDB) {
        self.player = player
        direct = player.inputPlayThrough
        self.referencePitch = referencePitch
        self.gain = gain
    }

    /// The keys sound from now on: on the input thread when the player can (its play-through is armed).
    public func start() {
        started = true
        direct?.arm(referencePitch: referencePitch, gain: gain)
    }

    /// The loudness of a velocity relative to velocity 127: 40·log₁₀(v/127) dB (the General MIDI curve:
    /// −12 dB at 64, −32 dB at 20).
    nonisolated public static func amplitude(for velocity: MIDIVelocity) -> Double {
        40 * log10(Double(velocity.rawValue) / 127)
    }

    /// A key struck at `velocity` on a player whose loudest key is `gain`: ``amplitude(for:)`` dB on top of it.
    nonisolated public static func loudness(of velocity: MIDIVelocity, at gain: AmplitudeDB) -> AmplitudeDB {
        AmplitudeDB(gain.decibels + amplitude(for: velocity))
    }

    /// The notes sounding now (held, or kept by the pedal).
    public var soundingNotes: [Int] { keys.keys }

    /// Starts `note` at `velocity`, unless the input thread already sounds this note-on (the one stamped `time`).
    /// - Throws: the player's error when the output cannot play.
    public func noteOn(_ note: MIDINote, velocity: MIDIVelocity, at time: Double? = nil) throws {
        if let time, let direct, direct.sounded(note, at: time) { return }
        try? keys.restrike(note.rawValue)?.stop()
        keys.sound(
            note.rawValue,
            on: try player.playKey(note, velocity: velocity, referencePitch: referencePitch, gain: gain))
    }

    /// Releases `note`, or keeps it sounding while the pedal is down.
    public func noteOff(_ note: MIDINote) { try? keys.letGo(note.rawValue)?.stop() }

    /// The sustain pedal: down holds released notes; up releases those it held.
    public func sustain(_ down: Bool) {
        for handle in keys.pedal(down: down) { try? handle.stop() }
    }

    /// Stops every note and lifts the pedal; the keys sound no more until ``start()``.
    public func silence() {
        started = false
        direct?.disarm()
        for handle in keys.releaseAll() { try? handle.stop() }
    }
}
