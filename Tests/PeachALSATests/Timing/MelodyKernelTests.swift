// MelodyKernelTests: a melody played back in tempo on the real kernel (VM): each note's offset as it truly was.

import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachLive
import PeachSystem
import PeachTestSupport
import Testing

/// Melodies in tempo measured end to end in the alsa-vm VM, as ``echoInVM()`` measures rhythm echo: the real
/// play-back session on a live clock places its clicks on the internal synth into `hw:Loopback,0,2`, the capture
/// side says when each click was heard, and the answer's notes are written into the first virtual MIDI device at
/// known moments around their places and stamped by the kernel. Part of the timing measurement's suite.
extension TimingKernelTests {
    /// Keeps every answer the session judged.
    @MainActor
    final class Answers: PlayBackObserver {
        var completed: [CompletedPlayBack] = []
        func playBackCompleted(_ completed: CompletedPlayBack) throws { self.completed.append(completed) }
    }

    @Test(
        "melodies in tempo: notes written around their places are stored with their true offsets, none misplaced",
        .enabled(
            if: ALSAMachine.hasVirtualMIDI && ALSAMachine.hasLoopback,
            "needs snd-virmidi and snd-aloop (alsa-vm)"))
    @MainActor
    func melodyInTempoInVM() async throws {
        // 512 × 3 (settledOutput's), as rhythm echo's test: a dropout replays the question, and fewer come with
        // the larger buffer.
        let (sink, recorder, output) = try await Self.settledOutput()
        defer { output.stop() }
        let keys = try VirtualPad(keys: true)
        defer { keys.stop() }
        let clicks = RecordingClicks(SynthClickPlayer(output: output))
        var options = PlayBackOptions(kind: .melodies, items: [.melody(MelodyLevel.curriculum[4])])  // leaps5
        options.inTempo = true
        options.tempo = try Tempo(bpm: 120)
        let answers = Answers()
        let session = PlayBackSession(
            notePlayer: SilentNotePlayer(), options: { options }, settings: { .defaults },
            history: { PlayBackHistory() }, clock: LiveSessionClock(), timeline: { MonotonicTime.now() },
            observers: [answers], generator: SeededRandomGenerator(seed: 29), clicks: clicks)
        var generator = SeededRandomGenerator(seed: 31)
        // Each placed grid: its response's notes are written within ±25 ms of their places. An answer is paired
        // with the grid it was played against when it is judged (a grid a dropout spoiled plays again and is
        // never answered; a dropout that did not break a grid changes nothing).
        struct Planned {
            let grid: TempoGrid
            let firstWrite: Int
        }
        var planned: [Planned] = []
        var judged: [(answer: CompletedPlayBack, plan: Planned)] = []
        var writes = 0
        var dropouts = 0
        var replays = 0
        session.addEventHandler { event in
            switch event {
            case .grid(let grid):
                guard let question = session.question else { return }
                planned.append(Planned(grid: grid, firstWrite: writes))
                writes += grid.places.count
                keys.strike(
                    at: grid.places.map { $0 + Double.random(in: -0.025...0.025, using: &generator) },
                    notes: question.answerNotes.map { UInt8($0.rawValue) })
            case .dropout(let new, _, let replaying):
                dropouts += new
                if replaying { replays += 1 }
            case .answered(let answer):
                if let plan = planned.last { judged.append((answer, plan)) }
            default: break
            }
        }
        // Each judged answer's response as placed and as heard: its first click anchors the grid. An answer whose
        // anchor was not heard cannot be measured; answers are taken until three can.
        typealias Anchor = (placed: Double, heard: Double)
        func anchor(of grid: TempoGrid) -> Anchor? {
            let first = clicks.placed.first { abs($0.time - grid.responseStart) < 0.002 }
            guard let placed = first?.time,
                let heard = TimingKernelTests.onset(near: placed, in: recorder.onsets, within: 0.02)
            else { return nil }
            return (placed, heard)
        }
        var measurable: [(answer: CompletedPlayBack, plan: Planned, anchor: Anchor)] = []
        var unheard = 0
        session.start()
        let deadline = MonotonicTime.now() + 150
        var forwarded = 0
        while measurable.count < 3, MonotonicTime.now() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            let (stamps, notes) = (keys.stamped, keys.notes)
            for index in forwarded..<min(stamps.count, notes.count) {
                session.noteOn(
                    MIDINote(clamping: Int(notes[index])), velocity: 100, at: stamps[index], input: .midiNote)
            }
            forwarded = min(stamps.count, notes.count)
            // A response's clicks are heard a bar before its answer is judged.
            for (answer, plan) in judged.dropFirst(measurable.count + unheard) {
                if let anchor = anchor(of: plan.grid) {
                    measurable.append((answer, plan, anchor))
                } else {
                    unheard += 1
                }
            }
        }
        session.stop()
        try await Task.sleep(for: .milliseconds(300))
        recorder.stop()
        let overruns = recorder.capture.overrunCount
        #expect(answers.completed.count == judged.count)
        // The emulator's own stalls (an underrun, a capture overrun) may lose a click from the recording: an
        // answer judged on a grid the session saw no dropout in, yet not measurable, is a fault only where no
        // stall came at all.
        if unheard > 0 && dropouts == 0 && overruns == 0 {
            Issue.record("\(unheard) responses' first clicks were not heard, with no dropout or overrun")
        }
        let why =
            "\(measurable.count) answers measured (\(unheard) not), \(dropouts) dropouts, \(keys.strays) stray note-ons"
        try #require(
            measurable.count >= 3, "\(why), \(replays) phrases played again, \(overruns) capture overruns")
        // Each note's error is two parts, as in the timing measurement: the kernel's stamp against the write call
        // (the emulator's virtual MIDI device stamps when its deferred work runs, up to a few ms after the write
        // returned on a loaded host), and the rest, Peach's: where it placed the grid against where it was heard.
        var errors: [Double] = []
        var stampParts: [Double] = []
        for (answer, plan, (anchor, heardAnchor)) in measurable.prefix(3) {
            #expect(
                answer.isCorrect, "\(answer.verdict.marks); \(keys.account(from: plan.firstWrite, answer))")
            for (index, offset) in answer.noteOffsets.enumerated() {
                guard let recorded = offset, let truth = keys.truth(of: plan.firstWrite + index),
                    let lateness = keys.lateness(of: plan.firstWrite + index)
                else {
                    Issue.record("note \(index + 1) of an answer has no offset")
                    continue
                }
                let trueOffset = truth - (plan.grid.places[index] + heardAnchor - anchor)
                errors.append(recorded - trueOffset)
                stampParts.append(lateness)
            }
        }
        let split = SplitErrors(errors, lateness: stampParts)
        print(
            String(
                format:
                    "melodies in tempo (VM): recorded − true offset over %d notes: median %.3f ms, max %.3f ms "
                    + "(the stamp after its write call: median %.3f ms, max %.3f ms; Peach's part: median %.3f ms, "
                    + "max %.3f ms); %d dropouts (%d phrases played again), %d underruns, %d capture overruns, %d "
                    + "answers not measurable (the response's first click not heard), %d stray note-ons the "
                    + "virtual device delivered unwritten (not played)",
                errors.count, split.whole.median, split.whole.max, split.stamp.median, split.stamp.max,
                split.peach.median, split.peach.max, dropouts, replays, sink.recoveryCount, overruns, unheard,
                keys.strays)
        )
        try #require(errors.count >= 12)
        // Within 1 ms on median, and Peach's part of every note within 2 ms; the stamp's delay is the emulator's,
        // held on its median only (as the timing measurement holds it).
        #expect(split.whole.median <= 1 && split.peach.max <= 2 && split.stamp.median <= 1)
    }
}
