// TrainingProgress: the counts of a run so far, for the screen and the closing line.

import PeachCore

/// What a run has done so far, across mode switches.
public struct TrainingProgress: Sendable, Equatable {
    /// Comparisons (and offset-detection trials) answered.
    public var answered = 0
    /// Comparisons (and offset-detection trials) answered correctly.
    public var correct = 0
    /// Fill-the-gap strikes counted (within half a sixteenth of a gap), or calibration strikes.
    public var strikes = 0
    /// The timing calibration of the controller and output in use, if one was measured: fill the gap shows
    /// strikes with it taken off, and raw; rhythm echo pairs strikes with it taken off.
    public var calibration: TimingCalibration?
    /// Pitch-matching attempts committed.
    public var matched = 0
    /// Results stored in this run: answers, attempts and fill-the-gap trials (a calibration stores none; a fill-
    /// the-gap trial is stored once its cycles are done, so strikes alone store nothing).
    public var stored = 0
    /// The output's dropouts (underruns, silent slips) told during the run, in any mode: the closing line says
    /// how often the sound broke off.
    public var dropouts = 0
    /// The narrowest difference answered correctly in the current comparison session, cents.
    public var sessionBest: Double?

    /// How far a measurement is: its trials so far, the most it will take, and the threshold as it narrows.
    public struct Measuring: Sendable, Equatable {
        /// Trials answered.
        public var trials: Int
        /// The most trials it takes (it stops earlier once precise).
        public var maximum: Int
        /// The threshold estimated so far, with its likely range.
        public var estimate: ThresholdEstimate?
    }

    /// The measurement's progress (``TrainingMode/measurement`` only).
    public var measuring: Measuring?

    /// No progress yet.
    public init() {}

    /// Counts an answer that was stored: answered, stored, and right when `correct`.
    mutating func countAnswer(correct: Bool) {
        answered += 1
        stored += 1
        if correct { self.correct += 1 }
    }
}
