// MIDIMessageTests: the byte encoding of every MIDI message kind.

import PeachMIDI
import Testing

@Suite("MIDIMessage encoding")
struct MIDIMessageTests {
    @Test(
        "channel voice messages",
        arguments: [
            (MIDIMessage.noteOn(channel: 0, note: 60, velocity: 100), [0x90, 0x3C, 0x64] as [UInt8]),
            (.noteOff(channel: 15, note: 60, velocity: 0), [0x8F, 0x3C, 0x00]),
            (.polyphonicKeyPressure(channel: 2, note: 64, pressure: 5), [0xA2, 0x40, 0x05]),
            (.controlChange(channel: 0, controller: 64, value: 127), [0xB0, 0x40, 0x7F]),
            (.programChange(channel: 9, program: 12), [0xC9, 0x0C]),
            (.channelPressure(channel: 1, pressure: 80), [0xD1, 0x50]),
        ])
    func voice(message: MIDIMessage, bytes: [UInt8]) {
        #expect(message.bytes == bytes)
    }

    @Test(
        "pitch bend: centre, extremes and clamping",
        arguments: [
            (0, [0xE0, 0x00, 0x40]), (-8192, [0xE0, 0x00, 0x00]), (8191, [0xE0, 0x7F, 0x7F]),
            (2048, [0xE0, 0x00, 0x50]), (-1, [0xE0, 0x7F, 0x3F]), (Int16.max, [0xE0, 0x7F, 0x7F]),
            (Int16.min, [0xE0, 0x00, 0x00]),
        ] as [(Int16, [UInt8])])
    func pitchBend(value: Int16, bytes: [UInt8]) {
        #expect(MIDIMessage.pitchBend(channel: 0, value: value).bytes == bytes)
    }

    @Test("out-of-range fields are masked, never producing a stray status byte")
    func masking() {
        #expect(MIDIMessage.noteOn(channel: 17, note: 200, velocity: 255).bytes == [0x91, 0x48, 0x7F])
        #expect(MIDIMessage.systemExclusive([0x7F, 0x80, 0x01]).bytes == [0xF0, 0x7F, 0x00, 0x01, 0xF7])
    }

    @Test("real-time messages are single bytes")
    func realTime() {
        #expect(MIDIMessage.realTime(.timingClock).bytes == [0xF8])
        #expect(MIDIMessage.realTime(.activeSensing).bytes == [0xFE])
        #expect(MIDIRealTimeMessage.allCases.allSatisfy { $0.rawValue >= 0xF8 })
    }
}
