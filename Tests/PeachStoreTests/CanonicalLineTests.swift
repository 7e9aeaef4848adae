// CanonicalLineTests: the one-pass reader of Peach's own lines gives what the general decoder gives, or nothing.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("Canonical lines")
struct CanonicalLineTests {
    /// Every kind and layout the writer makes: unison and interval comparisons in each tuning and procedure,
    /// pitch matchings with and without a target and tuning, both rhythm kinds with some steps' means missing
    /// (and some fill-the-gap trials with a timing calibration).
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
                            positions: positions, calibrationMs: index % 3 == 0 ? cents / 7 : nil))))
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

    /// The one-pass reading of `line`, with what the reader kept from the lines before it (`memory`).
    func canonical(_ line: [UInt8], memory: inout LineMemory) -> StoredRecord? {
        oneLine(line, memory: &memory, RecordSlot.record)
    }

    /// What a load of the whole journal keeps of `line` (``FiledRecord``), read in one pass; nil when refused.
    func filed(_ line: [UInt8], memory: inout LineMemory) -> FiledRecord? {
        oneLine(line, memory: &memory, RecordSlot.filed)
    }

    /// `line` read in one pass into a slot of `Kept` (`slot` says which), nil when refused.
    func oneLine<Kept>(
        _ line: [UInt8], memory: inout LineMemory, _ slot: (UnsafeMutablePointer<Kept>) -> RecordSlot
    ) -> Kept? {
        let kept = UnsafeMutablePointer<Kept>.allocate(capacity: 1)
        defer { kept.deallocate() }
        do {
            try line.withUnsafeBufferPointer {
                try CanonicalLine.decode($0, memory: &memory, into: slot(kept))
            }
        } catch {
            return nil
        }
        return kept.move()
    }

    /// A comparison of 60 and 60 (+7.5 cents) answered with `input`, or a pitch matching at 60 tuned with it,
    /// played under `context`.
    static func trial(context: TrialContext, input: InputKind, matching: Bool) -> StoredRecord {
        let time = Samples.start
        if matching {
            return StoredRecord(
                .pitchMatching(
                    CompletedPitchMatching(
                        referenceNote: 60, initialOffset: Cents(12.5), userError: Cents(-3.25),
                        timestamp: time, context: context, timeTaken: 2, tuneControl: input)))
        }
        return StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: Comparison(note1: 60, note2: 60, centDifference: Cents(7.5)),
                    answer: .higher, timestamp: time, context: context, note2AmplitudeOffset: 0,
                    responseTime: 0.5, inputKind: input)))
    }

    /// `line` with its checksum made right again (it ends `,"crc":"xxxxxxxx"}`).
    static func resealed(_ line: [UInt8]) -> [UInt8] {
        guard let comma = line.lastIndex(of: UInt8(ascii: ",")), line.count - comma == 18 else { return line }
        let crc = line.withUnsafeBufferPointer {
            CRC32C.checksum(UnsafeBufferPointer(rebasing: $0[..<comma]), closedBy: 0x7D)
        }
        var sealed = line
        sealed.replaceSubrange((comma + 8)..<(comma + 16), with: Array(String(format: "%08x", crc).utf8))
        return sealed
    }

    @Test("every line the writer makes is read in one pass, to the record the general decoder reads")
    func writerLines() {
        var memory = LineMemory()  // kept from line to line, as a reader keeps it
        for record in Self.records {
            let line = Array(RecordCodec.encode(record).utf8)
            let fast = canonical(line, memory: &memory)
            #expect(fast != nil, "\(String(decoding: line, as: UTF8.self))")
            #expect(fast == general(line) && fast == record, "\(String(decoding: line, as: UTF8.self))")
        }
        // Melodies in a rhythm of their own among them, and melodies in the plain one, which writes none.
        let lines = Self.records.map { RecordCodec.encode($0) }.filter { $0.contains(#""kind":"melodies""#) }
        #expect(lines.contains { $0.contains(#""answerNotes":"#) && $0.contains(#","rhythm":"0.5 0.5 "#) })
        #expect(lines.contains { !$0.contains(#""rhythm""#) })
    }

    @Test("a mutated line is either refused by both or read alike: the one-pass reader never accepts more")
    func mutatedLines() {
        var generator = SeededRandomGenerator(seed: 29)
        var memory = LineMemory()  // words and days kept across the mutated lines too
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
            if round % 2 == 0 { line = Self.resealed(line) }
            guard let fast = canonical(line, memory: &memory) else { continue }
            accepted += 1
            #expect(fast == general(line), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(
            accepted > 100, "some mutations keep a valid line (a changed digit with its checksum made right)")
    }

    @Test(
        "a line read for a load files what its whole record files, and is refused exactly when the record is")
    func filedLines() {
        var generator = SeededRandomGenerator(seed: 31)
        var memory = (whole: LineMemory(), filed: LineMemory())
        var contents = (whole: JournalContents(), filed: JournalContents())
        var kinds: Set<String> = []
        // Every line the writer makes, then mutated ones (half resealed), as in `mutatedLines`.
        let alphabet = Array(#"{}[]",:0123456789.-+eE tfnaluxr\"#.utf8)
        for round in 0..<(Self.records.count + 20_000) {
            var line = Array(RecordCodec.encode(Self.records[round % Self.records.count]).utf8)
            if round >= Self.records.count {
                let position = Int.random(in: 0..<line.count, using: &generator)
                line[position] = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                if round % 2 == 0 { line = Self.resealed(line) }
            }
            let whole = canonical(line, memory: &memory.whole)
            let filed = filed(line, memory: &memory.filed)
            #expect((whole == nil) == (filed == nil), "\(String(decoding: line, as: UTF8.self))")
            guard let whole, let filed else { continue }
            contents.whole.add(whole)
            contents.filed.add(filed)
            switch filed {
            case .comparison: kinds.insert("comparison")
            case .pitchMatching: kinds.insert("pitch matching")
            case .offsetDetection: kinds.insert("offset detection")
            case .gapFill: kinds.insert("fill the gap")
            case .record: kinds.insert("whole")
            }
        }
        #expect(kinds.count == 5, "every kind of filed line: \(kinds.sorted())")
        #expect(contents.whole.recordCount == contents.filed.recordCount)
        #expect(contents.whole.recordCount > Self.records.count)
        #expect(contents.filed.filesTheSame(as: contents.whole))
    }

    @Test("a number in every form reads as the general decoder reads it; the plain forms in one pass")
    func numberForms() {
        let record = Self.records[0]
        let line = String(decoding: Array(RecordCodec.encode(record).utf8), as: UTF8.self)
        guard let range = line.range(of: #""responseTime":[^,]*"#, options: .regularExpression) else {
            Issue.record("no response time in \(line)")
            return
        }
        var memory = LineMemory()
        let plain = [
            "0", "-0", "1", "0.5", "-0.5", "1234567", "12345678", "0.45", "440", "-3.5459365890190906",
            "0.29771129400411767", "17.118218196693746", "1.2345678901234567", "9007199254740993",
            "0.1234567890123456789", "1234567.123456789012", "5e-324", "2.5E+3", "0.30000000000000004",
        ]
        let odd = [
            "00.5", "01", "1.", ".5", "-", "--1", "1e", "1.5e-3", "123456789.5", "1234567.1234567890123",
            "0.12345678901234567890123", "1x", "+1", "1.2.3", "١",
        ]
        for text in plain + odd {
            let changed = Self.resealed(
                Array(line.replacingCharacters(in: range, with: #""responseTime":"# + text).utf8))
            let fast = canonical(changed, memory: &memory)
            #expect(fast == general(changed), "\(text)")
            if plain.contains(text), !text.contains(where: { "eE".contains($0) }), text.count <= 21 {
                #expect(fast != nil, "\(text) is read in one pass")
            }
        }
    }

    @Test(
        "the reader's memory hands back a kept word only for its very bytes, and a day's number only for its day"
    )
    func lineMemory() {
        var memory = LineMemory()
        /// The word of `count` bytes at the start of `bytes` (16 or more), as the reader asks for it.
        func kept(_ bytes: [UInt8], _ count: Int) -> String? {
            bytes.withUnsafeBufferPointer { buffer in
                memory.word(
                    loaded: (ByteLanes.load(buffer.baseAddress!, 0), ByteLanes.load(buffer.baseAddress!, 8)),
                    count: count
                ) { String(decoding: buffer.prefix(count), as: UTF8.self) }
            }
        }
        // Six words cycling through four places, twice, with near neighbours (one byte, one length apart).
        let words = ["sine", "sinf", "sin", "midi-note", "midi-notes", "fifteen-bytes!!", "x"]
        for _ in 0..<3 {
            for word in words {
                let bytes = Array(word.utf8) + Array(repeating: UInt8(ascii: "\""), count: 16)
                let made = kept(bytes, word.utf8.count)
                #expect(made == word)
            }
        }
        let long = Array("sixteen-bytes!!!".utf8) + Array(repeating: 0x22, count: 16)
        #expect(kept(long, 16) == nil)
        let accented = Array("é".utf8) + Array(repeating: 0x22, count: 16)
        #expect(kept(accented, 2) == nil)
        // Times across days, months and a leap day, read with one memory, as without it.
        var reading = LineMemory()
        var time = Date(timeIntervalSince1970: 1_709_000_000)
        for step in 0..<2_000 {
            time = time.addingTimeInterval(Double(step % 7) * 3_571.25)
            let text = Array(Timestamp.format(time).utf8)
            let remembered = withUnsafeMutablePointer(to: &reading) { pointer in
                text.withUnsafeBufferPointer { Timestamp.parse($0, memory: pointer) }
            }
            #expect(remembered == text.withUnsafeBufferPointer { Timestamp.parse($0) } && remembered == time)
        }
    }

    @Test("a time in the minute of the line before is read from its seconds alone, as without a memory")
    func rememberedMinute() {
        /// `text` read with `memory` (as a scan reads its lines) and without, each.
        func read(_ text: String, _ memory: inout LineMemory) -> (remembered: Date?, alone: Date?) {
            let bytes = Array(text.utf8)
            let remembered = withUnsafeMutablePointer(to: &memory) { pointer in
                bytes.withUnsafeBufferPointer { Timestamp.parse($0, memory: pointer) }
            }
            return (remembered, bytes.withUnsafeBufferPointer { Timestamp.parse($0) })
        }
        var memory = LineMemory()
        // 0.7 s apart across minutes, an hour, a day and a leap day (2024-02-29), and 61 s apart (no two alike).
        var milliseconds: Int64 = 1_709_164_500_000  // 2024-02-28T23:55:00Z
        for step in 0..<1_200 {
            milliseconds += step % 100 == 99 ? 61_000 : 700
            let time = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let (remembered, alone) = read(Timestamp.format(time), &memory)
            #expect(remembered == alone && remembered == time, "\(Timestamp.format(time))")
        }
        // After a minute is remembered, seconds no time has (61, a letter, a missing `Z`) are refused as they
        // are without it; another minute with the same seconds is its own.
        _ = read("2026-12-07T10:15:30.250Z", &memory)
        for text in [
            "2026-12-07T10:15:61.000Z", "2026-12-07T10:15:3x.250Z", "2026-12-07T10:15:30.25xZ",
            "2026-12-07T10:15:30.250z", "2026-12-07T10:15:30,250Z", "2026-12-07T10:15:60.000Z",
            "2026-12-07T10:16:30.250Z", "2026-12-08T10:15:30.250Z", "2026-12-07T10:15:30.250Z",
        ] {
            let (remembered, alone) = read(text, &memory)
            #expect(remembered == alone, "\(text)")
        }
        #expect(read("2026-12-07T10:15:61.000Z", &memory).remembered == nil)
        #expect(
            read("2026-12-07T10:15:59.999Z", &memory).remembered
                == Date(timeIntervalSince1970: 1_796_638_559.999))
    }

    @Test(
        "a line a load files is read past its input and tune control, refused exactly when the whole line is")
    func passedWords() {
        /// A comparison answered with `input`, or a pitch matching tuned with it.
        func record(_ input: String, matching: Bool) -> StoredRecord {
            Self.trial(
                context: TrialContext(settings: .defaults), input: InputKind(rawValue: input),
                matching: matching)
        }
        // Each next to the one before it: one byte longer or shorter, one changed, not ASCII, 15 and 16 bytes.
        let inputs = [
            "midi-note", "midi-note", "midi-notes", "midi-not", "midi-note", "kéyboard", "keyboard",
            "fifteen-bytes!!", "sixteen-bytes!!!", "fifteen-bytes!!", "x", "midi-note",
        ]
        var memory = (whole: LineMemory(), filed: LineMemory())
        var contents = (whole: JournalContents(), filed: JournalContents())
        for input in inputs {
            for matching in [false, true] {
                let line = Array(RecordCodec.encode(record(input, matching: matching)).utf8)
                let read = (
                    whole: canonical(line, memory: &memory.whole), filed: filed(line, memory: &memory.filed)
                )
                #expect(read.whole == record(input, matching: matching), "\(input)")
                guard let whole = read.whole, let kept = read.filed else {
                    Issue.record("\(input) is read in one pass")
                    continue
                }
                contents.whole.add(whole)
                contents.filed.add(kept)
                // The same line with its word changed where it stands: an escape, a quote cut short, a control
                // character; refused by both (and read by the general decoder) or read by both.
                let text = String(decoding: line, as: UTF8.self)
                for changed in ["midi\\u002dnote", "midi-note\\", "midi\tnote", "midi-note\"x"] {
                    let key = matching ? #""tuneControl":""# : #""input":""#
                    let mutated = Self.resealed(
                        Array(text.replacingOccurrences(of: key + input, with: key + changed).utf8))
                    let wholeMutated = canonical(mutated, memory: &memory.whole)
                    let filedMutated = filed(mutated, memory: &memory.filed)
                    #expect((wholeMutated == nil) == (filedMutated == nil), "\(input) → \(changed)")
                }
            }
        }
        #expect(contents.filed.recordCount == 2 * inputs.count)
        #expect(contents.filed.filesTheSame(as: contents.whole))
    }

    @Test(
        "a trial's conditions are taken from the last line's only when their bytes are the same, to the end")
    func rememberedConditions() {
        /// A comparison (or a pitch matching) played under `context`.
        func record(_ context: TrialContext, matching: Bool = false) -> StoredRecord {
            Self.trial(context: context, input: matching ? .pitchBend : .midiNote, matching: matching)
        }
        func context(
            pitch: Double = 440, timbre: String = "sine", duration: Double = 1, gap: Double = 0,
            velocity: Int = 63
        ) -> TrialContext {
            TrialContext(
                referencePitch: Frequency(hertz: pitch), timbre: timbre, noteDuration: duration, gap: gap,
                velocity: MIDIVelocity(clamping: velocity))
        }
        // Each next to the one before it: the same bytes but one longer number or word at either end, one digit
        // or letter changed, the same conditions in the other kind of record.
        let contexts = [
            context(velocity: 6), context(velocity: 63), context(velocity: 6), context(velocity: 100),
            context(velocity: 10), context(pitch: 44), context(pitch: 440), context(pitch: 440.5),
            context(pitch: 441), context(timbre: "sin"), context(timbre: "sine"), context(timbre: "sines"),
            context(duration: 1.5), context(duration: 1), context(gap: 0.25), context(gap: 0.2),
            context(timbre: "sf:Grand Piano"), context(timbre: "sf:Grand Pianö"), context(),
        ]
        var memory = LineMemory()
        for (index, conditions) in contexts.enumerated() {
            for matching in [false, true, false] {
                let expected = record(conditions, matching: matching)
                let line = Array(RecordCodec.encode(expected).utf8)
                let read = canonical(line, memory: &memory)
                #expect(read == expected, "line \(index): \(String(decoding: line, as: UTF8.self))")
            }
        }
        // A line whose remembered conditions are followed by anything but a comma is read the general way (and
        // refused here: a velocity followed by a letter is no number).
        var line = Array(RecordCodec.encode(record(context())).utf8)
        let text = String(decoding: line, as: UTF8.self)
        line = Self.resealed(
            Array(text.replacingOccurrences(of: #""velocity":63,"#, with: #""velocity":63x,"#).utf8))
        #expect(canonical(line, memory: &memory) == nil)
        #expect(general(line) == nil)
    }
}
