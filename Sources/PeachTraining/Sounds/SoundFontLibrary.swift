// SoundFontLibrary: where SoundFonts are found, what a `soundfont` setting names, and what the synth then plays.

import Foundation
import PeachAudio
import PeachSystem

/// The SoundFonts of this machine and the choice of what the internal synth plays.
///
/// SoundFonts are looked for in `$XDG_DATA_HOME/soundfonts` (default `~/.local/share/soundfonts`),
/// `/usr/share/soundfonts` and `/usr/share/sounds/sf2` (where Debian's `fluid-soundfont-gm` and
/// `timgm6mb-soundfont` put theirs). A `soundfont` setting or `--soundfont` with a `/` in it is a path; a bare
/// name is a file in those folders, with or without `.sf2` (`FluidR3_GM`).
public struct SoundFontLibrary: Sendable {
    /// The folders searched, in order.
    public let directories: [String]

    /// The library of `environment` (`XDG_DATA_HOME`, `HOME`).
    public init(environment: [String: String]) {
        var directories: [String] = []
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            directories.append(data + "/soundfonts")
        } else if let home = environment["HOME"], !home.isEmpty {
            directories.append(home + "/.local/share/soundfonts")
        }
        directories += ["/usr/share/soundfonts", "/usr/share/sounds/sf2"]
        self.directories = directories
    }

    /// A library over `directories` (tests).
    public init(directories: [String]) { self.directories = directories }

    /// The `.sf2` files in the folders, by real path (a Debian alternative's link is listed once), sorted
    /// within each folder.
    public func installed() -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for directory in directories {
            let names = FileSystem.entries(of: directory)
            for name in names.sorted() where name.lowercased().hasSuffix(".sf2") {
                let path = directory + "/" + name
                let real = (path as NSString).resolvingSymlinksInPath
                guard FileSystem.status(real) != nil, seen.insert(real).inserted else {
                    continue
                }
                result.append(path)
            }
        }
        return result
    }

    /// The path `setting` names: itself when it holds a `/` (`~` expanded), else the first `NAME` or `NAME.sf2`
    /// in the folders, else `setting` as given (so the error of opening it names what the user typed).
    public func path(for setting: String) -> String {
        if setting.contains("/") { return (setting as NSString).expandingTildeInPath }
        for directory in directories {
            for name in [setting, setting + ".sf2"]
            where FileSystem.status(directory + "/" + name) != nil {
                return directory + "/" + name
            }
        }
        return setting
    }

    /// What `peach sounds` lists: every installed SoundFont (or the one `file` names), opened or not.
    /// - Throws: the ``SoundFontError`` of the SoundFont `file` names, when it cannot be read: asked for by
    ///   name, it is the command's error, not a line of the list.
    public func survey(
        _ file: String?
    ) throws(SoundFontError) -> [(path: String, font: Result<SoundFont, SoundFontError>)] {
        let paths = file.map { [path(for: $0)] } ?? installed()
        let fonts = paths.map { path in
            (path, Result { () throws(SoundFontError) in try SoundFont.open(path: path) })
        }
        if file != nil, case .failure(let error) = fonts[0].1 { throw error }
        return fonts
    }

    /// The preset the synth plays for a `soundfont` and `preset` setting, loaded; nil for `none`.
    /// - Throws: ``SoundFontError`` for a missing or broken file or an unknown preset: the caller plays the
    ///   built-in timbre instead and says so.
    public func instrument(
        soundFont setting: String, preset: String
    ) throws(SoundFontError) -> SampledInstrument? {
        guard setting != "none", !setting.isEmpty else { return nil }
        let font = try SoundFont.open(path: path(for: setting))
        guard let chosen = preset.isEmpty ? font.firstPreset : font.preset(named: preset) else {
            throw SoundFontError(path: font.path, problem: .noSuchPreset(preset))
        }
        return try SampledInstrument(soundFont: font, preset: chosen)
    }

    /// ``instrument(soundFont:preset:)`` with its error as a value: what the synth plays (nil: the timbre) and,
    /// when a SoundFont was asked for but cannot play, why, for the one line that says so.
    public func choose(soundFont setting: String, preset: String) -> (SampledInstrument?, SoundFontError?) {
        do {
            return (try instrument(soundFont: setting, preset: preset), nil)
        } catch {
            return (nil, error)
        }
    }
}
