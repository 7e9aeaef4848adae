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
        // 512 × 3, as rhythm echo's test: a dropout replays the question, and fewer come with the larger buffer.
        let (sink, recorder, output) = try await Self.settledOutput(periodFrames: 512)
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
        session.start()
        let deadline = MonotonicTime.now() + 150
        var forwarded = 0
        while judged.count < 3, MonotonicTime.now() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            let (stamps, notes) = (keys.stamped, keys.notes)
            for index in forwarded..<min(stamps.count, notes.count) {
                session.noteOn(
                    MIDINote(clamping: Int(notes[index])), velocity: 100, at: stamps[index], input: .midiNote)
            }
            forwarded = min(stamps.count, notes.count)
        }
        session.stop()
        try await Task.sleep(for: .milliseconds(300))
        recorder.stop()
        try #require(
            judged.count >= 3,
            "\(judged.count) answers, \(dropouts) dropouts, \(replays) phrases played again")
        #expect(answers.completed.count == judged.count)
        let heard = recorder.onsets
        var errors: [Double] = []
        for (answer, plan) in judged.prefix(3) {
            #expect(answer.isCorrect, "\(answer.verdict.marks)")
            // The response's first click, as placed and as heard, anchors its grid.
            guard
                let anchor = clicks.placed.first(where: { abs($0.time - plan.grid.responseStart) < 0.002 })?
                    .time,
                let heardAnchor = TimingKernelTests.onset(near: anchor, in: heard, within: 0.02)
            else {
                Issue.record("the response's first click was not heard")
                continue
            }
            for (index, offset) in answer.noteOffsets.enumerated() {
                guard let recorded = offset, let truth = keys.truth(of: plan.firstWrite + index) else {
                    Issue.record("note \(index + 1) of an answer has no offset")
                    continue
                }
                let trueOffset = truth - (plan.grid.places[index] + heardAnchor - anchor)
                errors.append(recorded - trueOffset)
            }
        }
        let (median, maximum) = Self.describe(errors)
        print(
            String(
                format:
                    "melodies in tempo (VM): recorded − true offset over %d notes: median %.3f ms, max %.3f ms; "
                    + "%d dropouts (%d phrases played again), %d underruns",
                errors.count, median, maximum, dropouts, replays, sink.recoveryCount))
        try #require(errors.count >= 12)
        #expect(median <= 1 && maximum <= 2)
    }
}
