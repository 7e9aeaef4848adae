// SnapshotCodingTests: the snapshot's binary form reads back what was written, and refuses what does not fit.

import Foundation
import Testing

@testable import PeachCore

/// `value` written and read back.
func snapshotRoundTrip<Value: SnapshotCodable>(_ value: Value) throws -> Value {
    var writer = SnapshotWriter()
    writer.write(value)
    return try snapshotDecode(writer.bytes, as: Value.self)
}

/// What `body` reads from `bytes`.
func reading<Result>(_ bytes: [UInt8], _ body: (inout SnapshotReader) throws -> Result) throws -> Result {
    try bytes.withUnsafeBytes { raw in
        var reader = SnapshotReader(raw)
        return try body(&reader)
    }
}

/// A `Value` read from `bytes`, which it must use up.
func snapshotDecode<Value: SnapshotCodable>(_ bytes: [UInt8], as type: Value.Type) throws -> Value {
    try bytes.withUnsafeBytes { raw in
        var reader = SnapshotReader(raw)
        let value = try reader.read(Value.self)
        guard reader.isAtEnd else { throw SnapshotReader.Malformed() }
        return value
    }
}

@Suite("Snapshot coding")
struct SnapshotCodingTests {
    @Test("whole numbers, doubles, booleans, strings and times read back bit for bit")
    func scalars() throws {
        for number in [0, 1, -1, 63, -64, 64, 127, 128, 300, -300, Int(Int32.max), .max, .min] {
            #expect(try snapshotRoundTrip(number) == number)
        }
        var writer = SnapshotWriter()
        for number in [0, -1, 63, -64, 64] { writer.write(number) }
        #expect(writer.bytes == [0, 1, 126, 127, 128, 1], "zigzag varints: small numbers take one byte")
        writer = SnapshotWriter()
        let doubles = [
            0.0, -0.0, Double.leastNonzeroMagnitude * 3, .infinity, -.infinity,
            Double(bitPattern: 0x7FF8_0000_0000_1234), 0.1,
        ]
        for value in doubles { writer.write(value) }
        writer.write(true)
        writer.write(false)
        writer.write("Grüße, A♭4")
        writer.write(Date(timeIntervalSinceReferenceDate: 12_345.678))
        let read = try reading(writer.bytes) { reader in
            var bits: [UInt64] = []
            for _ in doubles { bits.append(try reader.double().bitPattern) }
            return (
                bits, try reader.bool(), try reader.bool(), try reader.string(), try reader.date(),
                reader.isAtEnd
            )
        }
        #expect(read.0 == doubles.map(\.bitPattern))
        #expect(read.1 == true && read.2 == false && read.5)
        #expect(read.3 == "Grüße, A♭4")
        #expect(read.4 == Date(timeIntervalSinceReferenceDate: 12_345.678))
        #expect(try snapshotRoundTrip([3, nil, -7] as [Int?]) == [3, nil, -7])
    }

    @Test(
        "fields written together read back in order, each as its type reads itself, in the bytes of one by one"
    )
    func fields() throws {
        let date = Date(timeIntervalSinceReferenceDate: 98_765.4321)
        var together = SnapshotWriter()
        together.write(-3, 2.5, true, "A♭4", [1, 2], ["b": 2, "a": 1], date, TuningSystem.justIntonation)
        var apart = SnapshotWriter()
        apart.write(-3)
        apart.write(2.5)
        apart.write(true)
        apart.write("A♭4")
        apart.write([1, 2])
        apart.write(["b": 2, "a": 1])
        apart.write(date)
        apart.write(TuningSystem.justIntonation.rawValue)
        #expect(together.bytes == apart.bytes)
        let read = try reading(together.bytes) { reader in
            let fields: (Int, Double, Bool, String, [Int], [String: Int], Date, TuningSystem) =
                try reader.fields()
            return (fields, reader.isAtEnd)
        }
        #expect(read.0.0 == -3 && read.0.1 == 2.5 && read.0.2 && read.0.3 == "A♭4" && read.0.4 == [1, 2])
        #expect(read.0.5 == ["a": 1, "b": 2] && read.0.6 == date && read.0.7 == .justIntonation && read.1)
    }

    @Test("a case named by its raw value is written by name; a name no case has is refused")
    func namedCases() throws {
        for tuning in TuningSystem.allCases { #expect(try snapshotRoundTrip(tuning) == tuning) }
        #expect(try snapshotRoundTrip(TrialProcedure.measurement) == .measurement)
        var writer = SnapshotWriter()
        writer.write("meantone")
        #expect(throws: SnapshotReader.Malformed.self) {
            try snapshotDecode(writer.bytes, as: TuningSystem.self)
        }
    }

    @Test("cut short, overlong, out of range or beyond the bytes left: refused, nothing allocated for it")
    func refusals() throws {
        func refused(_ bytes: [UInt8], _ read: (inout SnapshotReader) throws -> Void) {
            #expect(throws: SnapshotReader.Malformed.self) { try reading(bytes, read) }
        }
        refused([0x80]) { _ = try $0.int() }  // a varint cut short
        refused([UInt8](repeating: 0xFF, count: 11) + [0]) { _ = try $0.int() }  // longer than 64 bits
        refused([1, 2, 3]) { _ = try $0.double() }
        refused([2]) { _ = try $0.bool() }
        refused([4, 0xC3, 0x28, 0x41, 0x41]) { _ = try $0.string() }  // not UTF-8
        refused([20, 65]) { _ = try $0.string() }  // longer than the bytes left
        // An array of 2^62 elements in 9 bytes.
        refused([0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) { _ = try $0.array(of: Int.self) }
        refused([1]) { _ = try $0.count() }  // a count of −1
        refused([4, 2, 2, 2, 4]) { _ = try $0.dictionary(of: [Int: Int].self) }  // key 1 twice
        refused([10]) { _ = try $0.int(in: 0...4) }
        var writer = SnapshotWriter()
        for value in [0.5, 2.0, 1.0] { writer.write(value) }  // 68 % interval upside down
        for value in [0.5, 2.0, 2.0, 40.0, 0.3] { writer.write(value) }
        #expect(throws: SnapshotReader.Malformed.self) {
            try snapshotDecode(writer.bytes, as: ThresholdEstimate.self)
        }
    }

    @Test("a profile, trend, progress and timing history with every part filled read back equal")
    func domainValues() throws {
        var generator = SeededRandomGenerator(seed: 5)
        var profile = PerceptualProfile()
        var trend = TrendAnalyzer()
        var progress = ProgressHistory()
        var timing = TimingHistory()
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        for index in 0..<3000 {
            let time = start.addingTimeInterval(Double(index) * 400)
            let note = MIDINote(checked: 40 + index % 40)
            let cents = Double.random(in: 0.3...90, using: &generator)
            let interval: DirectedInterval =
                index % 5 == 0 ? DirectedInterval(.perfectFifth, down: true) : .prime
            let procedure: TrialProcedure = index / 400 % 3 == 2 ? .measurement : .training
            let comparison = CompletedComparison(
                comparison: Comparison(
                    note1: note, note2: MIDINote(checked: note.rawValue + (interval == .prime ? 0 : -7)),
                    centDifference: Cents(Bool.random(using: &generator) ? cents : -cents)),
                answer: Bool.random(using: &generator) ? .higher : .lower, timestamp: time,
                context: TrialContext(
                    settings: try TrainingSettings(
                        intervals: [interval],
                        tuningSystem: index % 2 == 0 ? .justIntonation : .equalTemperament),
                    procedure: procedure))
            profile.add(comparison)
            trend.add(comparison)
            progress.add(comparison)
            timing.addOffsetDetection(
                tempoBPM: 60 + index % 100, offsetMs: cents / 3 - 10, isCorrect: index % 3 != 0, at: time)
            timing.addGapFill(
                tempoBPM: 80 + index % 70, meanOffsetMs: cents / 9, positions: [nil, 2, -1, 0], at: time)
            if index % 7 == 0 {
                let matching = CompletedPitchMatching(
                    referenceNote: note, initialOffset: Cents(30), userError: Cents(cents / 10 - 4),
                    timestamp: time,
                    context: TrialContext(settings: .defaults), timeTaken: 2, tuneControl: .pitchBend)
                profile.add(matching)
                progress.add(matching)
            }
        }
        #expect(!trend.measurements.isEmpty && !profile.intervals.isEmpty && progress.series.count > 2)
        #expect(try snapshotRoundTrip(profile) == profile)
        #expect(try snapshotRoundTrip(trend) == trend)
        #expect(try snapshotRoundTrip(progress) == progress)
        #expect(try snapshotRoundTrip(timing) == timing)
        // The same contents write the same bytes (dictionaries in their keys' order).
        var first = SnapshotWriter()
        var second = SnapshotWriter()
        first.write(progress)
        second.write(try snapshotRoundTrip(progress))
        #expect(first.bytes == second.bytes)
    }
}
