// MIDIByteParserTests: every message kind, running status, real-time inside messages, SysEx, stray bytes, byte soup.

import PeachCore
import PeachMIDI
import Testing

@Suite("MIDIByteParser")
struct MIDIByteParserTests {
    static let everyKind: [MIDIMessage] = [
        .noteOn(channel: 0, note: 60, velocity: 100), .noteOff(channel: 15, note: 127, velocity: 64),
        .polyphonicKeyPressure(channel: 2, note: 64, pressure: 5),
        .controlChange(channel: 0, controller: 64, value: 127), .programChange(channel: 9, program: 12),
        .channelPressure(channel: 1, pressure: 80), .pitchBend(channel: 3, value: -8192),
        .pitchBend(channel: 3, value: 0), .pitchBend(channel: 3, value: 8191),
        .pitchBend(channel: 0, value: 1234),
        .systemExclusive([0x7E, 0x7F, 0x09, 0x01]), .systemExclusive([]), .timeCodeQuarterFrame(0x35),
        .songPosition(16383), .songSelect(7), .tuneRequest, .realTime(.timingClock), .realTime(.start),
        .realTime(.continue), .realTime(.stop), .realTime(.activeSensing), .realTime(.systemReset),
    ]

    @Test("every message kind parses back from its encoding", arguments: everyKind)
    func roundTrip(message: MIDIMessage) {
        var parser = MIDIByteParser()
        #expect(parser.parse(message.bytes) == [message])
        #expect(parser.droppedByteCount == 0)
    }

    @Test("all kinds in one stream, fed one byte at a time or in one chunk")
    func stream() {
        let bytes = Self.everyKind.flatMap(\.bytes)
        var whole = MIDIByteParser()
        var single = MIDIByteParser()
        #expect(whole.parse(bytes) == Self.everyKind)
        #expect(bytes.compactMap { single.feed($0) } == Self.everyKind)
    }

    @Test("running status: data bytes reuse the last channel status; system common ends it")
    func runningStatus() {
        var parser = MIDIByteParser()
        #expect(
            parser.parse([0x90, 60, 100, 62, 90, 60, 0, 0xE1, 0, 0x40, 0x7F, 0x7F])
                == [
                    .noteOn(channel: 0, note: 60, velocity: 100), .noteOn(channel: 0, note: 62, velocity: 90),
                    .noteOff(channel: 0, note: 60, velocity: 0), .pitchBend(channel: 1, value: 0),
                    .pitchBend(channel: 1, value: 8191),
                ])
        #expect(
            parser.parse([0xC2, 5, 6]) == [
                .programChange(channel: 2, program: 5), .programChange(channel: 2, program: 6),
            ])
        #expect(parser.parse([0xF3, 1, 60, 100]) == [.songSelect(1)])  // no running status after F3
        #expect(parser.droppedByteCount == 2)
    }

    @Test("real-time bytes inside a message and inside a SysEx come out at once; the message continues")
    func realTimeInside() {
        var parser = MIDIByteParser()
        #expect(
            parser.parse([0x90, 0xF8, 60, 0xFE, 100, 0xF0, 1, 0xF8, 2, 0xF7])
                == [
                    .realTime(.timingClock), .realTime(.activeSensing),
                    .noteOn(channel: 0, note: 60, velocity: 100),
                    .realTime(.timingClock), .systemExclusive([1, 2]),
                ])
        #expect(parser.parse([0xF9, 0xFD]) == [])  // undefined real-time bytes
        #expect(parser.droppedByteCount == 2)
    }

    @Test("SysEx of any length; a longer one than the limit is dropped whole; a status byte ends one early")
    func sysEx() {
        var parser = MIDIByteParser(maximumSysExLength: 100_000)
        let long = (0..<100_000).map { UInt8($0 % 128) }
        #expect(parser.parse([0xF0] + long + [0xF7]) == [.systemExclusive(long)])
        #expect(
            parser.parse([0xF0] + long + [1, 2, 0xF7, 0x90, 60, 1]) == [
                .noteOn(channel: 0, note: 60, velocity: 1)
            ])
        #expect(parser.droppedByteCount == 100_004)
        var early = MIDIByteParser()
        #expect(
            early.parse([0xF0, 1, 2, 0x80, 60, 0])
                == [.systemExclusive([1, 2]), .noteOff(channel: 0, note: 60, velocity: 0)])
    }

    @Test("stray data, cut-short messages and undefined status bytes are dropped and counted")
    func stray() {
        var parser = MIDIByteParser()
        #expect(
            parser.parse([60, 100, 0x90, 60, 0xB0, 64, 127, 0xF4, 1, 0xF5, 0xF7]) == [
                .controlChange(channel: 0, controller: 64, value: 127)
            ])
        #expect(parser.droppedByteCount == 7)  // 60, 100, the cut 60, F4, 1, F5, F7
    }

    @Test("random byte soup: never traps; every message re-encodes to itself")
    func byteSoup() {
        var random = SeededRandomGenerator(seed: 20_261_121)
        var parser = MIDIByteParser(maximumSysExLength: 512)
        var count = 0
        for _ in 0..<200 {
            let chunk = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) }
            for message in parser.parse(chunk) {
                count += 1
                var check = MIDIByteParser()
                #expect(check.parse(message.bytes) == [message])
                #expect(message.bytes.dropFirst().allSatisfy { $0 < 0x80 || $0 == 0xF7 })
            }
        }
        #expect(count > 100_000)
    }

    @Test("the whole-message fast path gives what byte-by-byte feeding gives, for any chunking")
    func fastPathMatchesFeed() {
        var random = SeededRandomGenerator(seed: 20_261_123)
        // Mostly well-formed traffic with running status, real-time bytes, SysEx and cut-short messages mixed in.
        var stream: [UInt8] = []
        while stream.count < 200_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: stream.append(UInt8.random(in: 0xF0...0xFF, using: &random))
            case 1: stream.append(UInt8.random(in: 0...0x7F, using: &random))
            case 2: stream.append(UInt8.random(in: 0x80...0xEF, using: &random))
            default:
                let status = UInt8.random(in: 0x80...0xEF, using: &random)
                if Bool.random(using: &random) { stream.append(status) }
                stream += (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    UInt8.random(in: 0...0x7F, using: &random)
                }
            }
        }
        var byByte = MIDIByteParser(maximumSysExLength: 64)
        let expected = stream.compactMap { byByte.feed($0) }
        var chunked = MIDIByteParser(maximumSysExLength: 64)
        var messages: [MIDIMessage] = []
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + Int.random(in: 1...700, using: &random))
            stream[start..<end].withUnsafeBufferPointer { chunked.parse($0) { messages.append($0) } }
            start = end
        }
        #expect(messages == expected)
        #expect(chunked.droppedByteCount == byByte.droppedByteCount)
        #expect(expected.count > 30_000)
    }
}
