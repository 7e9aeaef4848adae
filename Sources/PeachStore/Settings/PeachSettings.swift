// PeachSettings: every setting Peach keeps: the training settings plus outputs, controller profile and tick.

import Foundation
import PeachCore

/// Every setting in `settings.json`: the ``TrainingSettings`` plus the choices of controller profile, audio
/// output and MIDI output, and whether a wrong answer ticks.
public struct PeachSettings: Hashable, Sendable {
    /// The settings that shape a trial.
    public var training: TrainingSettings
    /// The controller profile's name (a shipped one such as `default`, or one of the user's).
    public private(set) var controllerProfile: String
    /// Where Peach's own synth plays: `alsa:DEVICE` (e.g. `alsa:default`, `alsa:hw:1,0`), `jack` (or
    /// `jack:PORT`), `wav:PATH` or `null`: the words of `--audio-out`.
    public private(set) var audioOutput: String
    /// `synth` (the internal synth), `midi` (the first MIDI synth found), `midi:CLIENT:PORT`, `midi:NAME` or
    /// `rawmidi:PATH`: the same words as `--output`.
    public private(set) var midiOutput: String
    /// Whether a wrong answer plays a short, quiet tick.
    public private(set) var wrongAnswerTick: Bool
    /// The SoundFont the internal synth plays (a path, or a file name found in the usual folders), or `none`
    /// for the built-in ``TrainingSettings/timbre``.
    public private(set) var soundFont: String
    /// The SoundFont's preset: a name or `bank:program`; empty for its first (lowest bank and program).
    public private(set) var preset: String
    /// Seconds a single footswitch must be held for a long press (the short/long gesture), 0.15–2.
    public private(set) var longPress: Double

    /// The range ``longPress`` accepts, seconds.
    public static let longPressRange = ValueDomains.longPress
    /// How loud the practice box's earcons play, dB relative to a training note at its nominal level.
    public private(set) var earconLevel: Double
    /// The range ``earconLevel`` accepts, dB.
    public static let earconLevelRange = ValueDomains.earconLevel
    /// Play-back: the notes struck within this many milliseconds of an answer's first are one answer.
    public private(set) var chordWindow = PlayBackOptions.defaultChordWindow * 1000
    /// Play-back: a note at this velocity or softer, let go within ``AnswerCapture/grazeDuration``, is a grazed
    /// key (0: every note counts).
    public private(set) var grazeVelocity = PlayBackOptions.defaultGrazeVelocity
    /// Play-back: whether the reference (a chord's bass) is named on screen.
    public private(set) var showReference = true
    /// Play-back: the key signature lone notes are spelled in.
    public private(set) var keySignature = KeySignature.c
    /// Play-back, degrees: the cadence sounds before every this many questions of a key.
    public private(set) var cadenceEvery = 1
    /// Play-back, degrees and melodies: random keys, or a fixed tonic.
    public private(set) var degreeKey = DegreeKey.random
    /// Play-back, degrees: whether degrees are named by movable do (`solfege`) rather than numbers.
    public private(set) var solfege = false
    /// Play-back, degrees: what sets the key before a note, the cadence or a drone.
    public private(set) var degreeContext = DegreeContext.cadence
    /// Play-back, degrees: how many notes a question plays in a row.
    public private(set) var degreeNotes = 1
    /// Play-back, melodies: whether a phrase is played back in tempo, on the clicks (`peach play --in-tempo` turns
    /// it on for a run; the practice box has no other way to it).
    public private(set) var melodyInTempo = false
    /// Timing training's settings: `tempo`, `offsetClick`, `gapPositions`, `timingPatterns`, `maxRepetitions`
    /// (their feedback lasts the training
    /// settings' `feedbackDuration`: see ``timingSettings``).
    public private(set) var timing = TimingSettings.defaults

    /// The timing settings a run reads: ``timing`` with the training settings' feedback duration.
    public var timingSettings: TimingSettings {
        var settings = timing
        settings.feedbackDuration = training.feedbackDuration
        return settings
    }

    /// The defaults.
    public static let defaults = PeachSettings(
        training: .defaults, controllerProfile: "default", audioOutput: "alsa:default", midiOutput: "synth",
        wrongAnswerTick: true, longPress: 0.4, soundFont: "none", preset: "", earconLevel: -12)

    private init(
        training: TrainingSettings, controllerProfile: String, audioOutput: String, midiOutput: String,
        wrongAnswerTick: Bool, longPress: Double, soundFont: String, preset: String, earconLevel: Double
    ) {
        self.earconLevel = earconLevel
        self.training = training
        self.controllerProfile = controllerProfile
        self.audioOutput = audioOutput
        self.midiOutput = midiOutput
        self.wrongAnswerTick = wrongAnswerTick
        self.longPress = longPress
        self.soundFont = soundFont
        self.preset = preset
    }

    /// The value of `key` as text (as `peach settings get` prints it).
    public func text(of key: SettingKey) -> String {
        switch key {
        case .controllerProfile: return controllerProfile
        case .audioOutput: return audioOutput
        case .midiOutput: return midiOutput
        case .wrongAnswerTick: return wrongAnswerTick ? "on" : "off"
        case .longPress: return String(longPress)
        case .soundFont: return soundFont
        case .preset: return preset
        case .earconLevel: return String(earconLevel)
        case .tempo: return String(timing.tempo.bpm)
        case .offsetClick: return String(timing.offsetClick)
        case .gapPositions: return timing.gapPositions.map(String.init).joined(separator: ",")
        case .timingPatterns: return TimingPattern.listText(timing.patterns)
        case .maxRepetitions: return TimingSettings.maxRepetitionsText(timing.maxRepetitions)
        case .gapPattern: return timing.gapPattern?.id ?? "none"
        case .silentBars: return String(timing.silentBars)
        case .silentEvery: return String(timing.silentEvery)
        case .tempoRamp: return String(timing.tempoRamp)
        case .rampEvery: return String(timing.rampEvery)
        case .chordWindow: return String(chordWindow)
        case .grazeVelocity: return String(grazeVelocity)
        case .showReference: return showReference ? "on" : "off"
        case .keySignature: return keySignature.description
        case .cadenceEvery: return String(cadenceEvery)
        case .degreeKey: return degreeKey.description
        case .degreeNames: return solfege ? "solfege" : "numbers"
        case .degreeContext: return degreeContext.rawValue
        case .degreeNotes: return String(degreeNotes)
        case .melodyInTempo: return melodyInTempo ? "on" : "off"
        case .noteRange, .noteDuration, .gapBetweenNotes, .referencePitch, .varyLoudness, .feedbackDuration,
            .velocity, .timbre, .intervals, .tuningSystem:
            return training.value(of: key)?.description ?? ""
        }
    }

    /// The longest value any setting takes, in bytes (a path's limit).
    public static let longestValue = 4096

    /// A copy with `key` set from text as a user types it.
    /// - Throws: ``SettingsError`` naming the key and what it accepts.
    public func setting(_ key: SettingKey, toText text: String) throws(SettingsError) -> PeachSettings {
        // No setting's value is longer than a path (PATH_MAX); a longer one is refused before it is parsed, so a
        // 5 MB value in a hand-edited file fails at once instead of keeping the parsers busy for seconds.
        guard text.utf8.count <= Self.longestValue else {
            throw key.invalid(text)
        }
        var copy = self
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        func invalid() -> SettingsError { key.invalid(text) }
        func outOfRange() -> SettingsError {
            .outOfRange(key: key.rawValue, value: value, allowed: key.allowed)
        }
        switch key {
        case .controllerProfile:
            guard !value.isEmpty, value.count <= 64,
                value.unicodeScalars.allSatisfy({
                    $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_".unicodeScalars.contains($0)
                })
            else { throw invalid() }
            copy.controllerProfile = value
        case .audioOutput:
            guard
                value == "null" || value == "jack" || value.hasPrefix("jack:")
                    || (value.hasPrefix("alsa:") && value.count > 5)
                    || (value.hasPrefix("wav:") && value.count > 4)
            else { throw invalid() }
            copy.audioOutput = value
        case .midiOutput:
            guard
                value == "synth" || value == "none" || value == "midi"
                    || (value.hasPrefix("midi:") && value.count > 5)
                    || (value.hasPrefix("rawmidi:") && value.count > 8)
            else {
                throw invalid()
            }
            copy.midiOutput = value == "none" ? "synth" : value  // `none`: the name older Peach wrote
        case .wrongAnswerTick, .showReference, .melodyInTempo:
            let on: Bool
            switch value.lowercased() {
            case "on", "true", "yes", "1": on = true
            case "off", "false", "no", "0": on = false
            default: throw invalid()
            }
            switch key {
            case .wrongAnswerTick: copy.wrongAnswerTick = on
            case .showReference: copy.showReference = on
            default: copy.melodyInTempo = on
            }
        case .chordWindow:
            guard let milliseconds = Double(value), milliseconds.isFinite else { throw invalid() }
            guard ValueDomains.chordWindow.contains(milliseconds) else { throw outOfRange() }
            copy.chordWindow = milliseconds
        case .keySignature:
            guard let key = KeySignature(parsing: value) else { throw invalid() }
            copy.keySignature = key
        case .cadenceEvery:
            guard let every = Int(value) else { throw invalid() }
            guard ValueDomains.cadenceEvery.contains(every) else { throw outOfRange() }
            copy.cadenceEvery = every
        case .degreeKey:
            guard let key = DegreeKey(parsing: value) else { throw invalid() }
            copy.degreeKey = key
        case .degreeNames:
            guard value == "numbers" || value == "solfege" else { throw invalid() }
            copy.solfege = value == "solfege"
        case .degreeContext:
            guard let context = DegreeContext(rawValue: value) else { throw invalid() }
            copy.degreeContext = context
        case .degreeNotes:
            guard let count = Int(value) else { throw invalid() }
            guard ValueDomains.degreeNotes.contains(count) else { throw outOfRange() }
            copy.degreeNotes = count
        case .grazeVelocity:
            guard let velocity = Int(value) else { throw invalid() }
            guard ValueDomains.grazeVelocity.contains(velocity) else { throw outOfRange() }
            copy.grazeVelocity = velocity
        case .longPress:
            guard let seconds = Double(value) else { throw invalid() }
            guard Self.longPressRange.contains(seconds) else {
                throw outOfRange()
            }
            copy.longPress = seconds
        case .earconLevel:
            guard let decibels = Double(value), decibels.isFinite else { throw invalid() }
            guard Self.earconLevelRange.contains(decibels) else {
                throw outOfRange()
            }
            copy.earconLevel = decibels
        case .tempo, .offsetClick:
            guard let number = Int(value) else { throw invalid() }
            let tempo = key == .tempo ? try? Tempo(bpm: number) : timing.tempo
            let click = key == .offsetClick ? number : timing.offsetClick
            guard let tempo, let settings = try? timing.replacing(tempo: tempo, offsetClick: click) else {
                throw outOfRange()
            }
            copy.timing = settings
        case .gapPositions:
            guard let positions = try? TimingSettings.parseGapPositions(value),
                let settings = try? timing.replacing(gapPositions: positions)
            else { throw invalid() }
            copy.timing = settings
        case .silentBars, .silentEvery, .tempoRamp, .rampEvery:
            guard let number = Int(value) else { throw invalid() }
            let settings: TimingSettings?
            switch key {
            case .silentBars: settings = try? timing.replacing(silentBars: number)
            case .silentEvery: settings = try? timing.replacing(silentEvery: number)
            case .tempoRamp: settings = try? timing.replacing(tempoRamp: number)
            default: settings = try? timing.replacing(rampEvery: number)
            }
            guard let settings else { throw outOfRange() }
            copy.timing = settings
        case .gapPattern:
            let pattern = value == "none" ? nil : TimingPattern.named(value)
            guard value == "none" || pattern != nil,
                let settings = try? timing.replacing(gapPattern: .some(pattern))
            else { throw invalid() }
            copy.timing = settings
        case .timingPatterns:
            guard let patterns = try? TimingPattern.parseList(value),
                let settings = try? timing.replacing(patterns: patterns)
            else { throw invalid() }
            copy.timing = settings
        case .maxRepetitions:
            // `try?` would flatten `unlimited` (nil) into a failure.
            let maximum: Int?
            do { maximum = try TimingSettings.parseMaxRepetitions(value) } catch { throw invalid() }
            guard let settings = try? timing.replacing(maxRepetitions: .some(maximum)) else {
                throw invalid()
            }
            copy.timing = settings
        case .soundFont, .preset:
            // A path or name: any text of one line (the synth says at start what is wrong with the file).
            guard value.count <= 4096,
                !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw invalid() }
            if key == .soundFont {
                copy.soundFont = value.isEmpty ? "none" : value
            } else {
                copy.preset = value
            }
        case .noteRange, .noteDuration, .gapBetweenNotes, .referencePitch, .varyLoudness, .feedbackDuration,
            .velocity, .timbre, .intervals, .tuningSystem:
            copy.training = try training.setting(key, toText: text)
        }
        return copy
    }
}

extension PeachSettings {
    /// The play-back options a run uses for `kind`: `chosen` (the command line's) when of that kind, else the
    /// defaults; the chord window and whether the reference is named from these settings (`--chord-window`
    /// overrides the one, `--hide-reference` turns the other off), questions within the note range.
    public func playBack(_ chosen: PlayBackOptions?, kind: PlayBackKind) -> PlayBackOptions {
        var options = PlayBackOptions.forRun(chosen, kind: kind, settings: training)
        options.chordWindow = chordWindow / 1000
        options.grazeVelocity = grazeVelocity
        options.cadenceEvery = cadenceEvery
        options.degreeKey = degreeKey
        options.degreeContext = degreeContext
        options.degreeNotes = degreeNotes
        options.tempo = timing.tempo
        options.namesReference = showReference && (chosen?.namesReference ?? true)
        // In tempo when asked for (`--in-tempo`) or set so: a melody only.
        options.inTempo = kind == .melodies && (options.inTempo || melodyInTempo)
        return options
    }
}
