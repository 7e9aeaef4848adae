// DashboardSettingRules: what a signed-in browser may not save that `peach settings set` may: paths on the box.

import PeachCore
import PeachTraining

/// The settings a browser saves name no file on the box: a password guessed or a session taken must not let a
/// page write the journal (`audioOutput=wav:…`), a device node (`midiOutput=rawmidi:…`) or read any file as a
/// SoundFont. So from the dashboard a sound output is a device (ALSA by name, JACK or none: an ALSA name that
/// opens a file, `file:` or `tee:`, or holds a path, is refused), the MIDI output a sequencer port or the synth,
/// and a SoundFont one of the box's library (``SoundFontLibrary/installed()``) by its name, or `none`. At the
/// box's terminal, `peach settings set` still takes a path (the protected-file rules apply there too).
enum DashboardSettingRules {
    /// Why a value is refused from the dashboard.
    enum Refusal: Equatable, Sendable {
        /// A file on the box (`wav:PATH`, `rawmidi:PATH`, a SoundFont by path, an ALSA file plugin).
        case path
        /// A SoundFont name the box's library does not hold; the names it holds.
        case unknownSoundFont(known: [String])
    }

    /// ALSA's PCM plugins a device name may begin with: the card's own and the servers'; a name of the
    /// system's configuration (`/etc/asound.conf`, written by root) is a bare word and taken too.
    static let alsaPlugins: Set<String> = [
        "default", "sysdefault", "hw", "plughw", "dmix", "front", "pulse", "pipewire", "jack", "iec958",
        "hdmi", "spdif", "surround21", "surround40", "surround41", "surround50", "surround51", "surround71",
        "usbstream",
    ]

    /// Why `value` may not be saved for `key` from the dashboard (nil: it may, if the setting takes it).
    static func refusal(_ key: SettingKey, _ value: String, soundFonts: SoundFontLibrary) -> Refusal? {
        switch key {
        case .audioOutput:
            if value.hasPrefix("wav:") { return .path }
            if value.hasPrefix("alsa:"), !isDeviceName(String(value.dropFirst(5))) { return .path }
            return nil
        case .midiOutput:
            return value.hasPrefix("rawmidi:") ? .path : nil
        case .soundFont:
            guard value != "none" else { return nil }
            if value.contains("/") || value.hasPrefix("~") || value.hasPrefix(".") { return .path }
            let known = names(soundFonts)
            let name = value.hasSuffix(".sf2") ? String(value.dropLast(4)) : value
            return known.contains(name) ? nil : .unknownSoundFont(known: known)
        default:
            return nil
        }
    }

    /// The names of the library's SoundFonts, as a `soundfont` setting names them (`FluidR3_GM`).
    static func names(_ library: SoundFontLibrary) -> [String] {
        library.installed().map { path in
            let file = path.split(separator: "/").last.map(String.init) ?? path
            return file.lowercased().hasSuffix(".sf2") ? String(file.dropLast(4)) : file
        }
    }

    /// Whether `device` is an ALSA name that opens a device: a known plugin or a bare word, with arguments of
    /// letters, digits, `_`, `-`, `.`, `,` and `=` only (`hw:CARD=Device,DEV=0`, `plughw:1,0`, `default`).
    static func isDeviceName(_ device: String) -> Bool {
        let parts = device.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let plugin = String(parts[0])
        let word = plugin.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) }
        guard !plugin.isEmpty, word, plugin != "file", plugin != "tee" else { return false }
        guard parts.count == 2 else { return true }
        guard alsaPlugins.contains(plugin) else { return false }
        return parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.,=".contains($0)) }
    }
}
