// ALSADeviceList: the PCM playback devices ALSA knows by name that can play here, and who holds a busy card.

import CALSA
import PeachAudio
import PeachCore
import PeachSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A PCM device name ALSA offers (`default`, `hw:CARD=Headphones,DEV=0`, `plughw:…`), with its description and
/// what it plays through.
public struct AudioDeviceInfo: Hashable, Sendable {
    /// The name to give `--audio-out alsa:NAME`.
    public var name: String
    /// ALSA's description, first line.
    public var description: String
    /// What it plays through (found by opening it); nil when it is busy.
    public var stack: AudioStack?
    /// When busy: the program holding the sound card, if known.
    public var busyHolder: DeviceHolder?
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

    /// The outputs of ``pcmOutputs()`` that open here, each with what it plays through, and those busy with who
    /// holds them; what does not open (a plugin with nothing behind it, a card's surround device on a stereo
    /// card) is left out. Plugins that only wrap `default` (rate converters, up- and downmixes) are left out,
    /// and a sound server's plugin is tried only when its server is running (opening `pulse` could start one,
    /// and `jack` without a server prints lines of its library's complaints). alsa-lib's and the plugins'
    /// messages are kept off the terminal meanwhile.
    public static func playableOutputs() -> [AudioDeviceInfo] {
        let holders = playbackHolders()
        return withStandardErrorSilenced {
            ALSALibrary.printsDiagnostics(false)
            return pcmOutputs().compactMap { output -> AudioDeviceInfo? in
                guard shouldProbe(output.name) else { return nil }
                var pcm: OpaquePointer?
                let result = snd_pcm_open(&pcm, output.name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
                guard result == 0, let pcm else {
                    guard result == -EBUSY else { return nil }
                    var busy = output
                    busy.busyHolder = holders.first
                    return busy
                }
                defer { snd_pcm_close(pcm) }
                var playable = output
                playable.stack = ALSAPCMSink.stack(of: pcm).0
                return playable
            }
        }
    }

    /// Whether opening `name` tells anything without side effects (see ``playableOutputs()``).
    static func shouldProbe(_ name: String) -> Bool {
        let plugin = name.split(separator: ":").first.map(String.init) ?? name
        let wrappers: Set<String> = [
            "lavrate", "samplerate", "speexrate", "upmix", "vdownmix", "speex", "a52", "usbstream",
            "arcam_av", "oss",
        ]
        if wrappers.contains(plugin) { return false }
        switch plugin {
        case "pulse": return SoundServers.pulseAudioIsRunning
        case "jack": return SoundServers.jackIsRunning
        case "pipewire": return SoundServers.pipeWireIsRunning
        default: return true
        }
    }

    /// The programs holding a playback stream of any sound card, from the kernel's own account
    /// (`/proc/asound/card*/pcm*p/sub*/status`: its `owner_pid`), sound servers first.
    public static func playbackHolders() -> [DeviceHolder] {
        var holders: [DeviceHolder] = []
        for card in FileSystem.entries(of: "/proc/asound") where card.hasPrefix("card") {
            let cardPath = "/proc/asound/" + card
            for pcm in FileSystem.entries(of: cardPath) where pcm.hasPrefix("pcm") && pcm.hasSuffix("p") {
                for sub in FileSystem.entries(of: cardPath + "/" + pcm) where sub.hasPrefix("sub") {
                    let status = cardPath + "/" + pcm + "/" + sub + "/status"
                    guard let bytes = try? SystemFile.readRegularFile(status, limit: 1 << 16),
                        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
                            .first(where: { $0.hasPrefix("owner_pid") }),
                        let pid = Int32(
                            line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
                    else { continue }
                    let holder = DeviceHolder(name: SoundServers.processName(pid) ?? "?", pid: pid)
                    if !holders.contains(holder) { holders.append(holder) }
                }
            }
        }
        return holders.filter { $0.server != nil } + holders.filter { $0.server == nil }
    }

    /// Runs `body` with file descriptor 2 pointing to /dev/null (libraries that print to it directly), then
    /// puts it back.
    static func withStandardErrorSilenced<T>(_ body: () -> T) -> T {
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard saved >= 0, null >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return body()
        }
        dup2(null, 2)
        close(null)
        defer {
            dup2(saved, 2)
            close(saved)
        }
        return body()
    }
}
