// RecordCodecTests: every record type survives a write and a read; damage is named; unknown fields are kept.

import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("RecordCodec")
struct RecordCodecTests {
    func decode(_ line: String) throws -> StoredRecord {
        let bytes = Array(line.utf8)
        var decoder = RecordCodec.Decoder()
        return try bytes.withUnsafeBufferPointer { buffer in
            try RecordCodec.decode(buffer, 0..<buffer.count, using: &decoder, path: "test.jsonl")
        }
    }

    @Test("comparison and pitch-matching records round-trip exactly")
    func roundTrip() throws {
        var generator = SeededRandomGenerator(seed: 1)
        for index in 0..<500 {
            let exact = Cents(Double.random(in: -100...100, using: &generator))  // full double precision
            for record in [Samples.comparison(index, cents: exact.rawValue), Samples.matching(index)] {
                #expect(try decode(RecordCodec.encode(record)) == record)
            }
        }
    }

    @Test(
        "an offset-detection answer keeps its pattern and step; a pattern not in the catalogue or a step without a later note is damage"
    )
    func timingPatterns() throws {
        for index in 0..<24 {
            let record = Samples.rhythm(index * 2)
            #expect(try decode(RecordCodec.encode(record)) == record)
        }
        let line =
            #"{"v":2,"type":"rhythmOffsetDetection","time":"2026-03-03T14:32:00Z","tempoBPM":120,"offsetMs":5.3,"correct":true"#
        guard case .rhythm(let plain) = try decode(line + "}").payload else { throw Failure() }
        #expect(plain.pattern == nil && plain.timingPattern == .straightSixteenths && plain.offsetStep == 3)
        guard
            case .rhythm(let triplet) = try decode(line + #","pattern":"3:x-x","offsetPosition":3}"#).payload
        else { throw Failure() }
        #expect(triplet.pattern == TimingPattern.named("3:x-x") && triplet.offsetPosition == 3)
        for bad in [
            #","pattern":"3:x-y","offsetPosition":3}"#, #","pattern":"3:x-x","offsetPosition":2}"#,
            #","pattern":"3:x-x","offsetPosition":1}"#, #","pattern":"3:x-x"}"#, #","offsetPosition":3}"#,
            #","pattern":"3:x-x","offsetPosition":3.5}"#,
        ] {
            #expect(throws: RecordDamage.self, "\(bad)") { try decode(line + bad) }
        }
    }

    struct Failure: Error {}

    @Test(
        "a fill-the-gap trial keeps its silent bars, drift and ramp; fields that do not fit together are damage"
    )
    func fillTheGapFields() throws {
        let time = Date(timeIntervalSince1970: 1_767_225_600.125)
        let record = StoredRecord(
            .rhythm(
                RhythmRecord(
                    continuousMatchingAt: time, tempoBPM: 92, meanOffsetMs: -3.25,
                    positions: [nil, 1.5, nil, -2],
                    silentBars: 2, drift: SilentDrift(msPerBar: 4.125, meanOffsetMs: 9.5, strikes: 7),
                    tempoRamp: -4,
                    rampEvery: 3)))
        #expect(try decode(RecordCodec.encode(record)) == record)
        let quiet = StoredRecord(
            .rhythm(
                RhythmRecord(
                    continuousMatchingAt: time, tempoBPM: 92, meanOffsetMs: 1, positions: [], silentBars: 1)))
        #expect(try decode(RecordCodec.encode(quiet)) == quiet)
        let inPattern = StoredRecord(
            .rhythm(
                RhythmRecord(
                    continuousMatchingAt: time, tempoBPM: 92, meanOffsetMs: 1, positions: [nil, 2],
                    pattern: TimingPattern.named("3:x-x"))))
        #expect(try decode(RecordCodec.encode(inPattern)) == inPattern)
        let most = StoredRecord(
            .rhythm(
                RhythmRecord(
                    continuousMatchingAt: time, tempoBPM: 92, meanOffsetMs: 1, positions: [], silentBars: 1,
                    drift: SilentDrift(msPerBar: 1, meanOffsetMs: 2, strikes: 28))))
        #expect(try decode(RecordCodec.encode(most)) == most)
        let line =
            #"{"v":2,"type":"continuousRhythmMatching","time":"2026-03-03T14:33:00Z","tempoBPM":90,"meanOffsetMs":4.5"#
        for bad in [
            #","silentBars":5}"#, #","silentBars":0}"#,
            #","silentStrikes":3,"driftMsPerBar":1,"silentMeanOffsetMs":2}"#,
            #","silentBars":1,"driftMsPerBar":1}"#,
            #","silentBars":1,"silentStrikes":1,"driftMsPerBar":1,"silentMeanOffsetMs":2}"#,
            #","tempoRamp":4}"#, #","tempoRamp":0,"rampEvery":4}"#, #","tempoRamp":21,"rampEvery":4}"#,
            #","tempoRamp":4,"rampEvery":17}"#, #","silentBars":1.5}"#, #","pattern":"4:xxxx"}"#,
            #","pattern":"3:x-y"}"#,
            // More silent strikes than one a step of the silent bars (1 bar × 4 beats × 7 steps) can hold.
            #","silentBars":1,"silentStrikes":29,"driftMsPerBar":1,"silentMeanOffsetMs":2}"#,
            #","silentBars":1,"silentStrikes":1000000000,"driftMsPerBar":1,"silentMeanOffsetMs":2}"#,
        ] {
            #expect(throws: RecordDamage.self, "\(bad)") { try decode(line + bad) }
        }
    }

    @Test(
        "degrees in a row round-trip: the whole row, a wrong asked note as heard, the onsets a phrase apart")
    func degreeRowRoundTrip() throws {
        let degree = ScaleDegree(mode: .major, semitones: 7)
        let question = try #require(PlayBackQuestion(degree: degree, tonic: 60, row: [64, 60, 67]))
        for (notes, heard) in [([52, 72, 67], nil), ([64, 60, 68], "b6-major"), ([65, 60, 67], nil)] {
            let completed = CompletedPlayBack(
                question: question,
                played: notes.enumerated().map {
                    PlayedNote(
                        note: MIDINote(clamping: $0.element), velocity: 90, time: Double($0.offset) * 1.5)
                },
                anyOctave: true, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 1_800_000_000),
                responseTime: 1, inputKind: .midiNote)
            #expect(
                completed.isCorrect
                    ? heard == nil && notes[0] == 52
                    : completed.missedOnlyTheLine || completed.verdict.answered?.id == heard)
            let record = StoredRecord(.playBack(completed))
            #expect(try decode(RecordCodec.encode(record)) == record)
        }
    }

    @Test(
        "a degree in a key named F♯ keeps the name after its reference; a name that changes nothing is damage"
    )
    func namedTonicRoundTrip() throws {
        let fSharp = try #require(KeySignature(parsing: "F#"))
        let degree = ScaleDegree(mode: .major, semitones: 7)
        let question = try #require(PlayBackQuestion(.degree(degree), reference: 66)).naming(fSharp)
        let completed = CompletedPlayBack(
            question: question, played: [PlayedNote(note: 73, velocity: 90, time: 0)], anyOctave: true,
            anyVoicing: false, timestamp: Date(timeIntervalSince1970: 1_800_000_000), responseTime: 1,
            inputKind: .midiNote)
        let record = StoredRecord(.playBack(completed))
        let line = RecordCodec.encode(record)
        #expect(line.contains(#""reference":66,"tonic":"F♯","answerNotes":"73""#))
        let decoded = try decode(line)
        #expect(decoded == record)
        if case .playBack(let read) = decoded.payload {
            #expect(read.question.key?.description == "F♯ major")
        }
        // The samples every reader is tested on hold such records too.
        #expect(Samples.mixed(400).contains { RecordCodec.encode($0).contains(#""tonic":"#) })
        let open = line.replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "", options: .regularExpression)
        // G♭ major is what the key is without a name; G is another pitch class; X and F♯m no major key's tonic.
        for bad in ["G♭", "G", "X", "F♯m"] {
            let changed = open.replacingOccurrences(of: #""tonic":"F♯""#, with: #""tonic":"\#(bad)""#) + "}"
            #expect(throws: RecordDamage.self, "\(bad)") { try decode(changed) }
        }
        let plain = RecordCodec.encode(Samples.playBack(0))
        let withTonic = plain.replacingOccurrences(
            of: #","answerNotes""#, with: #","tonic":"F♯","answerNotes""#
        )
        .replacingOccurrences(of: #","crc":"[0-9a-f]{8}"\}$"#, with: "}", options: .regularExpression)
        #expect(throws: RecordDamage.self) { try decode(withTonic) }
    }

    @Test(
        "fill the gap and rhythm echo keep the calibration they were trained with, last; one no calibration holds is damage"
    )
    func calibrationField() throws {
        let time = Date(timeIntervalSince1970: 1_767_225_600.125)
        let gapFill = StoredRecord(
            .rhythm(
                RhythmRecord(
                    continuousMatchingAt: time, tempoBPM: 92, meanOffsetMs: 14.25, positions: [nil, 14.25],
                    pattern: TimingPattern.named("3:x-x"), calibrationMs: 12.3456789)))
        let gapLine = RecordCodec.encode(gapFill)
        #expect(gapLine.contains(#""pattern":"3:x-x","calibrationMs":12.3456789,"crc":"#))
        #expect(try decode(gapLine) == gapFill)
        var generator = SeededRandomGenerator(seed: 5)
        let rhythm = EchoRhythm.random(level: 1, using: &generator)
        let onsets = rhythm.onsets.map { CompletedEcho.Onset(beat: $0, offsetMs: 20) }
        let echo = StoredRecord(
            .echo(
                CompletedEcho(
                    timestamp: time, tempo: .standard, rhythm: rhythm, level: 1, onsets: onsets, extras: 0,
                    inputKind: .midiNote, calibrationMs: -8)))
        let echoLine = RecordCodec.encode(echo)
        #expect(echoLine.contains(#""input":"midi-note","calibrationMs":-8,"crc":"#))
        #expect(try decode(echoLine) == echo)
        // Without one, no field: the lines of every trial trained before stay the same bytes.
        let plain = StoredRecord(
            .rhythm(RhythmRecord(continuousMatchingAt: time, tempoBPM: 92, meanOffsetMs: 1, positions: [])))
        #expect(!RecordCodec.encode(plain).contains("calibrationMs"))
        let line =
            #"{"v":2,"type":"continuousRhythmMatching","time":"2026-03-03T14:33:00Z","tempoBPM":90,"meanOffsetMs":4.5"#
        guard case .rhythm(let edge) = try decode(line + #","calibrationMs":-999.5}"#).payload else {
            throw Failure()
        }
        #expect(edge.calibrationMs == -999.5)
        for bad in [#","calibrationMs":1000.5}"#, #","calibrationMs":"12"}"#, #","calibrationMs":-1e9}"#] {
            #expect(throws: RecordDamage.self, "\(bad)") { try decode(line + bad) }
        }
        // Unsealed (no checksum), so that the value is what is refused.
        let unsealed = String(echoLine.dropLast(18)) + "}"
        #expect(try decode(unsealed) == echo)
        let echoBad = unsealed.replacingOccurrences(
            of: #""calibrationMs":-8"#, with: #""calibrationMs":2000"#)
        #expect(throws: RecordDamage.self) { try decode(echoBad) }
    }

    @Test("an unknown field is kept only when its value is valid JSON; hostile nesting does not crash")
    func unknownFieldValues() throws {
        // The sample line without its checksum (which must come last), open for one more field.
        let line = RecordCodec.encode(Samples.comparison(3))
        let open = line.replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "", options: .regularExpression)
        for bad in [
            "[}", "{]", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "[1 2]", "1e", "--1", "01", ".5", "+1",
            "[",
            "[\"x]", "tru", String(repeating: "[", count: 100_000),
        ] {
            #expect(throws: RecordDamage.self, "\(bad.prefix(20))") {
                try decode(open + ",\"x\":" + bad + "}")
            }
        }
        for good in [
            "[]", "{}", "[1,-0.5e+3,\"]}\",true,false,null,{\"a\":[{}]}]", " { \"k\" : [ 1 , 2 ] } ", "0",
            "-12.5E-2",
            String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
        ] {
            let record = try decode(open + ",\"x\":" + good + "}")
            #expect(record.extraFields.count == 1, "\(good.prefix(20))")
        }
    }

    @Test("every bit flipped in the crc key's name is damage: the line cannot lose its checksum unnoticed")
    func crcKeyFlips() throws {
        for record in [Samples.comparison(7), Samples.matching(7)] {
            let line = Array(RecordCodec.encode(record).utf8)
            let key = try #require(String(decoding: line, as: UTF8.self).range(of: #""crc":"#))
            let start =
                String(decoding: line, as: UTF8.self).utf8.distance(
                    from: String(decoding: line, as: UTF8.self).utf8.startIndex, to: key.lowerBound) + 1
            for offset in start..<start + 3 {
                for bit in 0..<8 {
                    var flipped = line
                    flipped[offset] ^= UInt8(1 << bit)
                    let text = String(decoding: flipped, as: UTF8.self)
                    #expect(throws: RecordDamage.self, "\(text.suffix(24))") { try decode(text) }
                }
            }
            // A line with no checksum at all (written before checksums) still reads.
            let old = String(decoding: line, as: UTF8.self).replacingOccurrences(
                of: #","crc":"[0-9a-f]{8}"\}$"#, with: "}", options: .regularExpression)
            #expect(try decode(old) == record)
        }
    }

    @Test("cents beyond two octaves are damage, not a value; ±2400 still reads")
    func centsBound() throws {
        for cents in [2400.0, -2400.0] {
            let record = Samples.comparison(1, cents: cents)
            #expect(try decode(RecordCodec.encode(record)) == record)
        }
        for cents in [2400.5, -1e308] {
            #expect(throws: (any Error).self) {
                try decode(RecordCodec.encode(Samples.comparison(1, cents: cents)))
            }
        }
    }

    @Test("the line is readable JSON with the documented fields")
    func format() throws {
        let line = RecordCodec.encode(Samples.comparison(0, cents: -12.5))
        #expect(
            line.hasPrefix(
                #"{"v":1,"type":"comparison","time":"2026-01-01T00:00:00.000Z","note1":36,"note2":36,"cents":-12.5,"answer":"lower","correct":true,"referencePitch":440,"timbre":"sine""#
            ))
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["responseTime"] as? Double == 0.375)
        #expect(object?["input"] as? String == "keyboard")
    }

    @Test("strings with quotes, escapes and non-ASCII survive")
    func strings() throws {
        let record = StoredRecord(
            .pitchMatching(
                CompletedPitchMatching(
                    referenceNote: 60, initialOffset: 10, userError: -2, timestamp: Samples.start,
                    context: TrialContext(
                        referencePitch: 440, timbre: "sine", noteDuration: 1, gap: 0, velocity: 63),
                    tuneControl: InputKind(rawValue: "Fußpedal \"links\"\\\n\u{1}🎹"))))
        #expect(try decode(RecordCodec.encode(record)) == record)
    }

    @Test("unknown fields are kept verbatim and written back")
    func unknownFields() throws {
        let base = RecordCodec.encode(Samples.matching(3)).replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "", options: .regularExpression)
        let line = base + #","mood":"focused","extra":{"a":[1,2,{"b":"}"}]},"n":-1.5e3,"flag":null}"#
        let record = try decode(line)
        #expect(record.extraFields.map(\.rawKey) == ["mood", "extra", "n", "flag"])
        #expect(record.extraFields[1].rawValue == #"{"a":[1,2,{"b":"}"}]}"#)
        let again = RecordCodec.encode(record)
        #expect(again.hasPrefix(String(line.dropLast()) + #","crc":""#))
        #expect(try decode(again) == record)
    }

    @Test("a known key its kind does not read (another kind's) is kept and written back, in the line's order")
    func otherKindsKeys() throws {
        // What a later Peach may add to a kind without a new schema version: a calibration on an
        // offset-detection line, a fill-the-gap field, a play-back key on a comparison.
        let offset = RecordCodec.encode(
            StoredRecord(
                .rhythm(
                    RhythmRecord(
                        offsetDetectionAt: Samples.start, tempoBPM: 100, offsetMs: -12.5, isCorrect: true,
                        pattern: nil, offsetPosition: nil))))
        let open = offset.replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "", options: .regularExpression)
        let line = open + #","calibrationMs":7.25,"mood":"calm","silentBars":2,"tonic":"F♯"}"#
        let record = try decode(line)
        #expect(record.extraFields.map(\.rawKey) == ["calibrationMs", "mood", "silentBars", "tonic"])
        #expect(record.extraFields.map(\.rawValue) == ["7.25", #""calm""#, "2", #""F♯""#])
        guard case .rhythm(let rhythm) = record.payload else { throw Failure() }
        #expect(rhythm.calibrationMs == nil)
        let again = RecordCodec.encode(record)
        #expect(again.hasPrefix(String(line.dropLast()) + #","crc":""#))
        #expect(try decode(again) == record)

        let comparison = RecordCodec.encode(Samples.comparison(3)).replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "", options: .regularExpression)
        let keyed = try decode(comparison + #","anyOctave":true,"offsetMs":3}"#)
        #expect(keyed.extraFields.map(\.rawKey) == ["anyOctave", "offsetMs"])
        // The keys each kind takes are exactly those its writer writes: none of them comes back as an unknown
        // field through the general reader, and every one of them is written by some record of the kind.
        var general = RecordCodec.Decoder()
        general.canonicalLines = false
        var written: [String: Set<String>] = [:]
        var taken: [String: UInt64] = [:]
        let measured = TrialContext(
            referencePitch: 442, timbre: "piano", noteDuration: 1, gap: 0.5, velocity: 90,
            procedure: .measurement)
        let withProcedure = StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: Comparison(
                        note1: 60, note2: 67, centDifference: 4.5, tuningSystem: .justIntonation),
                    answer: .higher, timestamp: Samples.start, context: measured, note2AmplitudeOffset: 1.5,
                    responseTime: 0.75, inputKind: .midiNote)))
        let gapped = try #require(TimingPattern.catalogue.first { !$0.rests.isEmpty })
        let inPattern = StoredRecord(
            .rhythm(
                RhythmRecord(
                    continuousMatchingAt: Samples.start, tempoBPM: 90, meanOffsetMs: 2.5,
                    positions: [1, 2, 3, 4],
                    pattern: gapped)))
        for index in 0..<240 {
            for sample in [
                Samples.comparison(index), Samples.matching(index), Samples.intervalComparison(index),
                Samples.intervalMatching(index), Samples.rhythm(index), Samples.echo(index),
                Samples.playBack(index), withProcedure, inPattern,
            ] {
                let line = RecordCodec.encode(sample)
                let bytes = Array(line.utf8)
                let read = try bytes.withUnsafeBufferPointer { buffer in
                    try RecordCodec.decode(buffer, 0..<buffer.count, using: &general, path: "test.jsonl")
                }
                #expect(read == sample, "\(line)")
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let kind = try #require(object["type"] as? String)
                written[kind, default: []].formUnion(object.keys)
                taken[kind] = RecordCodec.Key.read(by: sample.payload)
            }
        }
        #expect(written.count == 6)
        for (kind, keys) in written {
            let names = Set(
                RecordCodec.Key.allCases.filter { taken[kind, default: 0] & $0.bit != 0 }.map { "\($0.name)" }
            )
            #expect(
                names == keys,
                "\(kind): taken but never written \(names.subtracting(keys)), written but not taken \(keys.subtracting(names))"
            )
        }
    }

    @Test("a line longer than the encoder's stack room (a long unknown field) is written whole")
    func longLine() throws {
        let base = RecordCodec.encode(Samples.matching(4)).replacingOccurrences(
            of: #","crc":"[0-9a-f]{8}"\}$"#, with: "", options: .regularExpression)
        let long = String(repeating: "ab", count: 3000)
        let record = try decode(base + #","note":""# + long + #""}"#)
        let again = RecordCodec.encode(record)
        #expect(again.utf8.count > 6000)
        #expect(again.hasPrefix(base + #","note":""# + long + #"","crc":""#))
        #expect(try decode(again) == record)
    }

    @Test("numbers are written in Swift's shortest form without making a string, the same digits as before")
    func shortDecimals() {
        /// How the encoder wrote numbers before: whole ones as integers, the rest by `description`.
        func described(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : value.description
        }
        func written(_ value: Double) -> String {
            var bytes: [UInt8] = []
            RecordCodec.appendNumber(value, decimals: nil, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        var generator = SeededRandomGenerator(seed: 7)
        var values: [Double] = [
            0.45, -0.45, 0.001, -0.001, 0.0015, 0.00099, 0.0001, 1e-5, 99_999_999.5, 100_000_000.5, 1234.5678,
            0.1 + 0.2, 1.0 / 3.0, 2.675, 1e7 + 0.125, 0.000_999_999, 12_345_678.123_456,
            .leastNonzeroMagnitude, 1.5e15 + 0.5,
        ]
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...8, using: &generator)
            let digits = Int.random(in: 1...14, using: &generator)
            var mantissa = Double(Int64.random(in: 1...Int64(pow(10, Double(digits))), using: &generator))
            if Bool.random(using: &generator) { mantissa = -mantissa }
            values.append(mantissa / pow(10, Double(decimals)))
            values.append(Double.random(in: -200...200, using: &generator))  // cents: 16–17 digits
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
            // Every decade ShortestDecimal takes (0.001 … 10^15), spread evenly in the exponent, and the
            // doubles next to a power of ten and a power of two (where its interval is lopsided).
            let decade = Double.random(in: -3.5...15.5, using: &generator)
            values.append(pow(10, decade))
            let power = pow(10, Double(Int.random(in: -3...15, using: &generator)))
            values += [power.nextUp, power.nextDown, power.nextUp.nextUp, power.nextDown.nextDown]
            let two = Double(
                sign: .plus, exponent: Int.random(in: -10...50, using: &generator), significand: 1)
            values += [two, two.nextUp, two.nextDown, -two.nextUp]
        }
        for value in values where value.isFinite {
            #expect(written(value) == described(value), "\(value)")
        }
    }

    @Test("rounding to the nearest whole number without the C library is rounded()'s, halves away from zero")
    func nearestWhole() {
        var generator = SeededRandomGenerator(seed: 13)
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
            4_503_599_627_370_495.5,
            4_503_599_627_370_496, 1e300, -1e300, .infinity, -.infinity, 1234.4999, 1234.5001,
        ]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -1e6...1e6, using: &generator))
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 2)  // halves
            values.append(Double.random(in: -1...1, using: &generator) * 1e15)
        }
        for value in values {
            let expected = value.rounded()
            // The same number; only a zero's sign may differ.
            #expect(value.nearestWhole == expected || (value.nearestWhole == 0 && expected == 0), "\(value)")
        }
        #expect(Double.nan.nearestWhole.isNaN)
    }

    @Test("a checksum's eight hex digits, made at once, are its lower-case hex with leading zeros")
    func hexDigits() {
        var generator = SeededRandomGenerator(seed: 3)
        var values: [UInt32] = [
            0, 1, 0xF, 0x10, 0x9A, 0xAB_CDEF, 0xFFFF_FFFF, 0x8000_0000, 0x0123_4567, 0x89AB_CDEF,
        ]
        values += (0..<10_000).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
        for value in values {
            var word = RecordCodec.hexDigits(value)
            let text = withUnsafeBytes(of: &word) { String(decoding: $0, as: UTF8.self) }
            let hex = String(value, radix: 16)
            #expect(text == String(repeating: "0", count: 8 - hex.count) + hex)
            #expect(RecordCodec.hexWord(word) == value)
        }
    }

    @Test("whole numbers are written as String writes them, the short ones without a loop")
    func integers() {
        var generator = SeededRandomGenerator(seed: 17)
        var values: [Int64] = [
            0, 1, -1, 9, 10, 99, 100, 12_345_678, 99_999_999, 100_000_000, -99_999_999, -100_000_000, .max,
            .min + 1,
        ]
        for _ in 0..<5000 {
            values.append(Int64.random(in: -1000...1000, using: &generator))
            values.append(Int64.random(in: -100_000_000...100_000_000, using: &generator))
            values.append(Int64.random(in: Int64.min + 1...Int64.max, using: &generator))
        }
        for value in values {
            var bytes: [UInt8] = [0x2C]
            RecordCodec.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "," + String(value))
        }
    }

    @Test("eight digits at once are the number's digits with leading zeros")
    func asciiDigits() {
        var generator = SeededRandomGenerator(seed: 5)
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 12_345_678, 99_999_999]
        values += (0..<10_000).map { _ in UInt64.random(in: 0..<100_000_000, using: &generator) }
        values += (0..<10_000).map { UInt64($0) }  // every lane's value
        for value in values {
            var word = ByteWriter.eightDigits(value)
            let text = withUnsafeBytes(of: &word) { String(decoding: $0, as: UTF8.self) }
            let expected = String(repeating: "0", count: 8 - String(value).count) + String(value)
            #expect(text == expected)
        }
    }

    @Test("measured values are written by exact integer steps, as description writes them")
    func shortestDigits() {
        var generator = SeededRandomGenerator(seed: 11)
        var decided = 0
        var fractional = 0
        let count = Int(ProcessInfo.processInfo.environment["PEACH_SHORTEST_COUNT"] ?? "") ?? 100_000
        for _ in 0..<count {
            let value =
                pow(10, Double.random(in: -3...15, using: &generator))
                * (Bool.random(using: &generator) ? 1 : -1)
            guard value != value.rounded() else { continue }
            fractional += 1
            var bytes: [UInt8] = []
            ByteWriter.append(to: &bytes) { writer in
                guard let digits = ShortestDecimal.digits(value) else { return }
                decided += 1
                ShortestDecimal.write(digits, negative: value < 0, to: &writer)
            }
            if !bytes.isEmpty {
                #expect(String(decoding: bytes, as: UTF8.self) == value.description, "\(value)")
            }
        }
        // Only a power of two or a parse left to strtod is left to description.
        #expect(decided > fractional * 999 / 1000, "decided \(decided) of \(fractional)")
    }

    @Test("older lines without the optional conditions load with the defaults")
    func minimalLine() throws {
        let record = try decode(
            #"{"v":1,"type":"comparison","time":"2026-03-01T12:00:00Z","note1":60,"note2":60,"cents":5,"answer":"higher"}"#
        )
        guard case .comparison(let completed) = record.payload else {
            Issue.record("expected a comparison")
            return
        }
        #expect(completed.isCorrect)
        #expect(completed.context == TrialContext(settings: .defaults))
        #expect(completed.inputKind == .unknown)
    }

    @Test(
        "damage is named by its structure",
        arguments: [
            ("", RecordProblem.notAnObject), ("[1,2]", .notAnObject), (#"{"v":1"#, .notAnObject),
            (#"{"v":1,"type":"comparison"} x"#, .textAfterObject),
            (#"{"type":"comparison"}"#, .missingField("v")),
            (#"{"v":0,"type":"comparison"}"#, .invalidVersion(0)),
            (#"{"v":1,"type":"comparison","time":"yesterday"}"#, .invalidTime),
            (#"{"v":1,"type":"rhythm","time":"2026-03-01T12:00:00Z"}"#, .unknownType("rhythm")),
            (
                #"{"v":1,"type":"comparison","time":"2026-03-01T12:00:00Z","note1":128,"note2":60,"cents":5,"answer":"higher"}"#,
                .invalidField("note1", expected: .midiNote)
            ),
            (
                #"{"v":1,"type":"comparison","time":"2026-03-01T12:00:00Z","note1":60,"note2":60,"cents":"5","answer":"higher"}"#,
                .invalidField("cents", expected: .cents)
            ),
            (
                #"{"v":1,"type":"comparison","time":"2026-03-01T12:00:00Z","note1":60,"note2":60,"cents":5,"answer":"up"}"#,
                .invalidField("answer", expected: .answer)
            ),
            (
                #"{"v":1,"type":"comparison","time":"2026-03-01T12:00:00Z","note1":60,"note2":60,"cents":5,"answer":"higher","correct":false}"#,
                .contradictoryCorrect
            ),
            (
                #"{"v":3,"type":"playBack","time":"2026-11-27T13:45:33.021Z","kind":"intervals","item":"M3","reference":60,"#
                    + #""answerNotes":"64","played":"63:88:0","correct":true,"responseTime":1.2,"input":"midi-note"}"#,
                .contradictoryVerdict
            ),
            (#"{"v":1,"v":1}"#, .duplicateField("v")),
        ])
    func damage(line: String, problem: RecordProblem) {
        do {
            _ = try decode(line)
            Issue.record("decoded a damaged line")
        } catch let damage as RecordDamage {
            #expect(damage.problem == problem, "\(damage.problem)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(
        "a melody's rhythm that is not one length a note of 0.5, 1, 1.5 or 2 beats, or a rhythm elsewhere, is named"
    )
    func rhythmDamage() {
        let head =
            #"{"v":3,"type":"playBack","time":"2026-11-27T13:45:33.021Z","kind":"melodies","item":"steps3","#
        let melody = head + #""reference":60,"answerNotes":"60 62 60","rhythm":"#
        let lines = [
            melody + #""1 2","played":"60:88:0","correct":false,"responseTime":1.2}"#,
            melody + #""0.25 0.75 2","played":"60:88:0","correct":false,"responseTime":1.2}"#,
            head.replacingOccurrences(
                of: #""kind":"melodies","item":"steps3""#, with: #""kind":"intervals","item":"M3""#)
                + #""reference":60,"answerNotes":"64","rhythm":"1","played":"64:88:0","correct":true}"#,
        ]
        for line in lines {
            do {
                _ = try decode(line)
                Issue.record("decoded \(line)")
            } catch let damage as RecordDamage {
                #expect(damage.problem == .invalidField("rhythm", expected: .noteLengths), "\(line)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        // The same melody in a rhythm of its own is read, and keeps it.
        let right =
            melody + #""1 0.5 2.0","played":"60:88:0 62:88:400 60:88:700","correct":true,"responseTime":1.2}"#
        let record = try? decode(right)
        guard case .playBack(let completed)? = record?.payload else {
            Issue.record("not read: \(right)")
            return
        }
        #expect(completed.question.lengths == [1, 0.5, 2] && completed.isCorrect)
    }

    @Test("a newer schema version is refused, naming the file")
    func newerSchema() {
        #expect(throws: StoreError.newerSchema(path: "test.jsonl", found: 5, supported: 4)) {
            try decode(#"{"v":5,"type":"comparison"}"#)
        }
    }

    @Test("numbers: the fast path agrees with strtod")
    func numbers() {
        var generator = SeededRandomGenerator(seed: 9)
        for _ in 0..<10_000 {
            let value = Double.random(in: -1000...1000, using: &generator)
            for text in [String(value), String(format: "%.3f", value), String(format: "%.1f", value)] {
                let bytes = Array(text.utf8)
                let parsed = bytes.withUnsafeBufferPointer { NumberParser.double($0, 0..<$0.count) }
                #expect(parsed == Double(text))
            }
        }
        // The edges of the exact fast path (digits up to 2^53, powers of ten up to 10^22) and cent values as
        // Swift writes them (16 and 17 digits).
        let edges = [
            "9007199254740992", "9007199254740993", "900719925474099.3", "0.0000000000000000000001",
            "0.00000000000000000000012", "1234567890123456.7", "57.38403917741034", "-5.949294850601879",
            "12.345678901234567", "0.1", "-0.30000000000000004",
        ]
        let cents = (0..<10_000).map { _ in Double.random(in: 0.5...60, using: &generator) }
        for text in edges + cents.flatMap({ [String($0), String(-$0 / 7)] }) {
            let parsed = Array(text.utf8).withUnsafeBufferPointer { NumberParser.double($0, 0..<$0.count) }
            #expect(parsed == Double(text), "\(text)")
        }
        for bad in ["", "-", ".", "1.", "1e", "--1", "1.2.3", "0x10"] {
            let bytes = Array(bad.utf8)
            #expect(bytes.withUnsafeBufferPointer { NumberParser.double($0, 0..<$0.count) } == nil, "\(bad)")
        }
    }

    @Test("numbers of up to 19 digits and 25 decimals (Eisel–Lemire's path) agree with strtod bit for bit")
    func longNumbers() {
        func parsed(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { NumberParser.double($0, 0..<$0.count) }
        }
        func strtod(_ text: String) -> Double { text.withCString { Glibc.strtod($0, nil) } }
        var generator = SeededRandomGenerator(seed: 17)
        var texts: [String] = []
        // Random digit strings: 1–19 digits, the point anywhere (up to 25 decimals), either sign.
        for _ in 0..<100_000 {
            let digits = Int.random(in: 1...19, using: &generator)
            var text = (0..<digits).map { index in
                String(Int.random(in: (index == 0 ? 1 : 0)...9, using: &generator))
            }.joined()
            let decimals = Int.random(in: 0...25, using: &generator)
            if decimals > 0 {
                if decimals >= text.count {
                    text = String(repeating: "0", count: decimals - text.count + 1) + text
                }
                text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
            }
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        // Doubles as Swift writes them (shortest, up to 17 digits), across magnitudes.
        for _ in 0..<100_000 {
            let value =
                Double.random(in: 1...10, using: &generator)
                * [1e-6, 1e-3, 0.1, 1, 10, 1000, 1e6, 1e12][Int.random(in: 0...7, using: &generator)]
            texts.append(String(value))
        }
        // Halfway between two doubles (round to even), the largest 19 digits, the table's ends.
        texts += [
            "9007199254740993", "9007199254740993.0", "9007199254740995", "9007199254740995.00",
            "9999999999999999999", "1844674407370955161.5", "0.0000000000000000000000001",
            "0.9999999999999999999", "0.1000000000000000055511151231257827", "2.2250738585072014",
        ]
        var mismatches: [String] = []
        for text in texts where parsed(text)?.bitPattern != strtod(text).bitPattern {
            mismatches.append(text)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(
            NumberParser.eiselLemire(0, exponent: -3) == nil
                && NumberParser.eiselLemire(5, exponent: -26) == nil)
    }

    @Test(
        "numbers: a short whole number inside a longer line, read with one load, is what its own text reads as"
    )
    func numbersInsideALine() {
        // Each text at the start of a line that goes on (digits among what follows included), read both ways:
        // there, and alone in a buffer of its own size. Only the range is the number.
        func inLine(_ text: String, then rest: String) -> (double: Double?, integer: Int?) {
            let bytes = Array((text + rest).utf8)
            return bytes.withUnsafeBufferPointer {
                (NumberParser.double($0, 0..<text.utf8.count), NumberParser.integer($0, 0..<text.utf8.count))
            }
        }
        func alone(_ text: String) -> (double: Double?, integer: Int?) {
            Array(text.utf8).withUnsafeBufferPointer {
                (NumberParser.double($0, 0..<$0.count), NumberParser.integer($0, 0..<$0.count))
            }
        }
        var texts = [
            "0", "7", "10", "440", "1234567", "9999999", "12345678", "07", "00", "0000000", "-5", "1.5",
        ]
        texts += ["1e3", "4a", "", "-0", "0.45"]
        var generator = SeededRandomGenerator(seed: 31)
        for _ in 0..<10_000 { texts.append(String(Int.random(in: 0..<10_000_000, using: &generator))) }
        for text in texts {
            for rest in [
                ",\"gap\":0}", "}\n\n\n\n\n\n\n\n", "5}\n\n\n\n\n\n\n", " \u{00A0}\u{00A0}\u{00A0}\u{00A0}",
            ] {
                let (double, integer) = inLine(text, then: rest)
                #expect(
                    double == alone(text).double && integer == alone(text).integer, "\(text) then \(rest)")
            }
        }
        #expect(
            inLine("440", then: ",\"gap\":0}").double == 440
                && inLine("0", then: "}\n\n\n\n\n\n\n").integer == 0)
        #expect(
            inLine("07", then: "}\n\n\n\n\n\n\n").double == nil
                && inLine("1234567", then: "8}").integer == 1_234_567)
    }

    @Test(
        "numbers: eight digits read at once are the digits' value, and any other byte among them stops them")
    func eightDigits() {
        func word(_ text: [UInt8]) -> UInt64 {
            text.withUnsafeBufferPointer { ByteLanes.load($0.baseAddress!, 0) }
        }
        var generator = SeededRandomGenerator(seed: 23)
        for _ in 0..<10_000 {
            let digits = (0..<8).map { _ in UInt8.random(in: 0x30...0x39, using: &generator) }
            #expect(NumberParser.eightDigits(word(digits)) == UInt64(String(decoding: digits, as: UTF8.self)))
        }
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max where !(0x30...0x39).contains(byte) {
                var text = Array("12345678".utf8)
                text[position] = byte
                #expect(NumberParser.eightDigits(word(text)) == nil, "byte \(byte) at \(position)")
            }
        }
        // Long numbers with something else among their digits, where eight are read at once.
        for bad in ["123456789.12345678a", "1234567a.5", "12.3456789x", "1.23456789012345678-", "12345678 "] {
            #expect(Array(bad.utf8).withUnsafeBufferPointer { NumberParser.double($0, 0..<$0.count) } == nil)
        }
    }

    @Test(
        "checksums: eight hex digits read at once, in either case, are their value; any other byte refuses them"
    )
    func hexWords() {
        func read(_ text: [UInt8]) -> UInt32? {
            text.withUnsafeBufferPointer { RecordCodec.hexWord($0, 0..<8) }
        }
        let digits = Array("0123456789abcdefABCDEF".utf8)
        var generator = SeededRandomGenerator(seed: 29)
        for _ in 0..<10_000 {
            let text = (0..<8).map { _ in digits.randomElement(using: &generator)! }
            #expect(read(text) == UInt32(String(decoding: text, as: UTF8.self), radix: 16))
        }
        #expect(read(Array("ffffffff".utf8)) == .max && read(Array("00000000".utf8)) == 0)
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max where !digits.contains(byte) {
                var text = Array("9aF0c3E1".utf8)
                text[position] = byte
                #expect(read(text) == nil, "byte \(byte) at \(position)")
            }
        }
    }

    @Test("timestamps: Peach's own form (three decimals) reads as the general form does, each digit checked")
    func timestampFastPath() {
        func parse(_ text: String) -> Date? {
            Array(text.utf8).withUnsafeBufferPointer { Timestamp.parse($0) }
        }
        for prefix in [
            "2026-11-28T05:14:09", "1999-12-31T23:59:59", "2000-02-29T00:00:00", "1969-07-20T20:17:40",
        ] {
            for milliseconds in 0...999 {
                let fraction = String(1000 + milliseconds).dropFirst()
                // Four decimals take the general reading; three, the fast one.
                #expect(
                    parse("\(prefix).\(fraction)Z") == parse("\(prefix).\(fraction)0Z"),
                    "\(prefix) \(fraction)")
            }
        }
        let good = Array("2026-11-28T05:14:09.123Z".utf8)
        #expect(parse("2026-11-28T05:14:09.123Z")?.timeIntervalSince1970 == 1_795_842_849.123)
        // Every byte at every place: a digit for a digit reads as the general reading (a fourth decimal sends
        // the text there) reads it; anything else is refused.
        for position in 0..<24 {
            for byte in UInt8.min...UInt8.max where byte != good[position] {
                var text = good
                text[position] = byte
                let fast = text.withUnsafeBufferPointer { Timestamp.parse($0) }
                if (0x30...0x39).contains(byte), (0x30...0x39).contains(good[position]) {
                    var longer = text
                    longer.insert(0x30, at: 23)
                    #expect(
                        fast == longer.withUnsafeBufferPointer { Timestamp.parse($0) },
                        "byte \(byte) at \(position)")
                } else {
                    #expect(fast == nil, "byte \(byte) at \(position)")
                }
            }
        }
        for bad in [
            "2026-11-28T24:00:00.000Z", "2026-00-28T05:14:09.123Z", "2026-11-32T05:14:09.123Z",
            "2026-11-28T05:60:09.123Z", "2026-11-28T05:14:61.123Z", "2026-11-28T05:14:09,123Z",
            "2026-11-28T05:14:09.123z",
        ] {
            #expect(parse(bad) == nil, "\(bad)")
        }
    }

    @Test("timestamps: format and parse to the millisecond")
    func timestamps() {
        for seconds in [0.0, 1_767_225_600.123, -86_400.5, 4_102_444_799.999, 951_782_400] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = Timestamp.format(date)
            let parsed = Array(text.utf8).withUnsafeBufferPointer { Timestamp.parse($0) }
            #expect(parsed.map { abs($0.timeIntervalSince1970 - seconds) < 0.0005 } == true, "\(text)")
        }
        #expect(Timestamp.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        // The edges of the unsigned steps (1970 to 9999) and the general ones on either side of them.
        for (seconds, text) in [
            (-0.001, "1969-12-31T23:59:59.999Z"), (0, "1970-01-01T00:00:00.000Z"),
            (253_402_300_799.999, "9999-12-31T23:59:59.999Z"), (253_402_300_800, "10000-01-01T00:00:00.000Z"),
            (-62_135_596_800, "0001-01-01T00:00:00.000Z"), (-62_167_219_200, "0000-01-01T00:00:00.000Z"),
            (-62_198_755_200, "-1-01-01T00:00:00.000Z"),
        ] {
            #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
        }
        // Every field against the calendar's own reading, and the whole-second form without its fraction.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SeededRandomGenerator(seed: 3)
        for step in 0..<5_000 {
            var milliseconds = Int64.random(in: -2_208_988_800_000...7_258_118_399_999, using: &generator)
            if step % 2 == 0 { milliseconds -= milliseconds % 1000 }
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            func two(_ value: Int?) -> String { String(format: "%02d", value ?? -1) }
            let fraction = Int((milliseconds % 1000 + 1000) % 1000)
            let whole =
                String(format: "%04d", parts.year ?? -1) + "-" + two(parts.month) + "-" + two(parts.day) + "T"
                + two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second)
            #expect(Timestamp.format(date) == whole + String(format: ".%03dZ", fraction))
            var iso: [UInt8] = []
            Timestamp.appendISO(date, to: &iso)
            let expected = fraction == 0 ? whole + "Z" : whole + String(format: ".%03dZ", fraction)
            #expect(String(decoding: iso, as: UTF8.self) == expected)
        }
        for bad in [
            "2026-13-01T00:00:00Z", "2026-01-01 00:00:00Z", "2026-01-01T00:00:00", "2026-01-01T00:00:00.Z",
        ] {
            #expect(Array(bad.utf8).withUnsafeBufferPointer { Timestamp.parse($0) } == nil, "\(bad)")
        }
    }
}

@Suite("NumberParser grammar")
struct NumberParserGrammarTests {
    @Test(
        "JSON numbers only",
        arguments: ["", "-", ".", "1.", "1e", "--1", "1.2.3", "0x10", "01", "-01", ".5", "+1", "1e+", "inf"])
    func rejects(text: String) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { NumberParser.double($0, 0..<$0.count) } == nil)
    }

    @Test(
        "accepts every JSON number form",
        arguments: ["0", "-0", "0.5", "-12.25", "1e3", "1E-2", "2.5e+1", "123456789012345678"])
    func accepts(text: String) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { NumberParser.double($0, 0..<$0.count) } == Double(text))
    }
}
