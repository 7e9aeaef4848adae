// NoteScheduleTests: notes placed ahead on the internal synth keep their spacing, to the chunk, however the
// render thread takes them; a release of every voice drops them; a full schedule drops a note whole.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachAudio

@MainActor
@Suite("NoteSchedule")
struct NoteScheduleTests {
    static let rate = 48_000.0
    /// An earcon's spacing: 110 ms notes, 30 ms apart.
    static let length = Duration.milliseconds(110)
    static let step = Duration.milliseconds(140)

    /// Renders `frames` frames (whole blocks) in blocks of `block`; after the first `pushAfter` blocks, `script`
    /// pushes its commands (as the main actor does while the render thread runs).
    func render(
        frames: Int, block: Int, pushAfter blocks: Int = 0, _ script: (SynthNotePlayer) throws -> Void
    ) throws -> [Float] {
        let engine = SynthEngine(sampleRate: Self.rate)
        let player = try SynthNotePlayer(engine: engine)
        if blocks == 0 { try script(player) }
        var samples: [Float] = []
        var rendered = 0
        try OfflineRenderer(engine: engine, blockFrames: block).render(seconds: Double(frames) / Self.rate) {
            pointer, count in
            samples.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
            rendered += 1
            if rendered == blocks { try script(player) }
        }
        return samples
    }

    /// The sounding stretches: (first frame above −80 dBFS, first silent frame after it), split by 5 ms of
    /// silence.
    func stretches(_ samples: [Float]) -> [(start: Int, end: Int)] {
        var result: [(start: Int, end: Int)] = []
        var start: Int?
        var lastLoud = 0
        for (index, sample) in samples.enumerated() {
            if abs(sample) > 1e-4 {
                if start == nil { start = index }
                lastLoud = index
            } else if let begun = start, index - lastLoud > 240 {
                result.append((begun, lastLoud + 1))
                start = nil
            }
        }
        if let begun = start { result.append((begun, lastLoud + 1)) }
        return result
    }

    func placeFigure(_ player: SynthNotePlayer, notes: [Double]) throws {
        let clock = VirtualClock()
        for (index, frequency) in notes.enumerated() {
            try player.play(
                frequency: Frequency(hertz: frequency), velocity: 80, amplitude: AmplitudeDB(-6),
                after: Self.step * index, duration: Self.length, clock: clock)
        }
    }

    @Test(
        "three notes placed together start 140 ms apart and keep a silence between them, for blocks of 64, 1024 and 28,800 frames (the render thread taking them all at once)",
        arguments: [64, 1024, 28_800])
    func spacing(block: Int) throws {
        let pushFrame = 2 * block
        let samples = try render(frames: pushFrame + 28_800, block: block, pushAfter: 2) { player in
            try placeFigure(player, notes: [523.25, 659.26, 783.99])
        }
        let found = stretches(samples)
        #expect(found.count == 3, "\(found)")
        let stepFrames = Int(Self.step.seconds * Self.rate)
        let lengthFrames = Int(Self.length.seconds * Self.rate)
        let ramp = Int(SynthEngine.rampDuration * Self.rate)
        for (index, stretch) in found.enumerated() {
            // Each starts within a chunk of its frame, counted from the frame the command was taken on.
            let due = pushFrame + index * stepFrames
            #expect(
                abs(stretch.start - due) <= SynthRenderer.chunkFrames,
                "note \(index): \(stretch.start) vs \(due)")
            // It sounds its length and its release ramp, to the chunk.
            let sounding = stretch.end - stretch.start
            #expect(
                abs(sounding - (lengthFrames + ramp)) <= SynthRenderer.chunkFrames,
                "note \(index): \(sounding)"
            )
        }
        for (before, after) in zip(found, found.dropFirst()) {
            #expect(after.start - before.end >= Int(0.015 * Self.rate), "a silence between the notes")
        }
    }

    @Test("a release of every voice also drops the notes placed ahead")
    func releaseAllDrops() throws {
        let samples = try render(frames: 24_000, block: 512) { player in
            try placeFigure(player, notes: [523.25, 659.26, 783.99])
            // Taken in the same block: the first note starts, then everything is released.
            player.silenceAll()
        }
        let found = stretches(samples)
        #expect(found.count <= 1, "\(found)")
        #expect(found.allSatisfy { $0.end < 2 * Int(SynthEngine.rampDuration * Self.rate) + 512 })
    }

    @Test("a full schedule drops a further note whole: the eight placed sound, nothing hangs")
    func fullSchedule() throws {
        let notes = (0..<9).map { 440 * pow(2, Double($0) / 12) }
        let samples = try render(frames: 9 * 6_720 + 4_800, block: 1024) { player in
            try placeFigure(player, notes: notes)
        }
        let found = stretches(samples)
        #expect(found.count == NoteSchedule.capacity / 2, "\(found)")
        #expect(found.allSatisfy { $0.end - $0.start < 6_720 }, "every placed note was released")
    }

    @Test("on another player the notes start and stop by timers on the clock")
    func timersElsewhere() throws {
        let clock = VirtualClock()
        let player = FakeNotePlayer()
        try player.play(
            frequency: 440, velocity: 80, amplitude: AmplitudeDB(0), after: .milliseconds(140),
            duration: .milliseconds(110), clock: clock)
        #expect(player.playedNotes.isEmpty)
        clock.advance(by: .milliseconds(139))
        #expect(player.playedNotes.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(player.playedNotes.map(\.frequency) == [440])
        clock.advance(by: .milliseconds(109))
        #expect(player.soundingHandles.count == 1)
        clock.advance(by: .milliseconds(1))
        #expect(player.soundingHandles.isEmpty)
    }
}
