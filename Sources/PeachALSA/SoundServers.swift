// SoundServers: which sound servers run on this machine (PipeWire, PulseAudio, JACK), from their sockets and processes.

import Foundation
import PeachSystem

/// Which sound servers are running, as far as a program of the same user can tell without talking to them:
/// their sockets in `$XDG_RUNTIME_DIR` and their processes (`/proc/PID/comm`).
public enum SoundServers {
    /// The names of the processes running now (`/proc/*/comm`), with their ids.
    static func processes() -> [(pid: Int32, name: String)] {
        FileSystem.entries(of: "/proc").compactMap { entry in
            guard let pid = Int32(entry), let name = processName(pid) else { return nil }
            return (pid, name)
        }
    }

    /// The name of process `pid` (`/proc/PID/comm`), if it runs.
    public static func processName(_ pid: Int32) -> String? {
        guard let bytes = try? SystemFile.readRegularFile("/proc/\(pid)/comm", limit: 256) else { return nil }
        let name = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    private static func running(_ names: Set<String>) -> Bool {
        processes().contains { names.contains($0.name) }
    }

    private static var runtimeDirectory: String? { ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] }

    /// Whether a PipeWire server is running (its socket, or its process).
    public static var pipeWireIsRunning: Bool {
        (runtimeDirectory.map { FileSystem.status($0 + "/pipewire-0") != nil } ?? false)
            || running(["pipewire"])
    }

    /// Whether a PulseAudio server (or PipeWire's, speaking its protocol) is running.
    public static var pulseAudioIsRunning: Bool {
        (runtimeDirectory.map { FileSystem.status($0 + "/pulse/native") != nil } ?? false)
            || running(["pulseaudio", "pipewire-pulse"])
    }

    /// Whether a JACK server (jackd, jackdbus) is running.
    public static var jackIsRunning: Bool { running(["jackd", "jackdbus"]) }
}
