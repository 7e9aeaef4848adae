// SettingKey+Help: what each setting does, the help text of its run option where it has one.

import PeachCore

extension SettingKey {
    /// The help text of the option that overrides the setting for one run (``SettingKey/optionName``); nil for
    /// a setting no command takes as an option.
    public var help: Help? { optionName == nil ? nil : meaning }

    /// What the setting does: its option's help text, or for a setting no command takes as an option its own
    /// sentence (the dashboard's settings page says it beside each key).
    public var meaning: Help {
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
        case .velocity: .velocitySetting
        case .wrongAnswerTick: .wrongAnswerTickSetting
        case .longPress: .longPressSetting
        case .earconLevel: .earconLevelSetting
        case .showReference: .showReferenceSetting
        case .grazeVelocity: .grazeVelocitySetting
        case .keySignature: .keySignatureSetting
        case .melodyInTempo: .melodyInTempoSetting
        }
    }
}
