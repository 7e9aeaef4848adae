// CompletionValues: the values shell completion offers where they depend on this machine or on a key.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachTraining

/// What the shells complete for option values and settings, beyond fixed lists: the controller profiles that
/// exist, the SoundFonts found and their presets, and a setting's values after its key.
struct CompletionValues: Sendable {
    /// Where the profiles are.
    let profiles: ProfileLibrary
    /// Where the SoundFonts are.
    let soundFonts: SoundFontLibrary
    /// The settings now (the SoundFont whose presets to offer).
    let settings: PeachSettings
    /// How the user writes notes and keys (German `Fis`, `B`).
    let naming: NoteNaming

    /// Values from these places and settings, notes and keys written in `naming`.
    init(profiles: ProfileLibrary, soundFonts: SoundFontLibrary, settings: PeachSettings, naming: NoteNaming)
    {
        self.profiles = profiles
        self.soundFonts = soundFonts
        self.settings = settings
        self.naming = naming
    }

    /// The fifteen keys, as the user types them in `naming`: English `Cb`, `Gb` … `F#`, `C#`; German `Ces`, `Ges`
    /// … `B`, `H`, `Fis`, `Cis`.
    static func keyNames(_ naming: NoteNaming) -> [String] {
        KeySignature.fifthsRange.compactMap(KeySignature.init(fifths:)).map {
            NoteNaming.ascii(naming.name(of: $0))
        }
    }

    /// Each interval, up and down (`--intervals` takes a comma-separated list of them).
    static let intervals = Interval.allCases.flatMap { [$0.abbreviation, $0.abbreviation + "down"] }

    /// The names of the profiles that exist: the user's, the shipped ones and `default`, sorted.
    func profileNames() -> [String] {
        Array(Set(profiles.entries().map(\.name) + ["default"])).sorted()
    }

    /// The file names of the SoundFonts found (`peach sounds` lists them).
    func soundFontNames() -> [String] {
        soundFonts.installed().map { ($0 as NSString).lastPathComponent }
    }

    /// The presets (names and `BANK:PROGRAM`) of the SoundFont `--soundfont` names in `words`, else the
    /// setting's.
    func presetNames(after words: [String]) -> [String] {
        let named = words.firstIndex(of: "--soundfont").flatMap {
            words.indices.contains($0 + 1) ? words[$0 + 1] : nil
        }
        let soundFont = named ?? settings.text(of: .soundFont)
        guard !soundFont.isEmpty, soundFont != "none",
            let font = try? SoundFont.open(path: soundFonts.path(for: soundFont))
        else { return [] }
        return font.presets.flatMap { [$0.name, $0.number] }
    }

    /// What `key` can be set to, where the values can be listed (`peach settings set timbre <TAB>`).
    func values(forSetting key: SettingKey) -> [String] {
        switch key.allowed {
        case .oneOf(let values): values
        case .onOff: ["on", "off"]
        case .intervals: Self.intervals
        case .profileName: profileNames()
        case .soundFont: ["none"] + soundFontNames()
        case .preset: presetNames(after: [])
        case .audioOutput: ["alsa:default", "null"]
        case .midiOutput: ["synth", "midi"]
        case .timingPatterns:
            TimingPattern.catalogue.map(\.id) + TimingPattern.Family.catalogued.map(\.rawValue) + ["all"]
        case .keySignature: Self.keyNames(naming)
        case .degreeKey: ["random"] + Self.keyNames(naming)
        default: []
        }
    }
}
