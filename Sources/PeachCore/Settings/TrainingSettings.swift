// TrainingSettings: everything that shapes a trial, with the allowed range of each value.

/// The settings that shape a trial. Sessions read them at the start of every trial, so a change applies
/// to the next one. Every stored value is valid: build one with ``init(noteRange:noteDuration:gapBetweenNotes:referencePitch:varyLoudness:feedbackDuration:velocity:timbre:)``
/// (which throws) or change one with ``setting(_:to:)``.
public struct TrainingSettings: Hashable, Sendable {
    /// The notes trials are drawn from; at least ``minimumRangeSpan`` semitones within ``allowedNotes``.
    public private(set) var noteRange: NoteRange
    /// How long each note sounds, seconds (``noteDurationRange``).
    public private(set) var noteDuration: Double
    /// Silence between the first and second note, seconds (``gapRange``).
    public private(set) var gapBetweenNotes: Double
    /// The frequency of A4 (``referencePitchRange``).
    public private(set) var referencePitch: Frequency
    /// How much note 2's loudness roves, 0 (off) … 1 (±``maximumLoudnessVariation`` dB).
    public private(set) var varyLoudness: Double
    /// How long feedback is shown before the next trial, seconds (``feedbackDurationRange``).
    public private(set) var feedbackDuration: Double
    /// The MIDI velocity notes are played at.
    public private(set) var velocity: MIDIVelocity
    /// The timbre's name, one of ``timbres``.
    public private(set) var timbre: String
    /// The directed intervals trials pick from at random (never empty; distinct, in order of size); prime
    /// alone is unison training.
    public private(set) var intervals: [DirectedInterval]
    /// How the intervals are tuned.
    public private(set) var tuningSystem: TuningSystem

    /// Notes a training range may use: A0 (21) … C8 (108), the piano's keys.
    public static let allowedNotes = NoteRange(21, 108)
    /// The smallest training range: one octave.
    public static let minimumRangeSpan = 12
    /// Allowed note durations, seconds.
    public static let noteDurationRange = ValueDomains.noteDuration
    /// Allowed gaps between the notes, seconds.
    public static let gapRange = ValueDomains.gap
    /// Allowed reference pitches for A4, hertz.
    public static let referencePitchRange = ValueDomains.referencePitch
    /// Allowed vary-loudness amounts.
    public static let varyLoudnessRange = ValueDomains.varyLoudness
    /// The loudness rove at ``varyLoudness`` = 1, in ± dB.
    public static let maximumLoudnessVariation = ValueDomains.maximumLoudnessVariation
    /// Allowed feedback durations, seconds.
    public static let feedbackDurationRange = ValueDomains.feedbackDuration

    /// The defaults of the original app: C2–C6, 1 s notes, no gap, A4 = 440 Hz, no loudness rove, 0.4 s
    /// feedback, velocity 63, sine timbre; unison (prime) in equal temperament.
    public static let defaults = TrainingSettings(
        unchecked: NoteRange(36, 84), noteDuration: 1.0, gapBetweenNotes: 0, referencePitch: 440,
        varyLoudness: 0,
        feedbackDuration: 0.4, velocity: .default, timbre: "sine", intervals: [.prime],
        tuningSystem: .equalTemperament)

    private init(
        unchecked noteRange: NoteRange, noteDuration: Double, gapBetweenNotes: Double,
        referencePitch: Frequency,
        varyLoudness: Double, feedbackDuration: Double, velocity: MIDIVelocity, timbre: String,
        intervals: [DirectedInterval], tuningSystem: TuningSystem
    ) {
        self.intervals = intervals
        self.tuningSystem = tuningSystem
        self.noteRange = noteRange
        self.noteDuration = noteDuration
        self.gapBetweenNotes = gapBetweenNotes
        self.referencePitch = referencePitch
        self.varyLoudness = varyLoudness
        self.feedbackDuration = feedbackDuration
        self.velocity = velocity
        self.timbre = timbre
    }

    /// Creates settings, checking every value against its allowed range.
    /// - Throws: ``SettingsError`` naming the first value that is not allowed.
    public init(
        noteRange: NoteRange = Self.defaults.noteRange, noteDuration: Double = Self.defaults.noteDuration,
        gapBetweenNotes: Double = Self.defaults.gapBetweenNotes,
        referencePitch: Frequency = Self.defaults.referencePitch,
        varyLoudness: Double = Self.defaults.varyLoudness,
        feedbackDuration: Double = Self.defaults.feedbackDuration,
        velocity: MIDIVelocity = Self.defaults.velocity, timbre: String = Self.defaults.timbre,
        intervals: [DirectedInterval] = Self.defaults.intervals,
        tuningSystem: TuningSystem = Self.defaults.tuningSystem
    ) throws(SettingsError) {
        self = .defaults
        try set(.noteRange, noteRange)
        try set(.noteDuration, noteDuration)
        try set(.gapBetweenNotes, gapBetweenNotes)
        try set(.referencePitch, referencePitch)
        try set(.varyLoudness, varyLoudness)
        try set(.feedbackDuration, feedbackDuration)
        try set(.velocity, velocity)
        try set(.timbre, timbre)
        try set(.intervals, DirectedInterval.listDescription(intervals))
        try set(.tuningSystem, tuningSystem.rawValue)
    }

    private mutating func set(_ key: SettingKey, _ value: some Sendable) throws(SettingsError) {
        self = try setting(key, to: SettingValue(value))
    }

    /// One of ``intervals`` at random; the only one without drawing (so unison training draws what it always did).
    public func randomInterval(using generator: inout some RandomNumberGenerator) -> DirectedInterval {
        intervals.count == 1
            ? intervals[0] : intervals[Int.random(in: 0..<intervals.count, using: &generator)]
    }

    /// Whether trials are unison only (the default).
    public var isUnison: Bool { intervals == [.prime] }

    /// The equal temperament of ``referencePitch``.
    public var tuning: EqualTemperament { EqualTemperament(referencePitch: referencePitch) }

    /// The current value of `key`; nil for a key that is not one of these settings
    /// (``SettingKey/isTrainingSetting``).
    public func value(of key: SettingKey) -> SettingValue? {
        switch key {
        case .noteRange: .noteRange(noteRange)
        case .noteDuration: .number(noteDuration)
        case .gapBetweenNotes: .number(gapBetweenNotes)
        case .referencePitch: .number(referencePitch.hertz)
        case .varyLoudness: .number(varyLoudness)
        case .feedbackDuration: .number(feedbackDuration)
        case .velocity: .integer(Int(velocity.rawValue))
        case .timbre: .text(timbre)
        case .intervals: .text(DirectedInterval.listDescription(intervals))
        case .tuningSystem: .text(tuningSystem.rawValue)
        // Every other key is not one of these (``SettingKey/isTrainingSetting``, the one switch that names them
        // all, says which; `SettingKeyTests` checks that the two agree).
        default: nil
        }
    }

    /// A copy with `key` set to `value`, checked against the key's allowed range.
    /// - Throws: ``SettingsError`` when the value has the wrong type or lies outside the allowed range;
    ///   ``SettingsError/unknownKey(_:)`` for a key that is not one of these settings.
    public func setting(
        _ key: SettingKey, to value: SettingValue
    ) throws(SettingsError) -> TrainingSettings {
        var copy = self
        switch key {
        case .noteRange:
            guard case .noteRange(let range) = value else { throw key.wrongType(value) }
            guard Self.allowedNotes.contains(range.lowerBound), Self.allowedNotes.contains(range.upperBound)
            else {
                throw .outOfRange(
                    key: key.rawValue, value: range.description, allowed: key.allowed)
            }
            guard range.semitoneSpan >= Self.minimumRangeSpan else {
                throw .rangeTooNarrow(
                    key: key.rawValue, range: range.description, minimumSemitones: Self.minimumRangeSpan)
            }
            copy.noteRange = range
        case .noteDuration:
            copy.noteDuration = try key.checkedNumber(value, in: Self.noteDurationRange)
        case .gapBetweenNotes:
            copy.gapBetweenNotes = try key.checkedNumber(value, in: Self.gapRange)
        case .referencePitch:
            copy.referencePitch = Frequency(hertz: try key.checkedNumber(value, in: Self.referencePitchRange))
        case .varyLoudness:
            copy.varyLoudness = try key.checkedNumber(value, in: Self.varyLoudnessRange)
        case .feedbackDuration:
            copy.feedbackDuration = try key.checkedNumber(value, in: Self.feedbackDurationRange)
        case .velocity:
            guard case .integer(let number) = value else { throw key.wrongType(value) }
            guard let velocity = try? MIDIVelocity(validating: number) else {
                throw .outOfRange(key: key.rawValue, value: String(number), allowed: key.allowed)
            }
            copy.velocity = velocity
        case .timbre:
            guard case .text(let name) = value else { throw key.wrongType(value) }
            guard Self.timbres.contains(name) else {
                throw .invalidValue(key: key.rawValue, value: name, expected: key.allowed)
            }
            copy.timbre = name
        case .intervals:
            guard case .text(let text) = value else { throw key.wrongType(value) }
            guard let intervals = try? DirectedInterval.parseList(text) else {
                throw .invalidValue(key: key.rawValue, value: text, expected: key.allowed)
            }
            copy.intervals = intervals
        case .tuningSystem:
            guard case .text(let word) = value else { throw key.wrongType(value) }
            guard let tuning = TuningSystem(word: word) else {
                throw .invalidValue(key: key.rawValue, value: word, expected: key.allowed)
            }
            copy.tuningSystem = tuning
        default:  // not one of these (``SettingKey/isTrainingSetting``)
            throw .unknownKey(key.rawValue)
        }
        return copy
    }

    /// A copy with `key` set from its text form, as typed by a user (`C2-C6`, `0.5`, `442`, `piano`,
    /// `P5,M3down`, `just`).
    /// - Throws: ``SettingsError`` when the text cannot be read or the value is not allowed.
    public func setting(
        _ key: SettingKey, toText text: String
    ) throws(SettingsError) -> TrainingSettings {
        try setting(key, to: key.parse(text))
    }

    /// The internal synth's timbres, by name: the one list that settings, options and the synth share (the
    /// synth's `Timbre.all` is tested against it).
    public static let timbres = ["sine", "piano", "organ"]
}

/// The value of one setting, in a form common to all settings.
public enum SettingValue: Hashable, Sendable, CustomStringConvertible {
    /// A number (seconds, hertz, an amount).
    case number(Double)
    /// A whole number (a velocity).
    case integer(Int)
    /// A name (a timbre).
    case text(String)
    /// A range of notes.
    case noteRange(NoteRange)

    init(_ value: some Sendable) {
        switch value {
        case let range as NoteRange: self = .noteRange(range)
        case let number as Double: self = .number(number)
        case let frequency as Frequency: self = .number(frequency.hertz)
        case let velocity as MIDIVelocity: self = .integer(Int(velocity.rawValue))
        case let text as String: self = .text(text)
        default: preconditionFailure("no setting holds a \(type(of: value))")
        }
    }

    /// The value as a user would type it.
    public var description: String {
        switch self {
        case .number(let number): formatShortest(number)
        case .integer(let number): String(number)
        case .text(let text): text
        case .noteRange(let range): range.description
        }
    }
}

/// Writes `value` with up to three decimals and no trailing zeros (`0.4`, `440`, `1.25`).
func formatShortest(_ value: Double) -> String {
    var text = formatFixed(value, decimals: 3)
    while text.contains("."), text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
