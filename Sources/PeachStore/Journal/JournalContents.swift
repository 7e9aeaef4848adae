// JournalContents: what loading a journal gives: the rebuilt profile, trend and timeline, counts and damage.

import Foundation
import PeachCore

/// A loaded journal: the perceptual profile, trend and timeline rebuilt from every record, the counts, and
/// what was damaged or set aside.
public struct JournalContents: Sendable {
    /// The profile rebuilt from all records.
    public var profile = PerceptualProfile()
    /// The trend of the discrimination thresholds.
    public var trend = TrendAnalyzer()
    /// The thresholds over time (empty in a writer that does not keep it: ``keepsTimeline``).
    public var timeline = ThresholdTimeline()
    /// Whether ``timeline`` follows the records: false in a store opened to train or serve
    /// (``JournalStore/init(directory:keepsTimeline:)``), which never draws it (16 bytes per comparison).
    public private(set) var keepsTimeline = true
    /// The history week by week, per mode and interval (the progress chart).
    public var progress = ProgressHistory()
    /// The number of comparison records.
    public var comparisonCount = 0
    /// The number of pitch-matching records.
    public var pitchMatchingCount = 0
    /// The number of rhythm (timing) records, trained here or imported.
    public var rhythmCount = 0
    /// The timing profile: offset-detection thresholds and fill-the-gap offsets.
    public var timing = TimingHistory()
    /// The number of play-back records.
    public var playBackCount = 0

    /// Every record counted: comparisons, pitch matchings, rhythm (echoes too) and play-back answers.
    public var recordCount: Int { comparisonCount + pitchMatchingCount + rhythmCount + playBackCount }
    /// The play-back profile: per item accuracy, response times and confusions, and the weeks.
    public var playBack = PlayBackHistory()
    /// Lines that could not be read (each cost that line only).
    public var damagedLines: [DamagedLine] = []
    /// Lines written by a newer Peach: kept as they are, skipped.
    public var newerRecordLines: [Int] = []
    /// The size of a torn last line, 0 if none.
    public var tornTailLength = 0
    /// Where a torn last line was set aside by the writer that recovered it, if it did.
    public var tornTailSetAside: String?
    /// An import a crash or `kill` stopped half-way, which the writer that opened the store undid, if it did.
    public var interruptedImport: InterruptedImport?

    /// Empty contents (an empty store).
    public init() {}

    /// The contents a snapshot's bytes hold (its CRC-32C in the last four), if they are intact and consistent
    /// (see `JournalSnapshot`) and `tailCRC` (the CRC-32C of the journal's last 64 KiB before a length) matches
    /// the one they saved; nil otherwise. What a start does with `records.snapshot`, for the fuzzer and tests.
    public init?(snapshot bytes: [UInt8], tailCRC: (Int) -> UInt32?) {
        guard let snapshot = JournalSnapshot.decode(bytes, tailCRC: tailCRC) else { return nil }
        self = snapshot.contents
    }

    /// Forgets the timeline and stops following it (what a store opened to train or serve keeps).
    mutating func dropTimeline() {
        timeline = ThresholdTimeline()
        keepsTimeline = false
    }

    /// Takes what a scan of the journal's lines found beside its records: damaged and newer lines (added to
    /// those known), and the torn tail as it is now.
    mutating func note(_ summary: JournalScanSummary) {
        damagedLines += summary.damagedLines
        newerRecordLines += summary.newerRecordLines
        tornTailLength = summary.tornTailLength
    }

    /// Adds one record to the profile, and a unison comparison to the trend and timeline (they follow the
    /// unison threshold; intervals have their own thresholds in the profile).
    public mutating func add(_ record: StoredRecord) {
        switch record.payload {
        case .comparison(let completed): add(completed.filed)
        case .pitchMatching(let completed): add(completed.filed)
        case .playBack(let completed):
            playBackCount += 1
            playBack.add(completed)
        case .echo(let completed):
            rhythmCount += 1
            timing.addEcho(completed)
        case .rhythm(let rhythm):
            rhythmCount += 1
            switch rhythm.kind {
            case .offsetDetection:
                if let offset = rhythm.offsetMs, let correct = rhythm.isCorrect {
                    let grid = TimingPattern.grid(of: rhythm.pattern)
                    timing.addOffsetDetection(
                        tempoBPM: rhythm.tempoBPM, offsetMs: offset, isCorrect: correct, steps: grid.steps,
                        family: grid.family, at: rhythm.timestamp)
                }
            case .continuousMatching:
                if let mean = rhythm.meanOffsetMs {
                    timing.addGapFill(
                        tempoBPM: rhythm.tempoBPM, meanOffsetMs: mean,
                        positions: rhythm.meanOffsetMsPositions, drift: rhythm.drift,
                        calibrationMs: rhythm.calibrationMs, at: rhythm.timestamp)
                }
            }
        }
    }

    /// Adds what a load kept of one record (``FiledRecord``): the same as adding the whole record. Consumed:
    /// destroyed here, where its kind is known (nothing to destroy for most), not through its type's witness.
    mutating func add(_ filed: consuming FiledRecord) {
        switch consume filed {
        case .comparison(let answer): add(answer)
        case .pitchMatching(let attempt): add(attempt)
        case .offsetDetection(let tempo, let offset, let correct, let steps, let family, let date):
            rhythmCount += 1
            timing.addOffsetDetection(
                tempoBPM: tempo, offsetMs: offset, isCorrect: correct, steps: steps, family: family, at: date)
        case .gapFill(let tempo, let mean, let stepMeans, let drift, let calibration, let date):
            rhythmCount += 1
            timing.addGapFill(
                tempoBPM: tempo, meanOffsetMs: mean, stepMeans: stepMeans, drift: drift,
                calibrationMs: calibration, at: date)
        case .record(let record): add(record)
        }
    }

    /// Adds one comparison to the profile and the progress history, and a unison one to the trend and timeline.
    private mutating func add(_ answer: FiledComparison) {
        comparisonCount += 1
        // The difference's level found once for the three places the answer goes.
        let level = answer.stimulusLevel
        profile.add(answer, level: level)
        progress.add(answer, level: level)
        if answer.comparison.isUnison {
            trend.add(answer, level: level)
            if keepsTimeline {
                timeline.add(threshold: answer.comparison.centDifference.magnitude, at: answer.timestamp)
            }
        }
    }

    /// Adds one pitch matching to the profile and the progress history.
    private mutating func add(_ attempt: FiledPitchMatching) {
        pitchMatchingCount += 1
        profile.add(attempt)
        progress.add(attempt)
    }
}
