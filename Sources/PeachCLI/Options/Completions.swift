// Completions: what the shells complete for option values and arguments, beyond option names.

import ArgumentParser
import PeachAudio
import PeachCore
import PeachStore
import PeachTraining

/// The values the bash, zsh and fish completions offer (`peach --generate-completion-script SHELL`): fixed
/// lists where the values are Peach's own, and a call back into `peach` (``CompletionValues``) when they depend
/// on this machine or on the words typed so far.
enum Completions {
    /// The values of this machine and settings.
    static var values: CompletionValues {
        CompletionValues(
            profiles: ProfileOptions.library(), soundFonts: SoundFontLibrary(environment: CLI.environment),
            settings: CLI.settingsForHelp, naming: CLI.texts.noteNaming)
    }

    /// The internal synth's timbres.
    static let timbres = CompletionKind.list(TrainingSettings.timbres)
    /// The tuning systems.
    static let tunings = CompletionKind.list(TuningSystem.allCases.map(\.rawValue))
    /// Each interval, up and down.
    static let intervals = CompletionKind.list(CompletionValues.intervals)
    /// Play-back's items: those of the kind `--kind` names earlier on the line, else every kind's (`--items`
    /// takes a comma-separated list of one kind's).
    static let playBackItems = CompletionKind.custom { words, _, _ in
        let named = words.firstIndex(of: "--kind").flatMap {
            words.indices.contains($0 + 1) ? PlayBackKind(rawValue: words[$0 + 1]) : nil
        }
        return (named.map { [$0] } ?? PlayBackKind.allCases).flatMap {
            PlayBackItem.catalogue(of: $0).map(\.id)
        }
    }
    /// Offset detection's patterns, their families and `all`.
    static let timingPatterns = CompletionKind.list(
        TimingPattern.catalogue.map(\.id) + TimingPattern.Family.catalogued.map(\.rawValue) + ["all"])
    /// The settings' keys.
    static let settingKeys = CompletionKind.list(SettingKey.allCases.map(\.rawValue))
    /// The controller profiles that exist.
    static let profiles = CompletionKind.custom { _, _, _ in values.profileNames() }
    /// The MIDI inputs this machine has now (``DeviceCompletions``).
    static let midiInputs = CompletionKind.custom { _, _, _ in DeviceCompletions.midiInputs() }
    /// The MIDI outputs this machine has now.
    static let midiOutputs = CompletionKind.custom { _, _, _ in DeviceCompletions.midiOutputs() }
    /// The audio outputs this machine has now.
    static let audioOutputs = CompletionKind.custom { _, _, _ in DeviceCompletions.audioOutputs() }
    /// The SoundFonts found.
    static let soundFonts = CompletionKind.custom { _, _, _ in values.soundFontNames() }
    /// The presets of the SoundFont named earlier on the line (else the setting).
    static let presets = CompletionKind.custom { words, _, _ in values.presetNames(after: words) }
    /// `random` and the keys, as the user writes them (German `Es`, `B`, `H`).
    static let degreeKeys = CompletionKind.custom { _, _, _ in
        ["random"] + CompletionValues.keyNames(CLI.texts.noteNaming)
    }
    /// A setting's values, for the key before it.
    static let settingValues = CompletionKind.custom { words, index, _ in
        guard index > 0, words.indices.contains(index - 1), let key = SettingKey(rawValue: words[index - 1])
        else {
            return []
        }
        return values.values(forSetting: key)
    }
}
