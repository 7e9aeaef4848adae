// PlayBackKernelTests: `peach play` on the real kernel (alsa-vm): chords answered on a virtual MIDI device.

import Foundation
import PeachTestSupport
import Testing

/// Play-back end to end in the alsa-vm VM: the `peach` binary asks major triads (`--events -` says which
/// notes), the test answers by writing note-on bytes into a virtual MIDI device — right, wrong, and a chord
/// whose notes are written 40 ms apart in falling order — and checks the stored verdicts and onsets. The onsets
/// are the sequencer's stamps (the kernel's), so a chord written over 80 ms reads back as struck 0, 40 and 80 ms
/// after its first note, in pitch order by stamp whatever order the bytes went in. It runs in a VM of its own
/// (`scripts/alsa-vm-tests`' third run): it uses the first virtual MIDI device, which the `vm…` tests share.
@Suite("peach play on the real kernel", .serialized)
struct PlayBackKernelTests {
    /// Writes MIDI bytes into virtual MIDI device 0 of `card`.
    static func play(_ bytes: [UInt8], card: Int) throws {
        let path = "/dev/snd/midiC\(card)D0"
        let handle = try #require(FileHandle(forWritingAtPath: path), "\(path)")
        handle.write(Data(bytes))
        try handle.close()
    }

    static func object(_ line: String?) -> [String: Any] {
        line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
    }

    @Test(
        "chords answered on a virtual MIDI device: right, wrong, and spread onsets read back as the kernel stamped them",
        .enabled(if: ALSAMachine.hasVirtualMIDI, "needs snd-virmidi (run in ../shared/tools/alsa-vm)"))
    func playBackInVM() throws {
        let card = try #require(ALSAMachine.virtualMIDICard)
        let folder = NSTemporaryDirectory() + "peach-play-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = try PeachBinary.start([
            "play", "--kind", "chords", "--items", "major", "--midi-in", "seq:Virtual Raw MIDI \(card)-0",
            "--audio-out", "null", "--events", "-", "--data-dir", folder + "/data", "--feedback-duration",
            "0.2",
            "--note-duration", "0.3",
            // The spread chord is written over a nominal 80 ms, but a sleep under a loaded emulator overshoots (a
            // CI run saw the middle note written 70 ms after the top one, the bass past the default 100 ms
            // window: a two-note answer). A 500 ms window keeps it one answer; the stamps are checked against the
            // writes as timed below.
            "--chord-window", "500",
        ])
        let peach = started.process
        let watchdog = Watchdog(peach)
        defer { if peach.isRunning { kill(peach.processIdentifier, SIGKILL) } }
        let events = LineReader(started.output)
        var answers: [[String: Any]] = []
        // When each note of the spread chord was written, before and after the write, on the test's clock.
        var writes: [(before: ContinuousClock.Instant, after: ContinuousClock.Instant)] = []
        for answer in 0..<3 {
            let question = Self.object(events.await("\"question\""))
            let notes = try #require(question["answerNotes"] as? [Int], "\(events.lines)")
            try #require(events.await("\"answerable\"") != nil)
            switch answer {
            case 0:  // right: the three keys in one write
                try Self.play(notes.flatMap { [0x90, UInt8($0), 100] }, card: card)
            case 1:  // wrong: the third a semitone low (a minor triad)
                let wrong = [notes[0], notes[1] - 1, notes[2]]
                try Self.play(wrong.flatMap { [0x90, UInt8($0), 90] }, card: card)
            default:  // right, spread: the top note first, then 40 and 80 ms later the middle and the bass
                for (index, note) in notes.reversed().enumerated() {
                    if index > 0 { usleep(40_000) }
                    let before = ContinuousClock.now
                    try Self.play([0x90, UInt8(note), UInt8(60 + index * 10)], card: card)
                    writes.append((before, ContinuousClock.now))
                }
            }
            let played = Self.object(events.await("\"played\""))
            let result = Self.object(events.await("\"result\""))
            answers.append(played.merging(result) { first, _ in first })
            usleep(200_000)
            try Self.play(notes.flatMap { [0x80, UInt8($0), 0, 0x80, UInt8($0 - 1), 0] }, card: card)
        }
        kill(peach.processIdentifier, SIGTERM)
        events.await("never")
        peach.waitUntilExit()
        watchdog.disarm("peach play")
        #expect(peach.terminationStatus == 128 + SIGTERM, "stopped by SIGTERM, as every training run")
        #expect(answers.map { $0["correct"] as? Bool } == [true, false, true])
        #expect(answers[1]["heardAs"] as? String == "minor")
        let spread = try #require(answers[2]["played"] as? [[String: Any]])
        let onsets = spread.compactMap { $0["onsetMs"] as? Double }
        print("play-back in the VM: chord written 0, 40, 80 ms apart, stamped onsets \(onsets) ms")
        // In onset order: the top note (velocity 60) first, the bass (80) last, as they were struck.
        #expect(spread.compactMap { $0["velocity"] as? Int } == [60, 70, 80], "\(spread)")
        #expect(onsets.count == 3 && onsets[0] == 0, "\(onsets)")
        // The kernel stamps each note as the sequencer takes it from the virtual device: after its write began, and
        // soon after the write (the virmidi driver hands bytes on from a work queue). The bound is the writes as the
        // test timed them, not the nominal 40 ms (a sleep under emulation overshoots), with 10 ms either side for
        // the emulated machine's work-queue scheduling of the first and the later note.
        let slack = 10.0
        func ms(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        #expect(writes.count == 3 && onsets.count == 3)
        for index in 1..<min(writes.count, onsets.count) {
            let earliest = ms(writes[index].before - writes[0].after)
            let latest = ms(writes[index].after - writes[0].before)
            print(
                "play-back in the VM: note \(index) written \(earliest)…\(latest) ms after the first, stamped \(onsets[index])"
            )
            #expect(
                onsets[index] >= earliest - slack && onsets[index] <= latest + slack,
                "note \(index): stamped \(onsets[index]) ms, written \(earliest)…\(latest) ms after the first"
            )
        }
        #expect(
            onsets.count == 3 && onsets[1] >= 30 && onsets[2] >= onsets[1] + 30,
            "spread by the writer's 40 ms sleeps: \(onsets)")
        // The store holds the same three answers, with their onsets.
        let records = try String(contentsOfFile: folder + "/data/records.jsonl", encoding: .utf8)
            .split(separator: "\n").map { Self.object(String($0)) }
        #expect(records.count == 3)
        #expect(records.map { $0["correct"] as? Bool } == [true, false, true])
        #expect(records.map { $0["item"] as? String } == ["major", "major", "major"])
        let stored = try #require(records.last?["played"] as? String)
        #expect(
            stored.split(separator: " ").map { $0.split(separator: ":").last.flatMap { Double($0) } }
                == onsets.map { $0 })
    }
}
