// SettingKey: the one name of each setting, with what it allows, its run option and how to read it from text.

/// The key of each setting Peach keeps, as written in `settings.json` and typed after `peach settings`: the only
/// way to name a setting. What a setting allows, the option that overrides it for one run, its help text (in
/// PeachText), its completion and its row in docs/settings.md all hang off its case, so adding a setting is a
/// change the compiler guides: every `switch` over the keys asks for the new case (CONTRIBUTING's "Adding a
/// setting").
///
/// The order of the cases is the order `peach settings` lists them and the settings file writes them.
public enum SettingKey: String, CaseIterable, Sendable {
    /// The training range, e.g. `C2-C6`.
    case noteRange
    /// Seconds each note sounds.
    case noteDuration
    /// Seconds of silence between the two notes.
    case gapBetweenNotes
    /// Hertz of A4.
    case referencePitch
    /// 0 … 1: loudness rove of the second note.
    case varyLoudness
    /// Seconds feedback is shown.
    case feedbackDuration
    /// MIDI velocity 1 … 127.
    case velocity
    /// Timbre name.
    case timbre
    /// Directed intervals, e.g. `P1,P5,M3down`.
    case intervals
    /// `equal`, `just` or `pythagorean`.
    case tuningSystem
    /// The controller profile's name.
    case controllerProfile
    /// Where the internal synth plays: `alsa:DEVICE`, `jack`, `wav:PATH` or `null`.
    case audioOutput
    /// `synth`, `midi`, `midi:CLIENT:PORT`, `midi:NAME` or `rawmidi:PATH`.
    case midiOutput
    /// Whether a wrong answer ticks: `on` or `off`.
    case wrongAnswerTick
    /// Seconds a single footswitch is held for a long press.
    case longPress
    /// The SoundFont the internal synth plays, or `none`.
    case soundFont = "soundfont"
    /// The SoundFont's preset: a name or `bank:program`.
    case preset
    /// The practice box's earcons, dB against a training note.
    case earconLevel
    /// Timing training's tempo, beats per minute.
    case tempo
    /// The step of offset detection's pattern whose note is early or late, 2 … 7.
    case offsetClick
    /// Offset detection's patterns, e.g. `4:xxxx`, `triplets` or `all`.
    case timingPatterns
    /// How often offset detection plays its pattern while no answer comes: 1, 2, 3, 5, 10 or `unlimited`.
    case maxRepetitions
    /// Fill the gap's silent steps, e.g. `4` or `2,4`.
    case gapPositions
    /// Fill the gap: a pattern whose rests are the gaps, e.g. `3:x-x`, or `none` (four sixteenths).
    case gapPattern
    /// Fill the gap: bars the loop drops out for, 0 … 4 (0: never).
    case silentBars
    /// Fill the gap: bars played between silences, 1 … 16.
    case silentEvery
    /// Fill the gap: BPM the tempo steps by, −20 … 20 (0: steady).
    case tempoRamp
    /// Fill the gap: bars between the tempo's steps, 1 … 16.
    case rampEvery
    /// Play-back: milliseconds within which the notes of one answer (a chord) are struck, 20 … 1000.
    case chordWindow
    /// Play-back: a note struck at this velocity or softer and let go within 60 ms is a grazed key, not part of
    /// the answer; 0 … 127 (0: every note counts).
    case grazeVelocity
    /// Play-back: whether the reference (a chord's bass) is named on screen: `on` or `off`.
    case showReference
    /// Play-back: the key signature a lone note is spelled in: a major key (`C`, `G`, `F#`, `Bb`) or a minor one
    /// (`Am`, `Ebm`).
    case keySignature
    /// Play-back, degrees: the cadence sounds before every this many questions of a key, 1 … 8.
    case cadenceEvery
    /// Play-back, degrees and melodies: `random` (a new key for each block of degrees, each melody) or a fixed
    /// tonic (`C`, `Eb`).
    case degreeKey
    /// Play-back, degrees: how degrees are named: `numbers` (`5`, `♭6`) or `solfege` (movable do: `sol`, `le`).
    case degreeNames
    /// Play-back, degrees: what sets the key before a note: `cadence` (I–IV–V–I) or `drone` (tonic and fifth held).
    case degreeContext
    /// Play-back, degrees: how many notes a question plays in a row, 1 … 3 (the asked degree last).
    case degreeNotes
    /// Play-back, melodies: whether a phrase is played back in tempo (a count-in, the phrase, the answer on the
    /// clicks) rather than freely: `on` or `off`.
    case melodyInTempo

    /// The key named `name` (as in the settings file).
    /// - Throws: ``SettingsError/unknownKey(_:)`` when no setting has that name.
    public static func named(_ name: String) throws(SettingsError) -> SettingKey {
        guard let key = SettingKey(rawValue: name) else { throw .unknownKey(name) }
        return key
    }

    /// Whether the key is one of the ``TrainingSettings`` (the values that shape a pitch trial).
    public var isTrainingSetting: Bool {
        switch self {
        case .noteRange, .noteDuration, .gapBetweenNotes, .referencePitch, .varyLoudness, .feedbackDuration,
            .velocity, .timbre, .intervals, .tuningSystem:
            true
        case .controllerProfile, .audioOutput, .midiOutput, .wrongAnswerTick, .longPress, .soundFont, .preset,
            .earconLevel, .tempo, .offsetClick, .timingPatterns, .maxRepetitions, .gapPositions, .chordWindow,
            .grazeVelocity, .showReference, .keySignature, .silentBars, .silentEvery, .tempoRamp, .rampEvery,
            .gapPattern, .cadenceEvery, .degreeKey, .degreeNames, .degreeContext, .degreeNotes,
            .melodyInTempo:
            false
        }
    }

    /// The long option that overrides the setting for one run, without its dashes (`range` for `--range`); nil
    /// for a setting no command takes as an option.
    public var optionName: String? {
        switch self {
        case .noteRange: "range"
        case .noteDuration: "note-duration"
        case .gapBetweenNotes: "gap"
        case .referencePitch: "reference-pitch"
        case .varyLoudness: "vary-loudness"
        case .feedbackDuration: "feedback-duration"
        case .timbre: "timbre"
        case .intervals: "intervals"
        case .tuningSystem: "tuning"
        case .controllerProfile: "profile"
        case .audioOutput: "audio-out"
        case .midiOutput: "output"
        case .soundFont: "soundfont"
        case .preset: "preset"
        case .tempo: "tempo"
        case .offsetClick: "offset-click"
        case .timingPatterns: "patterns"
        case .maxRepetitions: "max-repetitions"
        case .gapPositions: "gap-positions"
        case .silentBars: "silent-bars"
        case .gapPattern: "pattern"
        case .silentEvery: "silent-every"
        case .tempoRamp: "ramp"
        case .rampEvery: "ramp-every"
        case .chordWindow: "chord-window"
        case .cadenceEvery: "cadence-every"
        case .degreeKey: "key"
        case .degreeNames: "degree-names"
        case .degreeContext: "degree-context"
        case .degreeNotes: "degree-notes"
        case .velocity, .wrongAnswerTick, .longPress, .earconLevel, .showReference, .grazeVelocity,
            .keySignature, .melodyInTempo:
            nil
        }
    }

    /// The option as typed (`--range`), or the key itself for a setting without one (errors name it).
    public var option: String { optionName.map { "--" + $0 } ?? rawValue }

    /// What the key allows.
    public var allowed: AllowedValues {
        switch self {
        case .noteRange:
            .noteRange(
                within: TrainingSettings.allowedNotes, minimumSemitones: TrainingSettings.minimumRangeSpan)
        case .noteDuration: .number(ValueDomains.noteDuration, .seconds)
        case .gapBetweenNotes: .number(ValueDomains.gap, .seconds)
        case .referencePitch: .number(ValueDomains.referencePitch, .hertz)
        case .varyLoudness: .number(ValueDomains.varyLoudness, .amount)
        case .feedbackDuration: .number(ValueDomains.feedbackDuration, .seconds)
        case .velocity: .wholeNumber(1...127)
        case .timbre: .oneOf(TrainingSettings.timbres)
        case .intervals: .intervals
        case .tuningSystem: .oneOf(TuningSystem.allCases.map(\.rawValue))
        case .controllerProfile: .profileName
        case .audioOutput: .audioOutput
        case .midiOutput: .midiOutput
        case .wrongAnswerTick: .onOff
        case .longPress: .number(ValueDomains.longPress, .seconds)
        case .soundFont: .soundFont
        case .preset: .preset
        case .earconLevel: .number(ValueDomains.earconLevel, .decibels)
        case .tempo: .wholeNumber(Tempo.trainingRange)
        case .offsetClick: .wholeNumber(TimingSettings.offsetClicks)
        case .timingPatterns: .timingPatterns
        case .maxRepetitions: .oneOf(TimingSettings.repetitionChoices.map(String.init) + ["unlimited"])
        case .gapPositions: .gapPositions
        case .silentBars: .wholeNumber(TimingSettings.silentBarsRange)
        case .gapPattern: .oneOf(["none"] + TimingPattern.withRests.map(\.id))
        case .silentEvery, .rampEvery: .wholeNumber(TimingSettings.barsRange)
        case .tempoRamp: .wholeNumber(TimingSettings.tempoRampRange)
        case .chordWindow: .number(ValueDomains.chordWindow, .milliseconds)
        case .grazeVelocity: .wholeNumber(ValueDomains.grazeVelocity)
        case .showReference, .melodyInTempo: .onOff
        case .keySignature: .keySignature
        case .cadenceEvery: .wholeNumber(ValueDomains.cadenceEvery)
        case .degreeKey: .degreeKey
        case .degreeNames: .oneOf(["numbers", "solfege"])
        case .degreeContext: .oneOf(DegreeContext.allCases.map(\.rawValue))
        case .degreeNotes: .wholeNumber(ValueDomains.degreeNotes)
        }
    }

    /// Reads a training setting's value from text as a user types it (the other settings are read by
    /// `PeachSettings`, which holds them).
    /// - Throws: ``SettingsError/invalidValue(key:value:expected:)`` when the text is not of the key's type.
    public func parse(_ text: String) throws(SettingsError) -> SettingValue {
        let trimmed = text.trimmingWhitespace()
        switch self {
        case .noteRange:
            guard let range = try? NoteRange(parsing: trimmed) else { throw invalid(text) }
            return .noteRange(range)
        case .velocity, .tempo, .offsetClick, .silentBars, .silentEvery, .tempoRamp, .rampEvery,
            .grazeVelocity, .cadenceEvery, .degreeNotes:
            guard let number = Int(trimmed) else { throw invalid(text) }
            return .integer(number)
        case .noteDuration, .gapBetweenNotes, .referencePitch, .varyLoudness, .feedbackDuration, .longPress,
            .earconLevel, .chordWindow:
            guard let number = Double(trimmed), number.isFinite else { throw invalid(text) }
            return .number(number)
        case .timbre, .intervals, .tuningSystem, .controllerProfile, .audioOutput, .midiOutput,
            .wrongAnswerTick,
            .soundFont, .preset, .gapPositions, .showReference, .timingPatterns, .maxRepetitions, .gapPattern,
            .keySignature, .degreeKey, .degreeNames, .degreeContext, .melodyInTempo:
            return .text(trimmed)
        }
    }

    /// The error for `text` that is not of the key's type.
    public func invalid(_ text: String) -> SettingsError {
        .invalidValue(key: rawValue, value: text, expected: allowed)
    }

    func wrongType(_ value: SettingValue) -> SettingsError { invalid(value.description) }

    /// `value` as a number within `range`.
    /// - Throws: ``SettingsError`` when it is not a number, or outside `range`.
    public func checkedNumber(
        _ value: SettingValue, in range: ClosedRange<Double>
    ) throws(SettingsError) -> Double {
        let number: Double
        switch value {
        case .number(let value): number = value
        case .integer(let value): number = Double(value)
        default: throw wrongType(value)
        }
        guard number.isFinite, range.contains(number) else {
            throw .outOfRange(key: rawValue, value: value.description, allowed: allowed)
        }
        return number
    }
}
