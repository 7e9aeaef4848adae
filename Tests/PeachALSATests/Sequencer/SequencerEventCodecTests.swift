// SequencerEventCodecTests: Peach's messages to ALSA sequencer events and back, without a kernel.

import CALSA
import PeachMIDI
import Testing

@testable import PeachALSA

@Suite("Sequencer event codec")
struct SequencerEventCodecTests {
    static let messages: [MIDIMessage] =
        [
            .noteOn(channel: 3, note: 60, velocity: 100), .noteOff(channel: 15, note: 0, velocity: 64),
            .polyphonicKeyPressure(channel: 1, note: 61, pressure: 5),
            .controlChange(channel: 0, controller: 64, value: 127),
            .programChange(channel: 9, program: 127), .channelPressure(channel: 2, pressure: 77),
            .pitchBend(channel: 0, value: -8192), .pitchBend(channel: 0, value: 8191),
            .pitchBend(channel: 5, value: 0),
            .timeCodeQuarterFrame(0x35), .songPosition(16383), .songSelect(4), .tuneRequest,
        ] + MIDIRealTimeMessage.allCases.map(MIDIMessage.realTime)

    @Test("every non-SysEx message survives the trip through snd_seq_event_t", arguments: messages)
    func roundTrip(message: MIDIMessage) {
        var event = snd_seq_event_t()
        peach_seq_ev_clear(&event)
        SequencerEventCodec.fill(&event, with: message)
        var codec = SequencerEventCodec()
        #expect(codec.message(from: event) == message)
    }

    @Test("a note-on with velocity 0 arrives as a note-off; non-MIDI events are not messages")
    func normalised() {
        var event = snd_seq_event_t()
        peach_seq_ev_clear(&event)
        peach_seq_ev_set_noteon(&event, 2, 64, 0)
        var codec = SequencerEventCodec()
        #expect(codec.message(from: event) == .noteOff(channel: 2, note: 64, velocity: 0))
        event.type = SequencerEventCodec.type(SND_SEQ_EVENT_PORT_START)
        #expect(codec.message(from: event) == nil)
    }

    @Test("SysEx that arrives in pieces is put back together")
    func sysExPieces() {
        var codec = SequencerEventCodec()
        func piece(_ bytes: [UInt8]) -> MIDIMessage? {
            var event = snd_seq_event_t()
            peach_seq_ev_clear(&event)
            var copy = bytes
            return copy.withUnsafeMutableBytes { buffer in
                peach_seq_ev_set_sysex(&event, UInt32(buffer.count), buffer.baseAddress)
                return codec.message(from: event)
            }
        }
        #expect(piece([0xF0, 0x7E, 0x7F]) == nil)
        #expect(piece([0x06, 0x01]) == nil)
        #expect(piece([0x02, 0xF7]) == .systemExclusive([0x7E, 0x7F, 0x06, 0x01, 0x02]))
        #expect(piece([0x01, 0xF7]) == nil)  // a tail with no start is dropped
        #expect(piece([0xF0, 0x01, 0xF7]) == .systemExclusive([0x01]))
    }
}
