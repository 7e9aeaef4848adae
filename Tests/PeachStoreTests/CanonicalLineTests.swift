// CanonicalLineTests: the one-pass reader of Peach's own lines gives what the general decoder gives, or nothing.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("Canonical lines")
struct CanonicalLineTests {
    /// Every kind and layout the writer makes: unison and interval comparisons in each tuning and procedure,
    /// pitch matchings with and without a target and tuning, both rhythm kinds with some steps' means missing.
    static let records: [StoredRecord] = {
        var generator = SeededRandomGenerator(seed: 23)
        var records = Samples.mixed(400)
        let start = Samples.start
        for index in 0..<200 {
            let time = start.addingTimeInterval(Double(index) * 7.25)
            let interval = DirectedInterval(semitones: index % 25 - 12) ?? .prime
            let note1 = MIDINote(clamping: 50 + index % 20)
            let cents = Double.random(in: -90...90, using: &generator)
            let tuning = TuningSystem.allCases[index % 3]
            records.append(
                StoredRecord(
                    .comparison(
                        CompletedComparison(
                            comparison: Comparison(
                                note1: note1, note2: MIDINote(clamping: note1.rawValue + interval.semitones),
                                centDifference: Cents(cents),
                                tuningSystem: interval == .prime ? .equalTemperament : tuning),
                            answer: index % 2 == 0 ? .higher : .lower, timestamp: time,
                            context: TrialContext(
                                referencePitch: Frequency(hertz: 415 + Double(index % 50)),
                                timbre: ["sine", "piano", "sf:Grand Piano"][index % 3],
                                noteDuration: 0.75, gap: 0.125,
                                velocity: MIDIVelocity(integerLiteral: 20 + index % 100),
                                procedure: index % 4 == 0 ? .measurement : .training),
                            note2AmplitudeOffset: Double(index % 7) - 3.5, responseTime: 0.333,
                            inputKind: InputKind(rawValue: ["midi-note", "keyboard", "pedal"][index % 3])))))
            records.append(
                StoredRecord(
                    .pitchMatching(
                        CompletedPitchMatching(
                            referenceNote: note1, initialOffset: Cents(cents / 2),
                            userError: Cents(cents / 9),
                            targetNote: MIDINote(clamping: note1.rawValue + interval.semitones),
                            tuningSystem: tuning,
                            timestamp: time, context: TrialContext(settings: .defaults), timeTaken: 2.5,
                            tuneControl: .pitchBend))))
            var positions: [Double?] = []
            for step in 0..<4 {
                let present: Bool = (index >> step) & 1 == 1
                positions.append(present ? cents / Double(step + 2) : nil)
            }
            records.append(
                StoredRecord(
                    .rhythm(
                        RhythmRecord(
                            continuousMatchingAt: time, tempoBPM: 40 + index, meanOffsetMs: cents / 3,
                            positions: positions))))
            records.append(
                StoredRecord(
                    .rhythm(
                        RhythmRecord(
                            offsetDetectionAt: time, tempoBPM: 60 + index, offsetMs: cents,
                            isCorrect: index % 3 == 0))))
        }
        return records
    }()

    /// The general decoder's reading of `line` (the canonical path bypassed), or nil when it refuses it.
    func general(_ line: [UInt8]) -> StoredRecord? {
        var decoder = RecordCodec.Decoder(checksums: true)
        decoder.canonicalLines = false
        return line.withUnsafeBufferPointer {
            try? RecordCodec.decode($0, 0..<$0.count, using: &decoder, path: "")
        }
    }

    func canonical(_ line: [UInt8]) -> StoredRecord? {
        line.withUnsafeBufferPointer { CanonicalLine.decode($0) }
    }

    @Test("every line the writer makes is read in one pass, to the record the general decoder reads")
    func writerLines() {
        for record in Self.records {
            let line = Array(RecordCodec.encode(record).utf8)
            let fast = canonical(line)
            #expect(fast != nil, "\(String(decoding: line, as: UTF8.self))")
            #expect(fast == general(line) && fast == record, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test("a mutated line is either refused by both or read alike: the one-pass reader never accepts more")
    func mutatedLines() {
        var generator = SeededRandomGenerator(seed: 29)
        let alphabet = Array(#"{}[]",:0123456789.-+eE tfnaluxr\"#.utf8) + [0x00, 0x7F, 0xC3, 0xFF]
        var accepted = 0
        for round in 0..<40_000 {
            var line = Array(RecordCodec.encode(Self.records[round % Self.records.count]).utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<line.count, using: &generator)
                let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                switch Int.random(in: 0...2, using: &generator) {
                case 0: line[position] = byte
                case 1: line.insert(byte, at: position)
                default: line.remove(at: position)
                }
            }
            // Half of them with the checksum made right again, so the reader gets past it.
            if round % 2 == 0, let comma = line.lastIndex(of: UInt8(ascii: ",")), line.count - comma == 18 {
                var crc = line.withUnsafeBufferPointer {
                    CRC32C.checksum(UnsafeBufferPointer(rebasing: $0[..<comma]))
                }
                var brace: UInt8 = 0x7D
                crc = withUnsafePointer(to: &brace) {
                    CRC32C.checksum(UnsafeBufferPointer(start: $0, count: 1), continuing: crc)
                }
                let hex = Array(String(format: "%08x", crc).utf8)
                line.replaceSubrange((comma + 8)..<(comma + 16), with: hex)
            }
            guard let fast = canonical(line) else { continue }
            accepted += 1
            #expect(fast == general(line), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(
            accepted > 100, "some mutations keep a valid line (a changed digit with its checksum made right)")
    }
}
