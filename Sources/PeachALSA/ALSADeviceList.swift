// ALSADeviceList: the PCM playback devices ALSA knows by name, for `peach devices`.

import CALSA

/// A PCM device name ALSA offers (`default`, `hw:CARD=Headphones,DEV=0`, `plughw:…`), with its description.
public struct AudioDeviceInfo: Hashable, Sendable {
    /// The name to give `--audio-out alsa:NAME`.
    public var name: String
    /// ALSA's description, first line.
    public var description: String
}

/// Lists ALSA devices.
public enum ALSADeviceList {
    /// The PCM devices that can play (ALSA's name hints for "pcm" that are not input-only).
    public static func pcmOutputs() -> [AudioDeviceInfo] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) == 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var result: [AudioDeviceInfo] = []
        var index = 0
        while let hint = hints[index] {
            index += 1
            func text(_ key: String) -> String? {
                guard let value = snd_device_name_get_hint(hint, key) else { return nil }
                defer { free(value) }
                return String(cString: value)
            }
            guard let name = text("NAME"), text("IOID") != "Input" else { continue }
            let description = text("DESC")?.split(separator: "\n").first.map(String.init) ?? ""
            result.append(AudioDeviceInfo(name: name, description: description))
        }
        return result
    }
}
