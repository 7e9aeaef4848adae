// RhythmRecord: a rhythm result from Peach on iOS or the web, kept as it came (Linux has no rhythm mode yet).

import Foundation

/// A rhythm result imported from Peach on iOS or the web. Peach for Linux trains no rhythm yet; it keeps these
/// records in the store unchanged, counts them in `peach data check`, and writes them back out on export, so
/// nothing a user brings is lost. They are not part of the profile.
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
