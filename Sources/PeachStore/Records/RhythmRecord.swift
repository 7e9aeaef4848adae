// RhythmRecord: a timing result: trained here (`peach timing`, `peach tap`) or from Peach on iOS or the web.

import Foundation
import PeachCore

/// A timing ("rhythm") result, in the form Peach on iOS and the web store it: an offset-detection answer
/// (`peach timing`) or a fill-the-gap trial (`peach tap`). Imported ones are kept unchanged and written back out
/// on export.
public struct RhythmRecord: Hashable, Sendable {
    /// The kind of rhythm training.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// "Compare timing": was a note early or late (`rhythmOffsetDetection`).
        case offsetDetection = "rhythmOffsetDetection"
        /// "Fill the gap": tapping along (`continuousRhythmMatching`).
        case continuousMatching = "continuousRhythmMatching"
    }

    /// The kind.
    public let kind: Kind
    /// When the result was recorded.
    public let timestamp: Date
    /// The tempo, beats per minute (positive).
    public let tempoBPM: Int
    /// Offset detection: the note's offset in milliseconds (− early, + late).
    public let offsetMs: Double?
    /// Offset detection: whether the answer was right.
    public let isCorrect: Bool?
    /// Continuous matching: the mean offset of the taps, milliseconds.
    public let meanOffsetMs: Double?
    /// Continuous matching: the mean offset at each of the four beat positions, when known.
    public let meanOffsetMsPositions: [Double?]

    /// An offset-detection result.
    public init(offsetDetectionAt timestamp: Date, tempoBPM: Int, offsetMs: Double, isCorrect: Bool) {
        kind = .offsetDetection
        self.timestamp = timestamp
        self.tempoBPM = tempoBPM
        self.offsetMs = offsetMs
        self.isCorrect = isCorrect
        meanOffsetMs = nil
        meanOffsetMsPositions = [nil, nil, nil, nil]
    }

    /// A continuous-matching result (`positions` padded or cut to four).
    public init(
        continuousMatchingAt timestamp: Date, tempoBPM: Int, meanOffsetMs: Double, positions: [Double?]
    ) {
        kind = .continuousMatching
        self.timestamp = timestamp
        self.tempoBPM = tempoBPM
        offsetMs = nil
        isCorrect = nil
        self.meanOffsetMs = meanOffsetMs
        meanOffsetMsPositions = Array((positions + [nil, nil, nil, nil]).prefix(4))
    }
}

extension RhythmRecord {
    /// The record of an answered offset-detection trial: its tempo, signed offset and whether the answer was
    /// right.
    public init(_ completed: CompletedOffsetDetection) {
        self.init(
            offsetDetectionAt: completed.timestamp, tempoBPM: completed.trial.tempo.bpm,
            offsetMs: completed.trial.offsetMs, isCorrect: completed.isCorrect)
    }

    /// The record of a fill-the-gap trial: its tempo, mean signed offset and the mean at each step.
    public init(_ completed: CompletedGapFill) {
        self.init(
            continuousMatchingAt: completed.timestamp, tempoBPM: completed.tempo.bpm,
            meanOffsetMs: completed.meanOffsetMs, positions: completed.meanOffsetMsPositions)
    }
}
