// CompletedGapFill: a finished fill-the-gap trial (sixteen cycles) with its strikes, as it is stored.

import Foundation

/// A fill-the-gap trial of ``GapFillSession/cyclesPerTrial`` cycles with at least one strike counted: the
/// tempo, every strike, and their means (overall and per gap position), as Peach on iOS stores them.
public struct CompletedGapFill: Hashable, Sendable {
    /// When the trial ended.
    public let timestamp: Date
    /// The tempo.
    public let tempo: Tempo
    /// The strikes counted, in order (never empty).
    public let strikes: [GapStrike]
    /// The gaps the trial played (cycles × gap positions).
    public let gapCount: Int

    /// A result.
    public init(timestamp: Date, tempo: Tempo, strikes: [GapStrike], gapCount: Int) {
        precondition(!strikes.isEmpty, "a fill-the-gap result has at least one strike")
        self.timestamp = timestamp
        self.tempo = tempo
        self.strikes = strikes
        self.gapCount = gapCount
    }

    /// The mean signed offset, milliseconds: negative means rushing, positive dragging.
    public var meanOffsetMs: Double { strikes.reduce(0) { $0 + $1.offsetMs } / Double(strikes.count) }

    /// The mean offset at each step 1–4, nil where no strike was counted.
    public var meanOffsetMsPositions: [Double?] {
        TimingSettings.positions.map { position in
            let offsets = strikes.filter { $0.position == position }.map(\.offsetMs)
            return offsets.isEmpty ? nil : offsets.reduce(0, +) / Double(offsets.count)
        }
    }
}
