// ALSAMachine: what real ALSA devices this machine has, for tests that need them (the alsa-vm VM has them all).

import Foundation

/// Facts about the machine's kernel sound devices, for enabling hardware tests.
public enum ALSAMachine {
    /// Whether the kernel's PCM loopback (`snd-aloop`, card `Loopback`) is loaded: playback to
    /// `hw:Loopback,0,N` can then be recorded from `hw:Loopback,1,N`.
    public static var hasLoopback: Bool { FileManager.default.fileExists(atPath: "/proc/asound/Loopback") }

    /// Whether the kernel sequencer is there (`/dev/snd/seq`).
    public static var hasSequencer: Bool { FileManager.default.fileExists(atPath: "/dev/snd/seq") }
}
