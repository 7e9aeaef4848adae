// ValueDomains: the one table of what each number of a setting or a stored record may hold.

import Foundation

/// The range each number Peach stores may hold, in one table: the settings check their values against it
/// (``TrainingSettings`` takes its ranges from here) and an import checks every field of every record against
/// it, so a file cannot bring in a value no session could have made (`1e308` seconds of gap, a reference pitch of
/// 100 kHz) that would turn averages into infinity or a journal line into one no export can read.
///
/// Where a field of a record is a setting (reference pitch, note duration, gap) its domain is the setting's.
public enum ValueDomains {
    /// A4's frequency, hertz: the `referencePitch` setting and field.
    public static let referencePitch = 380.0...500.0
    /// How long a note sounds, seconds: the `noteDuration` setting and field.
    public static let noteDuration = 0.3...3.0
    /// Silence between two notes, seconds: the `gapBetweenNotes` setting, a record's `gap`.
    public static let gap = 0.0...5.0
    /// How much note 2's loudness roves, 0 … 1: the `varyLoudness` setting.
    public static let varyLoudness = 0.0...1.0
    /// The loudness rove at `varyLoudness` 1, ± dB.
    public static let maximumLoudnessVariation = 5.0
    /// Note 2's gain against note 1, dB: a comparison's `note2Gain` (within the rove).
    public static let note2Gain = -maximumLoudnessVariation...maximumLoudnessVariation
    /// How long feedback shows, seconds: the `feedbackDuration` setting.
    public static let feedbackDuration = 0.1...2.0
    /// How long a single footswitch is held for a long press, seconds: the `longPress` setting.
    public static let longPress = 0.15...2.0
    /// Play-back's chord window, milliseconds: the `chordWindow` setting.
    public static let chordWindow = 20.0...1000.0
    /// Play-back's grazed-key velocity: the `grazeVelocity` setting (0: every note counts).
    public static let grazeVelocity = 0...127
    /// Play-back's degrees: the cadence before every this many questions of a key (the `cadenceEvery` setting).
    public static let cadenceEvery = 1...8
    /// Play-back's degrees: how many notes a question plays in a row (the `degreeNotes` setting).
    public static let degreeNotes = 1...3
    /// How loud the practice box's earcons play against a training note, dB: the `earconLevel` setting.
    public static let earconLevel = -40.0...0.0
    /// A comparison's `responseTime` and a pitch-matching attempt's `timeTaken`, seconds: up to a day (a
    /// musician may leave a trial waiting; nobody leaves it a week).
    public static let answerTime = 0.0...86_400.0
    /// A trial's cents (`cents`, `initialCents`, `errorCents`): two octaves either way, more than any trial
    /// comes near.
    public static let cents = -2400.0...2400.0
    /// A rhythm record's tempo, beats per minute.
    public static let tempo = 1...1000
    /// A rhythm record's offsets, milliseconds.
    public static let rhythmOffset = -60_000.0...60_000.0
    /// When a record can have been made, seconds since 1970: the years 0000–9999 that a journal's time
    /// (`2026-11-21T09:00:00.000Z`) can write.
    public static let recordTime = -62_167_219_200.0...253_402_300_799.999

    /// Whether `date` is a time a record can hold (``recordTime``).
    public static func isRecordTime(_ date: Date) -> Bool { recordTime.contains(date.timeIntervalSince1970) }
}
