// FuzzTarget: the parsers of hostile input that libFuzzer drives (MIDI bytes, imports, settings, profiles, SoundFonts,
// the store's snapshot).

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem
import PeachText

/// One parser of outside input, fed arbitrary bytes. Each must return or throw its typed error for any input:
/// a crash, a hang or a leak is a bug (libFuzzer with AddressSanitizer finds them; see `scripts/fuzz`).
enum FuzzTarget: String, CaseIterable {
    /// The raw-MIDI byte-stream parser (running status, real-time bytes inside messages, SysEx).
    case midi
    /// `peach data import`: JSON array, JSON Lines (the record decoder) or CSV, chosen by the first byte.
    case `import`
    /// `settings.json`.
    case settings
    /// A controller profile.
    case profile
    /// A SoundFont: read, its first presets loaded, and every key of them played for a few blocks (hostile loop
    /// points, tunings and envelopes must not make the render side read outside its samples).
    case soundfont
    /// `records.snapshot`: the bytes with their CRC-32C appended by the harness (so the fuzzer reaches past it)
    /// and a journal whose tail always matches, then every kind of record added and the whole profile rendered,
    /// as `peach profile` would after a start that believed it.
    case snapshot

    /// A scratch folder for the targets that read files (the parsers take paths, as Peach does).
    static let scratch: String = {
        let path = NSTemporaryDirectory() + "peach-fuzz-\(getpid())"
        try? FileSystem.createDirectory(path)
        return path
    }()

    /// Removes the scratch folder with what the targets left in it (each run made one, named by its process,
    /// and left it in the temporary folder).
    static func removeScratch() { try? FileManager.default.removeItem(atPath: scratch) }

    /// Feeds `bytes` to the target's parser and throws away the result.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .midi:
            // The whole-message fast path must agree with byte-by-byte feeding.
            var parser = MIDIByteParser(maximumSysExLength: 256)
            let messages = parser.parse(bytes)
            var byByte = MIDIByteParser(maximumSysExLength: 256)
            let expected = bytes.compactMap { byByte.feed($0) }
            precondition(messages == expected && parser.droppedByteCount == byByte.droppedByteCount)
        case .import:
            let path = Self.write(bytes, name: "import")
            _ = try? RecordTransfer.readImport(path: path)
        case .settings:
            let path = Self.write(bytes, name: "settings.json")
            _ = try? SettingsFile(path: path).load()
        case .profile:
            _ = try? ControllerProfile(json: Data(bytes), name: "fuzz", path: "fuzz.json")
        case .snapshot:
            Self.runSnapshot(bytes)
        case .soundfont:
            guard let font = try? SoundFont(bytes: bytes, path: "fuzz.sf2") else { return }
            for preset in font.presets.prefix(3) {
                guard let instrument = try? SampledInstrument(soundFont: font, preset: preset) else {
                    continue
                }
                MainActor.assumeIsolated {
                    let engine = SynthEngine(sampleRate: 48_000)
                    guard let player = try? SynthNotePlayer(engine: engine, instrument: instrument) else {
                        return
                    }
                    let renderer = OfflineRenderer(engine: engine, blockFrames: 256, channelCount: 2)
                    for key in stride(from: 0, through: 127, by: 5) {
                        let handle = try? player.play(
                            frequency: EqualTemperament.standard.frequency(of: MIDINote(clamping: key)),
                            velocity: (try? MIDIVelocity(validating: 1 + key % 127)) ?? 63, amplitude: 0)
                        renderer.render(seconds: 0.01) { _, _ in }
                        try? handle?.adjustFrequency(Frequency(hertz: 20_000))
                        try? handle?.stop()
                    }
                    renderer.render(seconds: 0.02) { _, _ in }
                }
            }
        }
    }

    /// The words the snapshot target renders with, made once before fuzzing (see ``prepare()``).
    static let texts = Texts(language: .english)

    /// Makes what lives for the whole run (the catalogue, the sample records) before the first input, so the
    /// leak checker, which compares each input's allocations with its frees, does not count them.
    func prepare() {
        if self == .snapshot { _ = (Self.texts, Self.records) }
    }

    /// One record of each kind, added to a snapshot's contents (counts near their limits must not overflow).
    static let records: [StoredRecord] = {
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        let note = MIDINote(clamping: 60)
        let context = TrialContext(settings: .defaults)
        func comparison(_ interval: Int) -> StoredRecord {
            StoredRecord(
                .comparison(
                    CompletedComparison(
                        comparison: Comparison(
                            note1: note, note2: MIDINote(clamping: 60 + interval), centDifference: Cents(12.5)
                        ),
                        answer: .higher, timestamp: time, context: context, responseTime: 0.5,
                        inputKind: .keyboard)))
        }
        return [
            comparison(0), comparison(7),
            StoredRecord(
                .pitchMatching(
                    CompletedPitchMatching(
                        referenceNote: note, initialOffset: Cents(30), userError: Cents(-4), timestamp: time,
                        context: context, timeTaken: 2, tuneControl: .pitchBend))),
            StoredRecord(
                .rhythm(RhythmRecord(offsetDetectionAt: time, tempoBPM: 100, offsetMs: -5, isCorrect: true))),
            StoredRecord(
                .rhythm(
                    RhythmRecord(
                        continuousMatchingAt: time, tempoBPM: 100, meanOffsetMs: 3,
                        positions: [nil, 1, nil, 4]))),
        ]
            + PlayBackKind.allCases.compactMap { kind in
                let item = PlayBackItem.catalogue(of: kind)[1]
                return PlayBackQuestion(item, reference: note).map { question in
                    StoredRecord(
                        .playBack(
                            CompletedPlayBack(
                                question: question,
                                played: question.answerNotes.map {
                                    PlayedNote(note: $0.advanced(by: 1), velocity: 80, time: 0)
                                },
                                anyOctave: false, anyVoicing: false, timestamp: time, responseTime: 1,
                                inputKind: .keyboard)))
                }
            }
    }()

    /// Believes `bytes` as a snapshot (tail CRC 0 stands for the journal's), adds a record of each kind and
    /// renders the profile every way `peach profile` does, in one batch of fits as it does.
    private static func runSnapshot(_ bytes: [UInt8]) {
        ThresholdPosterior.sharingLevelLikelihoods { renderSnapshot(bytes) }
    }

    private static func renderSnapshot(_ bytes: [UInt8]) {
        let crc = bytes.withUnsafeBufferPointer { CRC32C.checksum($0) }
        var withCRC = bytes
        withUnsafeBytes(of: crc.littleEndian) { withCRC += $0 }
        guard var contents = JournalContents(snapshot: withCRC, tailCRC: { _ in 0 }) else { return }
        for record in records { contents.add(record) }
        let report = ProfileReport(
            contents: contents, range: TrainingSettings.defaults.noteRange, texts: texts, days: 30,
            timeZone: TimeZone(identifier: "UTC") ?? .current)
        _ = report.lines()
        _ = report.progressLines()
        _ = report.svg(progress: false)
        _ = report.svg(progress: true)
        _ = report.json()
        let playBack = PlayBackReport(history: contents.playBack, texts: texts)
        for kind in PlayBackKind.allCases {
            _ = playBack.svg(kind: kind)
            _ = playBack.lines(all: true, only: kind)
        }
    }

    private static func write(_ bytes: [UInt8], name: String) -> String {
        let path = scratch + "/" + name
        do {
            let file = try SystemFile(path: path, flags: O_WRONLY | O_CREAT | O_TRUNC)
            try file.writeAll(bytes)
        } catch {
            preconditionFailure("cannot write \(path): \(error)")
        }
        return path
    }
}
