// Completions: what the shells complete for option values and arguments, beyond option names.

import ArgumentParser
import Foundation
import PeachAudio
import PeachCore
import PeachStore
import PeachTraining

/// The values the bash, zsh and fish completions offer (`peach --generate-completion-script SHELL`): fixed
/// lists where the values are Peach's own (timbres, tunings, intervals, settings keys), and a call back into
/// `peach` when they depend on this machine or on the words typed so far (controller profiles, SoundFonts and
/// their presets, a setting's values after its key).
enum Completions {
    /// The internal synth's timbres.
    static let timbres = CompletionKind.list(TrainingSettings.timbres)

    /// The tuning systems.
    static let tunings = CompletionKind.list(TuningSystem.allCases.map(\.rawValue))

    /// Each interval, up and down (`--intervals` takes a comma-separated list of them).
    static let intervals = CompletionKind.list(
        Interval.allCases.flatMap { [$0.abbreviation, $0.abbreviation + "down"] })

    /// The settings' keys.
    static let settingKeys = CompletionKind.list(PeachSettings.keys)

    /// The controller profiles that exist: the user's, the shipped ones and `default`.
    static let profiles = CompletionKind.custom { _, _, _ in profileNames() }

    /// The SoundFonts found (`peach sounds` lists them), by file name.
    static let soundFonts = CompletionKind.custom { _, _, _ in soundFontNames() }

    /// The presets of the SoundFont named by `--soundfont` earlier on the line (else the setting): names and
    /// `BANK:PROGRAM`.
    static let presets = CompletionKind.custom { words, _, _ in
        let named = words.firstIndex(of: "--soundfont").flatMap {
            words.indices.contains($0 + 1) ? words[$0 + 1] : nil
        }
        return presetNames(soundFont: named ?? CLI.setting("soundfont"))
    }

    /// A setting's values, for the key before it (`peach settings set timbre <TAB>`).
    static let settingValues = CompletionKind.custom { words, index, _ in
        guard index > 0, words.indices.contains(index - 1) else { return [] }
        return values(forSetting: words[index - 1])
    }

    /// What `key` can be set to, where the values can be listed.
    static func values(forSetting key: String) -> [String] {
        switch PeachSettings.allowed(for: key) {
        case .oneOf(let values): return values
        case .onOff: return ["on", "off"]
        case .intervals: return Interval.allCases.flatMap { [$0.abbreviation, $0.abbreviation + "down"] }
        case .profileName: return profileNames()
        case .soundFont: return ["none"] + soundFontNames()
        case .preset: return presetNames(soundFont: CLI.setting("soundfont"))
        case .audioOutput: return ["alsa:default", "null"]
        case .midiOutput: return ["synth", "midi"]
        default: return []
        }
    }

    private static func profileNames() -> [String] {
        Array(Set(ProfileOptions.library().entries().map(\.name) + ["default"])).sorted()
    }

    private static func soundFontNames() -> [String] {
        SoundFontLibrary(environment: CLI.environment).installed().map { ($0 as NSString).lastPathComponent }
    }

    private static func presetNames(soundFont: String) -> [String] {
        guard !soundFont.isEmpty, soundFont != "none" else { return [] }
        let library = SoundFontLibrary(environment: CLI.environment)
        guard let font = try? SoundFont.open(path: library.path(for: soundFont)) else { return [] }
        return font.presets.flatMap { [$0.name, $0.number] }
    }
}
