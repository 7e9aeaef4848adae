// MIDINotePlayerTests: the exact bytes Peach sends an external synth: set-up, notes, bends, MTS, silence.

import PeachCore
import PeachMIDI
import PeachSystem
import PeachTestSupport
import Testing

@MainActor
@Suite("External synth over MIDI")
struct MIDINotePlayerTests {
    @Test(
        "set-up: all sound and notes off first (on the clicks' channel 10 too), RPN 0 bend range as plain controllers on each channel, bend centre, full expression; no program"
    )
    func setup() throws {
        let destination = RecordingMIDIDestination()
        _ = try MIDINotePlayer(
            destination: destination, configuration: MIDISynthConfiguration(channels: [0, 1]))
        #expect(
            destination.bytes == [
                0xB9, 120, 0, 0xB9, 123, 0,
                0xB0, 120, 0, 0xB0, 123, 0,
                0xB0, 101, 0, 0xB0, 100, 0, 0xB0, 6, 2, 0xB0, 38, 0, 0xB0, 101, 127, 0xB0, 100, 127, 0xE0,
                0x00, 0x40,
                0xB0, 11, 127,
                0xB1, 120, 0, 0xB1, 123, 0,
                0xB1, 101, 0, 0xB1, 100, 0, 0xB1, 6, 2, 0xB1, 38, 0, 0xB1, 101, 127, 0xB1, 100, 127, 0xE1,
                0x00, 0x40,
                0xB1, 11, 127,
            ])
    }

    @Test("a program change only when asked, before the bend range")
    func program() throws {
        let destination = RecordingMIDIDestination()
        _ = try MIDINotePlayer(
            destination: destination,
            configuration: MIDISynthConfiguration(channels: [9], program: 19, bendRangeSemitones: 12))
        #expect(
            Array(destination.bytes.prefix(17)) == [
                0xB9, 120, 0, 0xB9, 123, 0, 0xC9, 19, 0xB9, 101, 0, 0xB9, 100, 0, 0xB9, 6, 12,
            ])
    }

    @Test(
        "a note: the bend first (so it starts in tune), then the note-on; retuning bends; stop is a note-off")
    func noteAndBend() throws {
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(
            destination: destination, configuration: MIDISynthConfiguration(channels: [0]))
        destination.clear()
        let a4 = EqualTemperament(referencePitch: 440)
        let handle = try player.play(
            frequency: a4.frequency(of: 69, offsetBy: 12.3), velocity: 100, amplitude: .nominal)
        // +12.3 cents at ±2 semitones: 12.3 / 200 × 8192 = 503.8 → 504 → 8696 = 0x21F8 → LSB 0x78, MSB 0x43.
        #expect(
            destination.messages == [
                .pitchBend(channel: 0, value: 504), .noteOn(channel: 0, note: 69, velocity: 100),
            ])
        destination.clear()
        try handle.adjustFrequency(a4.frequency(of: 69, offsetBy: -30))
        #expect(destination.messages == [.pitchBend(channel: 0, value: -1229)])
        destination.clear()
        try handle.stop()
        try handle.stop()  // idempotent
        try handle.adjustFrequency(a4.frequency(of: 69))  // after stop: nothing
        #expect(destination.messages == [.noteOff(channel: 0, note: 69, velocity: 0)])
    }

    @Test(
        "the nearest key carries the note; bends beyond the range are clamped; a reference of 442 Hz is honoured"
    )
    func keyChoice() throws {
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(
            destination: destination, configuration: MIDISynthConfiguration(channels: [0]))
        destination.clear()
        _ = try player.play(frequency: Frequency(hertz: 442), velocity: 63, amplitude: .nominal)
        // 442 Hz is A4 + 7.85 cents.
        #expect(
            destination.messages == [
                .pitchBend(channel: 0, value: 322), .noteOn(channel: 0, note: 69, velocity: 63),
            ])
        #expect(MIDITuningMessages.bendValue(cents: 900, semitones: 2) == 8191)
        #expect(MIDITuningMessages.bendValue(cents: -900, semitones: 2) == -8192)
    }

    @Test("one sounding note per channel: notes rotate; with every channel busy the oldest is released")
    func channels() throws {
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(
            destination: destination, configuration: MIDISynthConfiguration(channels: [0, 1]))
        destination.clear()
        let first = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: .nominal)
        _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: .nominal)
        _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: .nominal)
        let channelsUsed = destination.messages.compactMap {
            if case .noteOn(let channel, _, _) = $0 { channel } else { nil }
        }
        #expect(channelsUsed == [0, 1, 0])
        #expect(destination.messages.contains(.noteOff(channel: 0, note: 69, velocity: 0)))
        destination.clear()
        try first.stop()  // already released to make room
        #expect(destination.messages.isEmpty)
    }

    @Test(
        "silence: note-offs for sounding notes, then CC123 and bend centre on every channel, CC123 on the clicks' channel 10"
    )
    func silence() throws {
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(
            destination: destination, configuration: MIDISynthConfiguration(channels: [2, 3]))
        let handle = try player.play(frequency: Frequency(hertz: 261.63), velocity: 63, amplitude: .nominal)
        destination.clear()
        try player.silenceAll()
        #expect(
            destination.bytes == [
                0x82, 60, 0, 0xB2, 123, 0, 0xE2, 0x00, 0x40, 0xB3, 123, 0, 0xE3, 0x00, 0x40, 0xB9, 123, 0,
            ])
        destination.clear()
        try handle.stop()
        #expect(destination.messages.isEmpty)
    }

    @Test("MTS: the tuning program is selected by RPN 4 and 3; each note is retuned by single-note tuning")
    func tuningStandard() throws {
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(
            destination: destination,
            configuration: MIDISynthConfiguration(channels: [0], tuning: .tuningStandard(program: 0)))
        #expect(
            Array(destination.bytes.prefix(30)) == [
                0xB9, 120, 0, 0xB9, 123, 0, 0xB0, 120, 0, 0xB0, 123, 0, 0xB0, 101, 0, 0xB0, 100, 4, 0xB0, 6,
                0, 0xB0, 101, 0, 0xB0, 100,
                3, 0xB0, 6, 0,
            ])
        destination.clear()
        let handle = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: .nominal)
        #expect(
            destination.bytes == [0xF0, 0x7F, 0x7F, 0x08, 0x02, 0x00, 0x01, 69, 69, 0, 0, 0xF7, 0x90, 69, 63])
        destination.clear()
        // A4 + 50 cents: semitone 69, fraction 8192 = 0x40 0x00.
        try handle.adjustFrequency(EqualTemperament(referencePitch: 440).frequency(of: 69, offsetBy: 50))
        #expect(destination.bytes == [0xF0, 0x7F, 0x7F, 0x08, 0x02, 0x00, 0x01, 69, 69, 0x40, 0x00, 0xF7])
    }

    @Test("the gain goes to expression (CC11) by the GM curve, sent only when it changes")
    func expression() throws {
        #expect(MIDITuningMessages.expression(for: .nominal) == 127)
        #expect(MIDITuningMessages.expression(for: AmplitudeDB(-12)) == 64)  // 127 × 10^(−12/40) = 63.6
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(
            destination: destination, configuration: MIDISynthConfiguration(channels: [0]))
        destination.clear()
        _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: AmplitudeDB(-12))
        #expect(destination.messages.first == .controlChange(channel: 0, controller: 11, value: 64))
    }

    @Test("a destination that fails: the error reaches the caller")
    func failure() throws {
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(destination: destination, configuration: MIDISynthConfiguration())
        destination.failure = MIDIInputError.writeFailed(
            FileError(path: "/dev/snd/midiC1D0", operation: .write, code: 19))
        #expect(throws: MIDIInputError.self) {
            _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: .nominal)
        }
    }
}

@Suite("MIDI channel lists")
struct MIDIChannelListTests {
    @Test("1-based lists and ranges become 0-based channels, each once; anything else is nil")
    func parse() {
        #expect(MIDIChannelList.parse("1,2") == [0, 1])
        #expect(MIDIChannelList.parse("1-4,2") == [0, 1, 2, 3])
        #expect(MIDIChannelList.parse("16") == [15])
        for bad in ["", "0", "17", "3-1", "a", "1,,x"] {
            #expect(MIDIChannelList.parse(bad) == nil, "\(bad)")
        }
    }
}

@MainActor
@Suite("External synth over MIDI: play-back's keys")
struct MIDIKeysTests {
    @Test(
        "play-back's keys: a chord on one channel at the played velocities; bend to centre after a tuned note"
    )
    func keys() throws {
        let destination = RecordingMIDIDestination()
        let player = try MIDINotePlayer(
            destination: destination, configuration: MIDISynthConfiguration(channels: [0, 1, 2]))
        destination.clear()
        let chord = try [60, 64, 67].map {
            try player.playKey(MIDINote(clamping: $0), velocity: 70, referencePitch: 442, gain: .nominal)
        }
        #expect(
            destination.messages == [60, 64, 67].map { .noteOn(channel: 0, note: UInt8($0), velocity: 70) },
            "no program change, no bend, no expression change: the keys as played")
        for handle in chord { try handle.stop() }
        // A tuned note bends channel 0.
        _ = try player.play(frequency: Frequency(hertz: 445), velocity: 63, amplitude: .nominal)
        destination.clear()
        _ = try player.playKey(MIDINote(clamping: 62), velocity: 100, referencePitch: 440, gain: .nominal)
        #expect(
            destination.messages == [
                .pitchBend(channel: 0, value: 0), .noteOn(channel: 0, note: 62, velocity: 100),
            ])
        try player.silenceAll()
        #expect(destination.messages.contains(.noteOff(channel: 0, note: 62, velocity: 0)))
    }
}
