// ALSAMachine: what real ALSA devices this machine has, for tests that need them (the alsa-vm VM has them all).

import Foundation

/// Facts about the machine's kernel sound devices, for enabling hardware tests.
public enum ALSAMachine {
    /// Whether the kernel's PCM loopback (`snd-aloop`, card `Loopback`) is loaded: playback to
    /// `hw:Loopback,0,N` can then be recorded from `hw:Loopback,1,N`.
    public static var hasLoopback: Bool { FileManager.default.fileExists(atPath: "/proc/asound/Loopback") }

    /// Whether the kernel sequencer is there (`/dev/snd/seq`).
    public static var hasSequencer: Bool { FileManager.default.fileExists(atPath: "/dev/snd/seq") }

    /// The card number of the kernel's virtual MIDI card (`snd-virmidi`), whose raw MIDI devices
    /// `/dev/snd/midiC<card>D0…3` are also sequencer clients (`VirMIDI <card>-0…3`), or nil without one.
    public static var virtualMIDICard: Int? {
        guard let cards = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8) else {
            return nil
        }
        for line in cards.split(separator: "\n") where line.contains("[VirMIDI") {
            if let number = Int(line.split(separator: " ").first ?? "") { return number }
        }
        return nil
    }

    /// Whether the sequencer and the virtual MIDI card are both there.
    public static var hasVirtualMIDI: Bool { hasSequencer && virtualMIDICard != nil }
}
