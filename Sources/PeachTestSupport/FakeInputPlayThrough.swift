// FakeInputPlayThrough: an InputPlayThrough that records what both sides asked of it.

import PeachCore
import Synchronization

/// A fake ``InputPlayThrough``: records each call, and sounds (records as sounding) the keys struck while armed,
/// as the internal synth's does, with the pedal holding released keys.
public final class FakeInputPlayThrough: InputPlayThrough {
    /// One call, as made.
    public enum Call: Equatable, Sendable {
        /// ``arm(referencePitch:gain:)``.
        case arm(Frequency, AmplitudeDB)
        /// ``disarm()``.
        case disarm
        /// ``noteOn(_:velocity:at:)``.
        case noteOn(MIDINote, MIDIVelocity, Double)
        /// ``noteOff(_:)``.
        case noteOff(MIDINote)
        /// ``sustain(_:)``.
        case sustain(Bool)
    }

    private struct State {
        var calls: [Call] = []
        var armed = false
        var struck: [Int: Double] = [:]
        var keys = SoundingKeys<Int>()
    }

    private let state = Mutex(State())

    /// A disarmed fake.
    public init() {}

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// Whether it is armed.
    public var isArmed: Bool { state.withLock { $0.armed } }
    /// The keys sounding here (struck while armed, not released).
    public var soundingNotes: [Int] { state.withLock { $0.keys.keys } }

    /// Records the call and arms.
    public func arm(referencePitch: Frequency, gain: AmplitudeDB) {
        state.withLock {
            $0.calls.append(.arm(referencePitch, gain))
            if !$0.armed { $0.struck = [:] }
            $0.armed = true
        }
    }

    /// Records the call, disarms and silences.
    public func disarm() {
        state.withLock {
            $0.calls.append(.disarm)
            $0.armed = false
            _ = $0.keys.releaseAll()
        }
    }

    /// Whether the note-on stamped `time` was struck here while armed.
    public func sounded(_ note: MIDINote, at time: Double) -> Bool {
        state.withLock { $0.struck[note.rawValue] == time }
    }

    /// Records the call; sounds the key while armed.
    public func noteOn(_ note: MIDINote, velocity: MIDIVelocity, at time: Double) {
        state.withLock {
            $0.calls.append(.noteOn(note, velocity, time))
            guard $0.armed else { return }
            $0.struck[note.rawValue] = time
            _ = $0.keys.restrike(note.rawValue)
            $0.keys.sound(note.rawValue, on: note.rawValue)
        }
    }

    /// Records the call; releases the key, or holds it while the pedal is down.
    public func noteOff(_ note: MIDINote) {
        state.withLock {
            $0.calls.append(.noteOff(note))
            _ = $0.keys.letGo(note.rawValue)
        }
    }

    /// Records the call; lifting the pedal releases what it held.
    public func sustain(_ down: Bool) {
        state.withLock {
            $0.calls.append(.sustain(down))
            _ = $0.keys.pedal(down: down)
        }
    }
}
