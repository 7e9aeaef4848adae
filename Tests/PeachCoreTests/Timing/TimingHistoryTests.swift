// TimingHistoryTests: the timing profile: thresholds fitted per band and direction, trend, fill-the-gap means.

import Foundation
import PeachCore
import Testing

@Suite("TimingHistory")
struct TimingHistoryTests {
    /// A listener of threshold `percent` (of a sixteenth) answering a Kazez staircase `count` times at `bpm`.
    func staircase(
        _ history: inout TimingHistory, percent threshold: Double, count: Int, bpm: Int, seed: UInt64
    ) {
        var generator = SeededRandomGenerator(seed: seed)
        let listener = PsychometricFunction(threshold: threshold, slope: 2.5, lapseRate: 0.02)
        var percent = TimingStaircase.maximumPercent
        for index in 0..<count {
            let correct =
                Double.random(in: 0..<1, using: &generator) < listener.probabilityCorrect(at: percent)
            let sign: Double = index.isMultiple(of: 2) ? -1 : 1
            history.addOffsetDetection(
                tempoBPM: bpm, offsetMs: sign * percent / 100 * 15_000 / Double(bpm), isCorrect: correct)
            percent = TimingStaircase.nextPercent(after: percent, wasCorrect: correct)
        }
    }

    @Test("a listener's threshold is found per tempo band, in percent of a sixteenth and in milliseconds")
    func thresholds() throws {
        var history = TimingHistory()
        staircase(&history, percent: 4, count: 400, bpm: 100, seed: 1)
        staircase(&history, percent: 8, count: 300, bpm: 150, seed: 2)
        #expect(history.offsetDetectionCount == 700)
        #expect(history.offsetDetectionBands == [.moderate, .fast])
        let moderate = try #require(history.threshold(band: .moderate))
        #expect(moderate.percent.cents > 4 / 1.4 && moderate.percent.cents < 4 * 1.4)
        #expect(abs(moderate.stepMs - 150) < 1e-9)
        #expect(abs(moderate.milliseconds - moderate.percent.cents * 1.5) < 1e-9)
        #expect(moderate.likelyRangeMs.contains(moderate.milliseconds))
        #expect(moderate.answers == 400)
        let fast = try #require(history.threshold(band: .fast))
        #expect(fast.percent.cents > 8 / 1.4 && fast.percent.cents < 8 * 1.4)
        #expect(try #require(history.threshold(band: .moderate, direction: .early)).answers == 200)
        #expect(history.threshold(band: .slow) == nil)
    }

    @Test("the trend compares the latest 60 answers with those before: improving, stable")
    func trend() {
        var improving = TimingHistory()
        staircase(&improving, percent: 10, count: 240, bpm: 90, seed: 3)
        #expect(improving.trend == .stable)
        staircase(&improving, percent: 2, count: 60, bpm: 90, seed: 4)
        #expect(improving.trend == .improving)
        var few = TimingHistory()
        staircase(&few, percent: 5, count: 100, bpm: 90, seed: 5)
        #expect(few.trend == nil)
    }

    @Test(
        "fill the gap: the trials' mean and spread per band and step; a round trip through the snapshot's form keeps it all"
    )
    func gapFill() throws {
        var history = TimingHistory()
        history.addGapFill(tempoBPM: 80, meanOffsetMs: 4, positions: [nil, -2, nil, 10])
        history.addGapFill(tempoBPM: 85, meanOffsetMs: 8, positions: [nil, 0, nil, 16])
        history.addGapFill(tempoBPM: 60, meanOffsetMs: -5, positions: [nil, nil, nil, -5])
        history.addGapFill(tempoBPM: 80, meanOffsetMs: .nan, positions: [])
        #expect(history.gapFillCount == 3)
        #expect(history.gapFillBands == [.slow, .moderate])
        let moderate = try #require(history.gapFill(band: .moderate))
        #expect(moderate.mean == 6 && moderate.count == 2)
        #expect(abs((moderate.sampleStandardDeviation ?? 0) - 8.0.squareRoot()) < 1e-12)
        #expect(history.gapFill(band: .moderate, position: 2)?.mean == -1)
        #expect(history.gapFill(band: .moderate, position: 4)?.mean == 13)
        #expect(history.gapFill(band: .moderate, position: 1) == nil)
        staircase(&history, percent: 5, count: 50, bpm: 70, seed: 6)
        #expect(try snapshotRoundTrip(history) == history)
    }

    @Test(
        "fill the gap with a calibration: every offset taken with it off (the mean, each step, the silent bars'), the drift's slope kept"
    )
    func gapFillCalibrated() throws {
        var calibrated = TimingHistory()
        var plain = TimingHistory()
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        // A chain 12 ms late by itself: the strikes land at +13 raw, +1 when it is taken off.
        calibrated.addGapFill(
            tempoBPM: 100, meanOffsetMs: 13, positions: [nil, 11, nil, 15],
            drift: SilentDrift(msPerBar: 2.5, meanOffsetMs: 20, strikes: 6), calibrationMs: 12, at: time)
        plain.addGapFill(
            tempoBPM: 100, meanOffsetMs: 1, positions: [nil, -1, nil, 3],
            drift: SilentDrift(msPerBar: 2.5, meanOffsetMs: 8, strikes: 6), at: time)
        #expect(calibrated == plain)
        #expect(calibrated.gapFill(band: .moderate)?.mean == 1)
        #expect(calibrated.gapFill(band: .moderate, position: 2)?.mean == -1)
        #expect(calibrated.weeks(of: .gapFill, band: .moderate).first?.absoluteErrors.mean == 1)
    }
}

extension TimingHistoryTests {
    @Test("a saved history whose mean step no tempo gives (negative, zero, past a minute) is not believed")
    func forgedStep() throws {
        var history = TimingHistory()
        for index in 0..<10 {  // 120 BPM in sixteenths: every step 125 ms
            history.addOffsetDetection(tempoBPM: 120, offsetMs: 5 + Double(index), isCorrect: index > 3)
        }
        var writer = SnapshotWriter()
        writer.write(history)
        let step = Array(withUnsafeBytes(of: (125.0).bitPattern.littleEndian) { Array($0) })
        #expect(try snapshotDecode(writer.bytes, as: TimingHistory.self).isConsistent(maximumCount: 10))
        for forged in [-125.0, 0, 60_001] {
            let replacement = Array(withUnsafeBytes(of: forged.bitPattern.littleEndian) { Array($0) })
            var bytes = writer.bytes
            var replaced = 0
            var index = 0
            while index + 8 <= bytes.count {
                if Array(bytes[index..<index + 8]) == step {
                    bytes.replaceSubrange(index..<index + 8, with: replacement)
                    replaced += 1
                    index += 8
                } else {
                    index += 1
                }
            }
            #expect(replaced > 0)
            let read = try snapshotDecode(bytes, as: TimingHistory.self)
            #expect(!read.isConsistent(maximumCount: 10), "a mean step of \(forged) ms")
        }
    }
}

@Suite("TimingHistory: pattern families")
struct TimingHistoryFamilyTests {
    @Test(
        "answers are binned as a share of their pattern's step; each family has its threshold beside the pooled one"
    )
    func families() throws {
        var history = TimingHistory()
        let triplet = try #require(TimingPattern.named("3:xxx"))
        // The same listener, right above 10 ms and wrong below, in sixteenths and in triplets at 80 BPM.
        for index in 0..<200 {
            let offset = 2.0 + Double(index % 20)
            for pattern in [TimingPattern.straightSixteenths, triplet] {
                history.addOffsetDetection(
                    tempoBPM: 80, offsetMs: index % 2 == 0 ? offset : -offset, isCorrect: offset > 10,
                    pattern: pattern)
            }
        }
        #expect(history.offsetDetectionFamilies == [.sixteenths, .triplets])
        let sixteenths = try #require(history.threshold(family: .sixteenths))
        let triplets = try #require(history.threshold(family: .triplets))
        #expect(abs(sixteenths.stepMs - 187.5) < 1e-9 && abs(triplets.stepMs - 250) < 1e-9)
        // The same milliseconds, a smaller share of the longer step.
        #expect(abs(sixteenths.milliseconds - triplets.milliseconds) < 1.5)
        #expect(triplets.percent.cents < sixteenths.percent.cents)
        #expect(history.threshold(family: .quintuplets) == nil)
        let pooled = try #require(history.threshold(band: .moderate))
        #expect(pooled.answers == 400)
        #expect(history.isConsistent(maximumCount: 400) && !history.isConsistent(maximumCount: 399))
    }
}

@Suite("TimingHistory: rhythm echo")
struct TimingHistoryEchoTests {
    @Test(
        "echoes count under their bar's hardest family, keep the last level, and make a weekly series of distance"
    )
    func echoes() throws {
        var history = TimingHistory()
        let plain = try #require(EchoRhythm(text: "1:x 2:xx 1:x 2:xx"))
        let triplets = try #require(EchoRhythm(text: "3:xxx 1:x 4:xxxx 1:x"))
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        func echo(_ rhythm: EchoRhythm, level: Int, offsets: [Double?], extras: Int) -> CompletedEcho {
            CompletedEcho(
                timestamp: time, tempo: .standard, rhythm: rhythm, level: level,
                onsets: zip(rhythm.onsets, offsets).map { CompletedEcho.Onset(beat: $0, offsetMs: $1) },
                extras: extras)
        }
        history.addEcho(echo(plain, level: 1, offsets: [2, -2, 4, nil, 6, -6], extras: 1))
        history.addEcho(echo(triplets, level: 4, offsets: [1, 1, 1, 1, 1, 1, 1, 1, 1], extras: 0))
        #expect(
            history.echoFamilies == [.simple, .triplets] && history.echoLevel == 4 && history.echoCount == 2)
        let simple = try #require(history.echo(family: .simple))
        #expect(
            simple.notes == 6 && simple.hits == 5 && simple.extras == 1
                && abs(simple.hitRate - 5.0 / 6) < 1e-12)
        #expect(abs(simple.offsets.mean - 0.8) < 1e-12)
        let weeks = history.weeks(of: .echo, band: .moderate)
        #expect(weeks.count == 1 && weeks.first?.absoluteErrors.count == 2)
        #expect(abs((weeks.first?.absoluteErrors.mean ?? 0) - (4 + 1) / 2) < 1e-12)
        #expect(history.isConsistent(maximumCount: 2) && !history.isConsistent(maximumCount: 1))
    }

    @Test(
        "an echo paired with a calibration counts its hits' offsets with it taken off; the hits and score stay"
    )
    func calibratedEcho() throws {
        let rhythm = try #require(EchoRhythm(text: "1:x 2:xx 1:x 2:xx"))
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        func echo(_ offsets: [Double?], calibration: Double?) -> CompletedEcho {
            CompletedEcho(
                timestamp: time, tempo: .standard, rhythm: rhythm, level: 1,
                onsets: zip(rhythm.onsets, offsets).map { CompletedEcho.Onset(beat: $0, offsetMs: $1) },
                extras: 1, calibrationMs: calibration)
        }
        let late = echo([32, 28, 34, nil, 30, 26], calibration: 30)
        #expect(late.calibratedHitOffsets == [2, -2, 4, 0, -4])
        #expect(late.hitOffsets == [32, 28, 34, 30, 26] && late.meanOffsetMs == 30)
        var calibrated = TimingHistory()
        calibrated.addEcho(late)
        var plain = TimingHistory()
        plain.addEcho(echo([2, -2, 4, nil, 0, -4], calibration: nil))
        #expect(calibrated == plain)
        #expect(calibrated.echo(family: .simple)?.offsets.mean == 0)
        #expect(calibrated.weeks(of: .echo, band: .moderate).first?.absoluteErrors.mean == 2.4)
    }
}
