// TrainingMode+Settings: which settings a run of each mode reads, for the commands that refuse the others.

import PeachCore

extension TrainingMode {
    /// Whether a run of this mode reads `setting`: what it sounds, asks, judges or shows. An option standing for a
    /// setting the run does not read would be taken and do nothing, so the commands refuse it
    /// (`peach match --vary-loudness`, `peach play --kind chords --key Eb`); `peach simulate` starts from the same
    /// answer. A new setting fails to compile here until it is given its modes.
    public func uses(_ setting: SettingKey) -> Bool {
        switch setting {
        // A comparison's loudness rove; pitch training's intervals and their tuning (play-back sounds its answers'
        // keys in equal temperament).
        case .varyLoudness: self == .comparison || self == .measurement
        case .intervals, .tuningSystem: family == .pitch
        // Notes sound in every mode but timing's (it plays clicks).
        case .noteRange, .noteDuration, .gapBetweenNotes, .referencePitch, .velocity, .timbre: !isTiming
        // Timing's click, and a melody played back in tempo.
        case .tempo: isTiming || self == .playBack(.melodies)
        case .offsetClick, .timingPatterns, .maxRepetitions: self == .offsetDetection
        case .gapPositions, .gapPattern, .silentBars, .silentEvery, .tempoRamp, .rampEvery: self == .gapFill
        case .chordWindow, .grazeVelocity, .showReference: playBackKind != nil
        case .cadenceEvery, .degreeNames, .degreeContext, .degreeNotes: self == .playBack(.degrees)
        case .degreeKey: self == .playBack(.degrees) || self == .playBack(.melodies)
        case .melodyInTempo: self == .playBack(.melodies)
        // The run's devices, controls, sounds and names, and the feedback's length: every mode's.
        case .feedbackDuration, .controllerProfile, .audioOutput, .midiOutput, .wrongAnswerTick, .longPress,
            .soundFont, .preset, .earconLevel, .keySignature:
            true
        }
    }
}
