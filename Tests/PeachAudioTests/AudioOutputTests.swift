// AudioOutputTests: the audio thread renders into its sink, stops cleanly, and turns a sink failure into a stop.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@testable import PeachAudio

@MainActor
@Suite("AudioOutput")
struct AudioOutputTests {
    @Test(
        "renders a played note into the sink; stop releases it, plays the ramp and a buffer of silence, closes"
    )
    func rendersAndStops() throws {
        let sink = FakeAudioSink(channelCount: 2, signalAfter: 40)
        let output = AudioOutput(sink: sink)
        let player = try SynthNotePlayer(engine: output.engine)
        _ = try player.play(frequency: Frequency(hertz: 1000), velocity: 63, amplitude: AmplitudeDB(0))
        try output.start()
        sink.reachedTarget.wait()
        output.stop()
        output.stop()  // idempotent
        #expect(sink.closedCount == 1)
        #expect(output.failure == nil)
        let samples = sink.samples
        #expect(output.framesWritten * 2 == samples.count)
        // Both channels carry the same signal.
        #expect(stride(from: 0, to: samples.count, by: 2).allSatisfy { samples[$0] == samples[$0 + 1] })
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        #expect(abs(Measure.frequency(left, sampleRate: 48_000, from: 0.02, to: 0.1) - 1000) < 0.01)
        // Released with a ramp (no click), then at least a buffer of silence before the drain.
        #expect(Measure.largestStep(left) < 2 * Double.pi * 1000 / 48_000 * SynthEngine.nominalPeak * 1.01)
        #expect(left.suffix(256).allSatisfy { $0 == 0 })
        #expect(throws: SynthError.outputNotRunning) {
            _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: AmplitudeDB(0))
        }
    }

    @Test(
        "the thread waits for room before it renders: a note played during the wait sounds in the next block")
    func rendersAfterTheWait() throws {
        let sink = FakeAudioSink(periodFrames: 128, signalAfter: 12)
        let waiting = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        sink.onWait = { block in
            if block == 5 {
                waiting.signal()
                go.wait()
            }
        }
        let output = AudioOutput(sink: sink)
        let player = try SynthNotePlayer(engine: output.engine)
        try output.start()
        waiting.wait()
        _ = try player.play(frequency: Frequency(hertz: 1000), velocity: 63, amplitude: AmplitudeDB(0))
        go.signal()
        sink.reachedTarget.wait()
        output.stop()
        let samples = sink.samples
        #expect(samples[0..<(5 * 128)].allSatisfy { $0 == 0 })
        #expect(samples[(5 * 128)..<(6 * 128)].contains { $0 != 0 }, "the note starts in block 5, not later")
    }

    @Test("a sink that fails for good ends the thread, reports once and refuses further notes")
    func sinkFailure() throws {
        let sink = FakeAudioSink(failAt: 5)
        let reported = DispatchSemaphore(value: 0)
        let output = AudioOutput(sink: sink) { error in
            #expect(error is FakeAudioSink.Unplugged)
            reported.signal()
        }
        let player = try SynthNotePlayer(engine: output.engine)
        let handle = try player.play(
            frequency: Frequency(hertz: 440), velocity: 63, amplitude: AmplitudeDB(0))
        try output.start()
        reported.wait()
        #expect(output.failure is FakeAudioSink.Unplugged)
        #expect(sink.blockCount == 4)
        #expect(sink.closedCount == 1)
        #expect(throws: SynthError.outputNotRunning) {
            _ = try player.play(frequency: Frequency(hertz: 440), velocity: 63, amplitude: AmplitudeDB(0))
        }
        #expect(throws: SynthError.outputNotRunning) { try handle.adjustFrequency(Frequency(hertz: 441)) }
        output.stop()  // after a failure: returns, no second report
        #expect(reported.wait(timeout: .now()) == .timedOut)
    }

    @Test(
        "after seconds of silence the output rests (nothing rendered), and the next note wakes it into its first block"
    )
    func restsAndWakes() throws {
        let sink = FakeAudioSink(periodFrames: 480, canRest: true)
        let output = AudioOutput(sink: sink)
        let player = try SynthNotePlayer(engine: output.engine)
        let handle = try player.play(
            frequency: Frequency(hertz: 1000), velocity: 63, amplitude: AmplitudeDB(0))
        // Not while the note sounds: released, it rings out, then 5 s of silence (500 blocks of 10 ms) pass. The
        // release is queued before the output starts: this sink is unpaced, and a release sent after the start
        // came dozens of blocks late under qemu (an arm64 CI run rested at block 520 and more).
        try handle.stop()
        try output.start()
        #expect(sink.rested.wait(timeout: .now() + 60) == .success)
        let restedAt = try #require(sink.blocksAtRests.first)
        #expect(restedAt >= 500 && restedAt < 520, "\(restedAt)")
        #expect(output.isResting && output.restCount == 1)
        #expect(sink.blockCount == restedAt, "nothing is rendered while it rests")
        try player.play(
            frequency: Frequency(hertz: 1000), velocity: 63, amplitude: AmplitudeDB(0), after: .zero,
            duration: .milliseconds(50), clock: VirtualClock())
        #expect(sink.rested.wait(timeout: .now() + 60) == .success, "rests again 5 s after the note ends")
        output.stop()
        #expect(sink.closedCount == 1)
        let woke = try #require(sink.blocksAtRestEnds.first)
        #expect(woke == restedAt)
        let samples = sink.samples
        #expect(samples[((woke - 1) * 480)..<(woke * 480)].allSatisfy { $0 == 0 })
        #expect(
            samples[(woke * 480)..<((woke + 1) * 480)].contains { $0 != 0 },
            "the note starts in the first block")
        // At least twice: stopping sends a release that wakes it too, and this sink, unpaced, may render another
        // 5 s of silence before the stop request follows.
        #expect(output.restCount >= 2, "\(sink.blocksAtRests) \(sink.blocksAtRestEnds)")
    }

    @Test("an output kept awake does not rest; a stop wakes a resting output and ends it")
    func keptAwake() throws {
        let sink = FakeAudioSink(periodFrames: 480, signalAfter: 1200, canRest: true)
        let output = AudioOutput(sink: sink)
        output.keepAwake(for: 3600)
        try output.start()
        sink.reachedTarget.wait()  // 12 s of silence
        #expect(output.restCount == 0 && !output.isResting)
        output.stop()

        let resting = FakeAudioSink(periodFrames: 480, canRest: true)
        let second = AudioOutput(sink: resting)
        try second.start()
        #expect(resting.rested.wait(timeout: .now() + 60) == .success)
        second.stop()  // returns: the thread woke and ended
        #expect(
            resting.closedCount == 1 && resting.blocksAtRestEnds.count == resting.blocksAtRests.count,
            "\(resting.blocksAtRests) \(resting.blocksAtRestEnds)")
        // A sink that cannot rest (a file, JACK) never does.
        #expect(!FakeAudioSink().canRest)
    }

    @Test("the internal synth's clicks report each underrun the sink recovered from as a dropout")
    func dropouts() {
        let sink = FakeAudioSink()
        let clicks = SynthClickPlayer(output: AudioOutput(sink: sink))
        #expect(clicks.dropoutCount == 0)
        sink.recoverFromUnderrun()
        sink.recoverFromUnderrun()
        #expect(clicks.dropoutCount == 2)
    }

    @Test("the engine renders at the sink's rate")
    func sinkRate() {
        let output = AudioOutput(sink: FakeAudioSink(sampleRate: 44_100))
        #expect(output.engine.sampleRate == 44_100)
    }

    @Test("the paced sink writes a standard WAV file of what was played")
    func pacedWAV() throws {
        let path = NSTemporaryDirectory() + "peach-paced-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try PacedSink(wavPath: path, periodFrames: 240)
        #expect(sink.name == "wav:\(path)" && sink.configuredLatency == 0.01)
        let engine = SynthEngine(sampleRate: sink.sampleRate)
        let player = try SynthNotePlayer(engine: engine)
        _ = try player.play(frequency: Frequency(hertz: 500), velocity: 63, amplitude: AmplitudeDB(0))
        let block = UnsafeMutablePointer<Float>.allocate(capacity: 240)
        defer { block.deallocate() }
        for _ in 0..<20 {  // 0.1 s
            engine.renderer.render(into: block, frameCount: 240, channelCount: 1)
            #expect(sink.write(block, frameCount: 240))
        }
        sink.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == 58 + 4800 * 4)
        #expect(data.prefix(4) == Data("RIFF".utf8) && data[20] == 3)
        let samples = WAVSamples.floats(in: data)
        #expect(abs(Measure.frequency(samples, sampleRate: 48_000, from: 0.02, to: 0.1) - 500) < 0.01)
    }

    @Test("output specs: alsa:DEVICE, wav:PATH, null; anything else is refused")
    func specs() throws {
        #expect(try AudioOutputSpec(parsing: "alsa:hw:1,0") == .alsa(device: "hw:1,0"))
        #expect(try AudioOutputSpec(parsing: "wav:/tmp/a.wav") == .wav(path: "/tmp/a.wav"))
        #expect(try AudioOutputSpec(parsing: "null") == .null)
        #expect(AudioOutputSpec.alsa(device: "default").description == "alsa:default")
        for bad in ["alsa:", "wav:", "speakers", ""] {
            #expect(throws: AudioOutputSpec.ParseError(text: bad)) { try AudioOutputSpec(parsing: bad) }
        }
    }
}
