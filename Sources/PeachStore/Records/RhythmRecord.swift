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
    /// Offset detection: the pattern played, nil when the record does not say (Peach on iOS, Peach before
    /// patterns): straight sixteenths (``timingPattern``). Fill the gap: the pattern whose rests were the gaps,
    /// nil for four sixteenths with silent steps.
    public let pattern: TimingPattern?
    /// Offset detection: the step (from 1) of the offset note, nil when the record does not say: 3
    /// (``offsetStep``).
    public let offsetPosition: Int?
    /// Continuous matching: the mean offset of the taps, milliseconds.
    public let meanOffsetMs: Double?
    /// Continuous matching: the mean offset at each of the four beat positions, when known.
    public let meanOffsetMsPositions: [Double?]
    /// Fill the gap trained here with silent bars: how many the trial had (nil: none, or not said).
    public let silentBars: Int?
    /// Fill the gap with silent bars: how the strikes in them drifted (nil: too few strikes, or none).
    public let drift: SilentDrift?
    /// Fill the gap with a tempo ramp: BPM a step (nil: steady).
    public let tempoRamp: Int?
    /// Fill the gap with a tempo ramp: bars between its steps.
    public let rampEvery: Int?
    /// Fill the gap trained with a timing calibration: its offset, milliseconds (what the player's chain added to
    /// every strike; the offsets stay raw). Nil: none, or not said.
    public let calibrationMs: Double?

    /// The step of a record without one: the third, as Peach on iOS plays it.
    public static let defaultOffsetPosition = 3

    /// An offset-detection result; a pattern and position, when given, come together (the position one of the
    /// pattern's ``TimingPattern/offsetPositions``, which the readers check).
    public init(
        offsetDetectionAt timestamp: Date, tempoBPM: Int, offsetMs: Double, isCorrect: Bool,
        pattern: TimingPattern? = nil, offsetPosition: Int? = nil
    ) {
        kind = .offsetDetection
        self.timestamp = timestamp
        self.tempoBPM = tempoBPM
        self.offsetMs = offsetMs
        self.isCorrect = isCorrect
        self.pattern = pattern
        self.offsetPosition = offsetPosition
        meanOffsetMs = nil
        meanOffsetMsPositions = [nil, nil, nil, nil]
        silentBars = nil
        drift = nil
        tempoRamp = nil
        rampEvery = nil
        calibrationMs = nil
    }

    /// A continuous-matching result (`positions` padded or cut to four); trained here with silent bars, their
    /// number and drift, with a ramp its step and bars (a drift without silent bars, or bars without a ramp, are
    /// dropped).
    public init(
        continuousMatchingAt timestamp: Date, tempoBPM: Int, meanOffsetMs: Double, positions: [Double?],
        silentBars: Int? = nil, drift: SilentDrift? = nil, tempoRamp: Int? = nil, rampEvery: Int? = nil,
        pattern: TimingPattern? = nil, calibrationMs: Double? = nil
    ) {
        kind = .continuousMatching
        self.timestamp = timestamp
        self.tempoBPM = tempoBPM
        offsetMs = nil
        isCorrect = nil
        self.pattern = pattern
        offsetPosition = nil
        self.meanOffsetMs = meanOffsetMs
        // Four steps: the readers' array kept as it is (padding and cutting made three arrays a record).
        meanOffsetMsPositions =
            positions.count == 4 ? positions : (0..<4).map { $0 < positions.count ? positions[$0] : nil }
        self.silentBars = silentBars
        self.drift = silentBars == nil ? nil : drift
        self.tempoRamp = tempoRamp
        self.rampEvery = tempoRamp == nil ? nil : rampEvery
        self.calibrationMs = calibrationMs
    }
}

extension RhythmRecord {
    /// The pattern of an offset-detection record: straight sixteenths when it does not say.
    public var timingPattern: TimingPattern { pattern ?? .straightSixteenths }
    /// The step of the offset note: ``defaultOffsetPosition`` when the record does not say.
    public var offsetStep: Int { offsetPosition ?? Self.defaultOffsetPosition }

    /// Whether `position` may be the offset step of `pattern`'s records (the readers' check).
    static func isOffsetPosition(_ position: Int, of pattern: TimingPattern) -> Bool {
        pattern.offsetPositions.contains(position)
    }

    /// The record of an answered offset-detection trial: its tempo, signed offset, whether the answer was right,
    /// the pattern and the offset note's step.
    public init(_ completed: CompletedOffsetDetection) {
        self.init(
            offsetDetectionAt: completed.timestamp, tempoBPM: completed.trial.tempo.bpm,
            offsetMs: completed.trial.offsetMs, isCorrect: completed.isCorrect,
            pattern: completed.trial.pattern,
            offsetPosition: completed.trial.offsetPosition)
    }

    /// The record of a fill-the-gap trial: its tempo, mean signed offset and the mean at each step; with silent
    /// bars their number and drift, with a ramp its step and bars.
    public init(_ completed: CompletedGapFill) {
        self.init(
            continuousMatchingAt: completed.timestamp, tempoBPM: completed.tempo.bpm,
            meanOffsetMs: completed.meanOffsetMs, positions: completed.meanOffsetMsPositions,
            silentBars: completed.silentBars > 0 ? completed.silentBars : nil, drift: completed.drift,
            tempoRamp: completed.tempoRamp != 0 ? completed.tempoRamp : nil, rampEvery: completed.rampEvery,
            pattern: completed.pattern, calibrationMs: completed.calibrationMs)
    }

    /// The most silent strikes `bars` silent bars can hold: one a step, at the finest grid a pattern has.
    static func maximumSilentStrikes(bars: Int) -> Int {
        bars * GapFillSession.cyclesPerBar * (TimingPattern.catalogue.map(\.steps).max() ?? 1)
    }

    /// Whether the silent-bar and ramp fields are within what fill the gap plays, and the calibration within a
    /// calibration's domain (the readers' check).
    var hasValidFillFields: Bool {
        Self.hasValidFillFields(
            pattern: pattern, silentBars: silentBars, drift: drift, tempoRamp: tempoRamp,
            rampEvery: rampEvery, calibrationMs: calibrationMs)
    }

    /// ``hasValidFillFields`` of a fill-the-gap record with these fields, checked before it is made (a load of the
    /// whole journal never makes it).
    static func hasValidFillFields(
        pattern: TimingPattern?, silentBars: Int?, drift: SilentDrift?, tempoRamp: Int?, rampEvery: Int?,
        calibrationMs: Double?
    ) -> Bool {
        if let pattern, pattern.rests.isEmpty { return false }
        if let silentBars, !(1...TimingSettings.silentBarsRange.upperBound).contains(silentBars) {
            return false
        }
        if let drift {
            guard drift.strikes >= 2, drift.strikes <= Self.maximumSilentStrikes(bars: silentBars ?? 0),
                drift.msPerBar.isFinite, drift.meanOffsetMs.isFinite,
                ValueDomains.rhythmOffset.contains(drift.msPerBar),
                ValueDomains.rhythmOffset.contains(drift.meanOffsetMs)
            else { return false }
        }
        if let tempoRamp {
            guard tempoRamp != 0, TimingSettings.tempoRampRange.contains(tempoRamp), let rampEvery,
                TimingSettings.barsRange.contains(rampEvery)
            else { return false }
        }
        if let calibrationMs, !TimingCalibration.millisecondsDomain.contains(calibrationMs) { return false }
        return true
    }
}
