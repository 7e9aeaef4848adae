// MIDIInputSpecTests: how --midi-in reads its value: the sequencer, a port, raw MIDI from a path, the keyboard.

import PeachMIDI
import Testing

@Suite("MIDIInputSpec")
struct MIDIInputSpecTests {
    static func none(_: String) -> Bool { false }

    @Test("seq, seq:CLIENT:PORT, seq:NAME, rawmidi:PATH, a path with a slash, - and keyboard")
    func forms() {
        #expect(MIDIInputSpec(parsing: "seq", fileExists: Self.none) == .sequencer(.controllers))
        #expect(MIDIInputSpec(parsing: "seq:20:0", fileExists: Self.none)?.description == "seq:20:0")
        #expect(
            MIDIInputSpec(parsing: "rawmidi:/dev/snd/midiC1D0", fileExists: Self.none)
                == .raw(path: "/dev/snd/midiC1D0"))
        #expect(MIDIInputSpec(parsing: "./keys.mid", fileExists: Self.none) == .raw(path: "./keys.mid"))
        #expect(MIDIInputSpec(parsing: "-", fileExists: Self.none) == .raw(path: "-"))
        #expect(MIDIInputSpec(parsing: "keyboard", fileExists: { _ in true }) == .keyboard)
        #expect(MIDIInputSpec(parsing: "", fileExists: Self.none) == nil)
    }

    @Test("an existing file's name without a slash is a path (notes.mid), not a sequencer port's name")
    func existingFileIsAPath() {
        #expect(
            MIDIInputSpec(parsing: "notes.mid", fileExists: { $0 == "notes.mid" }) == .raw(path: "notes.mid"))
        #expect(MIDIInputSpec(parsing: "Launchkey", fileExists: Self.none)?.description == "seq:Launchkey")
    }
}
