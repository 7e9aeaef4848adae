// FakeNotePlayer: a NotePlayer that records every note and can be told to fail.

import PeachCore

/// A ``NotePlayer`` that records every note it is asked to play, and can fail on demand.
@MainActor
public final class FakeNotePlayer: NotePlayer {
    /// The error the fake throws.
    public struct Failure: Error, Equatable {
        /// What failed.
        public let message: String
        /// Creates a failure.
        public init(_ message: String) { self.message = message }
    }

    /// One `play` call.
    public struct PlayedNote: Equatable {
        /// The requested frequency.
        public let frequency: Frequency
        /// The requested velocity.
        public let velocity: MIDIVelocity
        /// The requested gain.
        public let amplitude: AmplitudeDB
    }

    /// Every note played, in order.
    public private(set) var playedNotes: [PlayedNote] = []
    /// Every key played as a key (``playKey(_:velocity:referencePitch:gain:)``), in order; each is also in
    /// ``playedNotes``, as the internal synth plays it.
    public private(set) var playedKeys: [MIDINote] = []
    /// The handle of every note played, in order.
    public private(set) var handles: [FakePlaybackHandle] = []
    /// When set, the next `play` calls throw it.
    public var playError: Failure?
    /// When set, handles created from now on throw it from `stop()`.
    public var stopError: Failure?
    /// The play-through on the input thread it offers (none unless set).
    public var inputPlayThrough: (any InputPlayThrough)?

    /// Creates the fake.
    public init() {}

    /// The handles whose notes are still sounding.
    public var soundingHandles: [FakePlaybackHandle] { handles.filter { !$0.isStopped } }

    /// Records the key, then plays it as the internal synth does (its pitch, its velocity as loudness).
    public func playKey(
        _ note: MIDINote, velocity: MIDIVelocity, referencePitch: Frequency, gain: AmplitudeDB
    ) throws -> any PlaybackHandle {
        if let playError { throw playError }
        playedKeys.append(note)
        return try play(
            frequency: note.frequency(referencePitch: referencePitch), velocity: velocity,
            amplitude: PlayThrough.loudness(of: velocity, at: gain))
    }

    /// Records the note and returns a new handle, or throws ``playError``.
    public func play(
        frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB
    ) throws -> any PlaybackHandle {
        if let playError { throw playError }
        playedNotes.append(PlayedNote(frequency: frequency, velocity: velocity, amplitude: amplitude))
        let handle = FakePlaybackHandle(frequency: frequency, stopError: stopError)
        handles.append(handle)
        return handle
    }
}

/// A ``PlaybackHandle`` that records stops and frequency changes.
@MainActor
public final class FakePlaybackHandle: PlaybackHandle {
    /// The frequency the note started at.
    public let initialFrequency: Frequency
    /// Every frequency the note was moved to, in order.
    public private(set) var adjustments: [Frequency] = []
    /// How often `stop()` was called.
    public private(set) var stopCallCount = 0
    /// Whether the note was stopped.
    public var isStopped: Bool { stopCallCount > 0 }
    private let stopError: FakeNotePlayer.Failure?

    init(frequency: Frequency, stopError: FakeNotePlayer.Failure?) {
        initialFrequency = frequency
        self.stopError = stopError
    }

    /// The note's current frequency.
    public var currentFrequency: Frequency { adjustments.last ?? initialFrequency }

    /// Records the stop; throws the configured error on the first call.
    public func stop() throws {
        stopCallCount += 1
        if stopCallCount == 1, let stopError { throw stopError }
    }

    /// Records the move, unless the note was stopped.
    public func adjustFrequency(_ frequency: Frequency) throws {
        guard !isStopped else { return }
        adjustments.append(frequency)
    }
}
