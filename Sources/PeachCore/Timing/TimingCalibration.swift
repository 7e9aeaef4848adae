// TimingCalibration: what a controller and an output add to every strike, measured by tapping along.

import Foundation

/// A calibration of the whole chain from a strike to Peach's stamp, against clicks heard: the controller,
/// the audio device and the player's own habit, measured by tapping along with ``strikesNeeded`` clicks
/// (`peach timing calibrate`). Its ``offsetMs`` is the median offset of those strikes; fill the gap shows
/// each strike both raw and with it taken off.
public struct TimingCalibration: Hashable, Sendable, Codable {
    /// The controller it was measured with (its port's name, `keyboard` or a raw MIDI path).
    public let controller: String
    /// The sound output it was measured with (`alsa:default`, `midi:128:0 (FLUID Synth)`).
    public let output: String
    /// The median strike offset, milliseconds (positive: strikes land late).
    public let offsetMs: Double
    /// The strikes' standard deviation, milliseconds.
    public let spreadMs: Double
    /// How many strikes it rests on.
    public let strikes: Int
    /// When it was measured.
    public let time: Date

    /// How many strikes a calibration takes.
    public static let strikesNeeded = 20

    /// The widest spread of strikes a calibration is kept with, milliseconds. The median of 20 strikes is about
    /// 1.25 σ/√20 uncertain: at 20 ms that is ±5.6 ms, a quarter of a 120 BPM sixteenth's smallest offsets;
    /// strikes more uneven than that (a computer keyboard's, a player not yet with the click) would move every
    /// later strike by a figure that is mostly chance.
    public static let maximumSpreadMs = 20.0

    /// Whether the strikes were even enough to keep (``maximumSpreadMs``).
    public var isSteady: Bool { spreadMs <= Self.maximumSpreadMs }

    /// The offsets and spreads a calibration can hold, milliseconds: a strike counts within half a sixteenth
    /// of its click, which is under 400 ms at any tempo a session plays.
    public static let millisecondsDomain = -1000.0...1000.0

    /// The first field of a saved calibration (`calibration.json`) that no calibration can hold, or nil when
    /// every one is within its domain: offset and spread in ``millisecondsDomain`` (the spread not negative),
    /// 1–1,000 strikes, a finite time.
    public var invalidField: String? {
        if !Self.millisecondsDomain.contains(offsetMs) { return "offsetMs" }
        if !Self.millisecondsDomain.contains(spreadMs) || spreadMs < 0 { return "spreadMs" }
        if !(1...1000).contains(strikes) { return "strikes" }
        if !ValueDomains.isRecordTime(time) { return "time" }
        return nil
    }

    /// The calibration of `offsets` (milliseconds, at least one).
    public init(offsets: [Double], controller: String, output: String, time: Date) {
        precondition(!offsets.isEmpty, "a calibration needs a strike")
        let sorted = offsets.sorted()
        let middle = sorted.count / 2
        offsetMs = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        spreadMs = WelfordAccumulator(offsets).sampleStandardDeviation ?? 0
        strikes = offsets.count
        self.controller = controller
        self.output = output
        self.time = time
    }

    /// A raw offset with the calibration taken off, milliseconds.
    public func calibrated(_ rawMs: Double) -> Double { rawMs - offsetMs }
}
