// CompletedEcho: an echoed bar, as it is stored: the rhythm, each note hit (and how early or late) or missed.

import Foundation

/// A rhythm-echo trial: the bar played, and the echo: for each of its notes the strike's signed offset or a
/// miss, and the strikes that matched no note (extra).
public struct CompletedEcho: Hashable, Sendable {
    /// One note of the rhythm and its echo.
    public struct Onset: Hashable, Sendable {
        /// The note's place in the bar, beats from its start.
        public let beat: Double
        /// The strike's offset from the note, milliseconds (negative: early); nil when missed.
        public let offsetMs: Double?

        /// An onset.
        public init(beat: Double, offsetMs: Double?) {
            self.beat = beat
            self.offsetMs = offsetMs
        }
    }

    /// When the echo was scored.
    public let timestamp: Date
    /// The tempo.
    public let tempo: Tempo
    /// The bar to echo.
    public let rhythm: EchoRhythm
    /// The level the bar was drawn at.
    public let level: Int
    /// Each note of the bar and its echo, in order.
    public let onsets: [Onset]
    /// Strikes in the echo bar that matched no note.
    public let extras: Int
    /// The control that struck.
    public let inputKind: InputKind
    /// The timing calibration's offset the strikes were paired with, milliseconds (nil: none): what the player's
    /// chain adds to every strike. The offsets stay raw; the profile takes it off.
    public let calibrationMs: Double?

    /// A result.
    public init(
        timestamp: Date, tempo: Tempo, rhythm: EchoRhythm, level: Int, onsets: [Onset], extras: Int,
        inputKind: InputKind = .unknown, calibrationMs: Double? = nil
    ) {
        self.timestamp = timestamp
        self.tempo = tempo
        self.rhythm = rhythm
        self.level = level
        self.onsets = onsets
        self.extras = extras
        self.inputKind = inputKind
        self.calibrationMs = calibrationMs
    }

    /// The notes hit.
    public var hits: Int { onsets.count { $0.offsetMs != nil } }
    /// The notes missed.
    public var missed: Int { onsets.count - hits }
    /// The share of the echo that was right: hits over the notes and the extra strikes (1: every note hit and
    /// nothing else struck).
    public var score: Double {
        let total = onsets.count + extras
        return total == 0 ? 0 : Double(hits) / Double(total)
    }
    /// The offsets of the hits, milliseconds, in order.
    public var hitOffsets: [Double] { onsets.compactMap(\.offsetMs) }
    /// The mean offset of the hits, milliseconds (nil without a hit).
    public var meanOffsetMs: Double? {
        hitOffsets.isEmpty ? nil : hitOffsets.reduce(0, +) / Double(hitOffsets.count)
    }
    /// ``meanOffsetMs`` with the calibration the echo was paired with (``calibrationMs``) taken off.
    public var calibratedMeanOffsetMs: Double? { meanOffsetMs.map { $0 - (calibrationMs ?? 0) } }
    /// The offsets of the hits with the calibration taken off, milliseconds, in order (the raw ones without a
    /// calibration).
    public var calibratedHitOffsets: [Double] {
        guard let calibrationMs else { return hitOffsets }
        return onsets.compactMap { $0.offsetMs.map { $0 - calibrationMs } }
    }
}
