// SettingKey+Help: the help text of each setting's run option.

import PeachCore

extension SettingKey {
    /// The help text of the option that overrides the setting for one run (``SettingKey/optionName``); nil for
    /// a setting no command takes as an option.
    public var help: Help? {
        switch self {
        case .noteRange: .range
        case .noteDuration: .noteDuration
        case .gapBetweenNotes: .gap
        case .referencePitch: .referencePitch
        case .varyLoudness: .varyLoudness
        case .feedbackDuration: .feedbackDuration
        case .timbre: .timbre
        case .intervals: .intervals
        case .tuningSystem: .tuning
        case .controllerProfile: .profile
        case .audioOutput: .audioOut
        case .midiOutput: .output
        case .soundFont: .soundFont
        case .preset: .preset
        case .tempo: .tempo
        case .offsetClick: .offsetClick
        case .timingPatterns: .timingPatterns
        case .maxRepetitions: .maxRepetitions
        case .gapPattern: .gapPattern
        case .silentBars: .silentBars
        case .silentEvery: .silentEvery
        case .tempoRamp: .tempoRamp
        case .rampEvery: .rampEvery
        case .gapPositions: .gapPositions
        case .chordWindow: .chordWindow
        case .cadenceEvery: .cadenceEvery
        case .degreeKey: .degreeKey
        case .degreeNames: .degreeNames
        case .degreeContext: .degreeContext
        case .degreeNotes: .degreeNotes
        case .velocity, .wrongAnswerTick, .longPress, .earconLevel, .showReference, .grazeVelocity,
            .keySignature:
            nil
        }
    }
}

extension Texts {
    /// What a setting does, in a sentence: its run option's help, or for a setting no command takes as an option
    /// its own words (the dashboard's settings page says it beside each key).
    public func settingDescription(_ key: SettingKey) -> String {
        if let option = key.help { return help(option) }
        switch key {
        case .velocity: return tr("How hard Peach plays its notes (MIDI velocity).")
        case .wrongAnswerTick: return tr("A short tick after a wrong answer (on or off).")
        case .longPress:
            return tr(
                "How long a press must last to count as a long press (it stops, or opens the box's menu), seconds."
            )
        case .earconLevel: return tr("How loud the practice box's signal sounds are, in dB below full level.")
        case .showReference:
            return tr("Play-back: whether the reference note (or a chord's bass) is named on screen.")
        case .grazeVelocity:
            return tr(
                "Play-back: a key struck this softly and let go at once was grazed, not played (0: every note counts)."
            )
        case .keySignature: return tr("Play-back: the key lone notes are spelled in (C, G, F#, Bb, Am ...).")
        default: return ""
        }
    }
}
