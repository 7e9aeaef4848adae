// StoreTestSupport: temporary folders and sample records for the store tests.

import Foundation
import PeachCore
import PeachTestSupport

@testable import PeachStore

/// A fresh temporary folder (``TemporaryFolder``), removed when the value goes away, with the store's files in it.
final class TemporaryDirectory {
    private let folder = TemporaryFolder(prefix: "peach-store-test")
    var path: String { folder.path }

    var journal: String { path + "/" + JournalStore.journalName }

    func bytes(_ name: String = JournalStore.journalName) -> [UInt8] {
        (FileManager.default.contents(atPath: path + "/" + name)).map(Array.init) ?? []
    }

    func write(_ bytes: [UInt8], _ name: String = JournalStore.journalName) {
        _ = FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes))
    }

    func files(prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasPrefix(prefix) }
            .sorted()
    }
}

/// A tmpfs of a few hundred kilobytes in a temporary folder, to fill a disk for real (mounting needs root);
/// unmounted when the value goes away.
final class SmallFileSystem {
    let path: String

    /// Whether this machine lets the tests mount one (root, and mounting allowed).
    static let canMount: Bool = {
        guard let probe = try? SmallFileSystem(bytes: 64 * 1024) else { return false }
        _ = probe
        return true
    }()

    struct MountFailed: Error {}

    init(bytes: Int) throws {
        path = NSTemporaryDirectory() + "peach-small-fs-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard getuid() == 0, mount("tmpfs", path, "tmpfs", 0, "size=\(bytes),mode=0700") == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw MountFailed()
        }
    }

    deinit {
        umount2(path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(atPath: path)
    }
}

enum Samples {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func comparison(_ index: Int, cents: Double? = nil) -> StoredRecord {
        let note = MIDINote(clamping: 36 + index % 49)
        let comparison = Comparison(
            note1: note, note2: note,
            centDifference: Cents(cents ?? (Double(index % 90) + 0.125) * (index % 2 == 0 ? 1 : -1)))
        return StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: comparison, answer: index % 3 == 0 ? .lower : .higher,
                    timestamp: start.addingTimeInterval(Double(index) * 2.5),
                    context: TrialContext(settings: .defaults),
                    note2AmplitudeOffset: index % 5 == 0 ? -2.125 : 0, responseTime: 0.375,
                    inputKind: .keyboard)))
    }

    static func matching(_ index: Int) -> StoredRecord {
        StoredRecord(
            .pitchMatching(
                CompletedPitchMatching(
                    referenceNote: MIDINote(clamping: 40 + index % 30),
                    initialOffset: Cents(Double(index % 200) - 99.5),
                    userError: Cents(Double(index % 17) - 8.25),
                    timestamp: start.addingTimeInterval(Double(index) * 7),
                    context: TrialContext(
                        referencePitch: 442, timbre: "organ", noteDuration: 0.75, gap: 0.25, velocity: 90),
                    timeTaken: 3.5, tuneControl: .pitchBend)))
    }

    /// An interval comparison: up or down to an octave, in each tuning system in turn.
    static func intervalComparison(_ index: Int) -> StoredRecord {
        let note = MIDINote(clamping: 48 + index % 25)
        let interval = DirectedInterval(semitones: index % 25 - 12) ?? .prime
        let comparison = Comparison(
            note1: note, note2: interval.target(from: note) ?? note,
            centDifference: Cents((Double(index % 40) + 0.375) * (index % 2 == 0 ? 1 : -1)),
            tuningSystem: TuningSystem.allCases[index % 3])
        return StoredRecord(
            .comparison(
                CompletedComparison(
                    comparison: comparison, answer: index % 4 == 0 ? .lower : .higher,
                    timestamp: start.addingTimeInterval(Double(index) * 3.125),
                    context: TrialContext(settings: .defaults), responseTime: 0.5, inputKind: .midiNote)))
    }

    /// An interval pitch-matching attempt.
    static func intervalMatching(_ index: Int) -> StoredRecord {
        let reference = MIDINote(clamping: 50 + index % 20)
        return StoredRecord(
            .pitchMatching(
                CompletedPitchMatching(
                    referenceNote: reference, initialOffset: Cents(Double(index % 150) - 70.25),
                    userError: Cents(Double(index % 11) - 4.5),
                    targetNote: MIDINote(clamping: reference.rawValue + [7, -4, 12, 3][index % 4]),
                    tuningSystem: index % 2 == 0 ? .justIntonation : .equalTemperament,
                    timestamp: start.addingTimeInterval(Double(index) * 11.5),
                    context: TrialContext(settings: .defaults), timeTaken: 2.25, tuneControl: .pitchBend)))
    }

    /// A rhythm record of either kind; some fill-the-gap trials with a timing calibration.
    static func rhythm(_ index: Int) -> StoredRecord {
        let time = start.addingTimeInterval(Double(index) * 13)
        return StoredRecord(
            .rhythm(
                index % 2 == 0
                    ? RhythmRecord(
                        offsetDetectionAt: time, tempoBPM: 60 + index, offsetMs: Double(index) - 20.5,
                        isCorrect: index % 3 == 0,
                        pattern: index % 4 == 0 ? nil : TimingPattern.catalogue[index % 12],
                        offsetPosition: index % 4 == 0
                            ? nil : TimingPattern.catalogue[index % 12].offsetPositions[0])
                    : RhythmRecord(
                        continuousMatchingAt: time, tempoBPM: 90, meanOffsetMs: 3.25 * Double(index),
                        positions: [1.5, nil, Double(index), -2],
                        silentBars: index % 3 == 1 ? 1 + index % 4 : nil,
                        drift: index % 3 == 1
                            ? SilentDrift(
                                msPerBar: Double(index) / 8, meanOffsetMs: -2.5, strikes: 2 + index % 5)
                            : nil,
                        tempoRamp: index % 4 == 1 ? index % 20 + 1 : nil, rampEvery: 1 + index % 16,
                        calibrationMs: index % 3 == 2 ? Double(index % 40) * 0.8125 - 6 : nil)))
    }

    /// A rhythm echo of a bar of each level in turn: every note hit a little late, one missed in every third,
    /// an extra strike in every other; some paired with a timing calibration.
    static func echo(_ index: Int) -> StoredRecord {
        var generator = SeededRandomGenerator(seed: UInt64(index) + 1)
        let level = 1 + index % EchoRhythm.maxLevel
        let rhythm = EchoRhythm.random(level: level, using: &generator)
        let onsets = rhythm.onsets.enumerated().map { position, beat in
            CompletedEcho.Onset(
                beat: beat, offsetMs: index % 3 == 0 && position == 1 ? nil : Double(position) * 0.75 - 2.5)
        }
        return StoredRecord(
            .echo(
                CompletedEcho(
                    timestamp: start.addingTimeInterval(Double(index) * 7.5), tempo: .standard,
                    rhythm: rhythm,
                    level: level, onsets: onsets, extras: index % 2, inputKind: .midiNote,
                    calibrationMs: (index / 24) % 2 == 0 ? 12.625 : nil)))
    }

    /// A play-back answer of each kind in turn: right, a semitone off, or a chord with a wrong note, with
    /// spread onsets; some judged in any octave or voicing.
    static func playBack(_ index: Int) -> StoredRecord {
        let kinds = PlayBackKind.allCases
        let kind = kinds[index % kinds.count]
        let catalogue = PlayBackItem.catalogue(of: kind)
        let item = catalogue[index % catalogue.count]
        // Degrees take their tonics round the circle (every sixth record of ``mixed(_:)`` of every fifth kind).
        let step = kind == .degrees ? index / 30 : index
        var question =
            PlayBackQuestion(item, reference: MIDINote(clamping: 55 + step % 12))
            ?? PlayBackQuestion.testing(item, reference: 60)
        // A degree in a key the player named otherwise than its plainer spelling (F♯ or C♯ major, A♭ minor).
        if let named = KeySignature.fifthsRange.compactMap(KeySignature.init(fifths:)).first(where: {
            question.naming($0).tonicName != nil
        }) {
            question = question.naming(named)
        }
        // Two melodies in four in a rhythm of their own (eighths, a dotted quarter), which the record keeps; one
        // of them in tempo (a melody comes every thirtieth record of ``mixed(_:)``).
        if case .melody(let level) = item, (index / 60) % 2 == 0, level.length >= 4,
            let rhythmic = PlayBackQuestion(
                melody: level, tonic: question.reference, notes: question.answerNotes,
                lengths: [0.5, 0.5] + Array(repeating: 1, count: level.length - 4) + [1.5, 2])
        {
            question = rhythmic
        }
        var notes = question.answerNotes
        if index % 4 == 1 { notes[0] = notes[0].advanced(by: index % 8 == 1 ? -1 : 1) }
        if index % 4 == 3, kind == .chords { notes = notes.map { $0.advanced(by: 12) } }
        let played = notes.enumerated().map { offset, note in
            PlayedNote(
                note: note, velocity: MIDIVelocity(clamping: 40 + offset * 20),
                time: 100 + Double(offset) * 0.0125)
        }
        // Every other melody was played in tempo: its grid kept (a tempo, the first note's offset).
        let inTempo = kind == .melodies && index % 2 == 0
        return StoredRecord(
            .playBack(
                CompletedPlayBack(
                    question: question, played: played, anyOctave: index % 4 == 3, anyVoicing: index % 4 == 3,
                    timestamp: start.addingTimeInterval(Double(index) * 17.25),
                    responseTime: 0.875 + Double(index % 7),
                    inputKind: .midiNote, tempo: inTempo ? try? Tempo(bpm: 60 + index % 100) : nil,
                    gridOffset: inTempo ? Double(index % 40) * 0.00125 - 0.02 : nil)))
    }

    /// Unison, interval, rhythm and play-back records mixed, in time order.
    static func mixed(_ count: Int) -> [StoredRecord] {
        (0..<count).map { index in
            switch index % 6 {
            case 0: comparison(index)
            case 1: intervalComparison(index)
            case 2: matching(index)
            case 3: intervalMatching(index)
            case 4: index % 24 == 10 ? echo(index) : rhythm(index)
            default: playBack(index)
            }
        }.sorted { $0.timestamp < $1.timestamp }
    }
}

extension JournalContents {
    /// Whether these contents hold what `other` holds: every sum, count and list a store keeps. (Not their
    /// snapshots' bytes: a dictionary's order, and so the bytes, may differ between two equal profiles.)
    func filesTheSame(as other: JournalContents) -> Bool {
        profile == other.profile && trend == other.trend && timeline == other.timeline
            && progress == other.progress && timing == other.timing && playBack == other.playBack
            && comparisonCount == other.comparisonCount && pitchMatchingCount == other.pitchMatchingCount
            && rhythmCount == other.rhythmCount && playBackCount == other.playBackCount
            && damagedLines == other.damagedLines && newerRecordLines == other.newerRecordLines
            && tornTailLength == other.tornTailLength && keepsTimeline == other.keepsTimeline
    }
}
