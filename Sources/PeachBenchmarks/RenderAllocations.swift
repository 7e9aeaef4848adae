// RenderAllocations: `PeachBenchmarks allocations`: counts the render path's heap allocations and mutex locks.

import CAllocationCounter
import Foundation
import PeachAudio
import PeachCore
import PeachTestSupport

/// `PeachBenchmarks allocations`: the render path (``SynthRenderer/render(into:frameCount:channelCount:)``)
/// must never allocate or lock. This runs play-back's worst case on every timbre and on a SoundFont
/// instrument — a seventh chord's question, the player's chord through ``PlayThrough`` with velocities (every
/// other round from the input thread's path, the synth's own play-through armed), the
/// sustain pedal holding it, a note struck again, every voice busy and a new note stealing one, retunes,
/// releases, notes placed ahead — sending the commands from this thread between blocks, and counts the
/// calls the rendering made to malloc and pthread_mutex_lock (`CAllocationCounter` interposes them in this
/// executable only). Prints the counts; exits 1 if either is not zero.
enum RenderAllocations {
    @MainActor static func run() {
        // The counter itself first: an array and a lock made while counting must be seen, or a zero means nothing.
        let lock = NSLock()
        peach_counting(true)
        let probe = [Int](repeating: 1, count: Int.random(in: 1000...2000))
        lock.lock()
        lock.unlock()
        peach_counting(false)
        guard peach_allocation_count() > 0, peach_lock_count() > 0, probe.count > 0 else {
            print("render path: the allocation counter does not see this thread's calls; nothing measured")
            exit(2)
        }
        let engine = SynthEngine(sampleRate: 48_000)
        let renderer = OfflineRenderer(engine: engine, blockFrames: 128, channelCount: 2)
        var players: [SynthNotePlayer] = Timbre.all.compactMap {
            try? SynthNotePlayer(engine: engine, timbre: $0.name)
        }
        let builder = SoundFontBuilder.loopedSine(presets: [("sine", 0)])
        if let font = try? SoundFont(bytes: builder.bytes(), path: "sine.sf2"),
            let instrument = try? SampledInstrument(soundFont: font, preset: font.firstPreset),
            let player = try? SynthNotePlayer(engine: engine, instrument: instrument)
        {
            players.append(player)
        }
        var blocks = 0
        var allocations: UInt64 = 0
        var locks: UInt64 = 0
        func render(_ count: Int) {
            renderer.render(seconds: Double(count * 128) / engine.sampleRate) { _, _ in }
        }
        func counted(_ count: Int) {
            let (beforeAllocations, beforeLocks) = (peach_allocation_count(), peach_lock_count())
            peach_counting(true)
            render(count)
            peach_counting(false)
            allocations += peach_allocation_count() - beforeAllocations
            locks += peach_lock_count() - beforeLocks
            blocks += count
        }
        render(64)  // the first blocks, once, outside the count (lazily made tables and the like)
        for round in 0..<40 {
            for player in players {
                let through = PlayThrough(player: player, referencePitch: 440, gain: .nominal)
                // Every other round the keys come as from the input thread (the synth's own play-through, armed).
                let direct = round % 2 == 0 ? player.inputPlayThrough : nil
                if direct != nil { through.start() }
                func strike(_ note: Int, _ velocity: Int) {
                    let (note, velocity) = (MIDINote(clamping: note), MIDIVelocity(clamping: velocity))
                    if let direct {
                        direct.noteOn(note, velocity: velocity, at: Double(round))
                    } else {
                        try? through.noteOn(note, velocity: velocity)
                    }
                }
                func pedal(_ down: Bool) {
                    if let direct { direct.sustain(down) } else { through.sustain(down) }
                }
                let question = try? [60, 64, 67, 70].map {
                    try player.playKey(
                        MIDINote(clamping: $0), velocity: 96, referencePitch: 440, gain: .nominal)
                }
                counted(4)
                pedal(true)
                for (index, note) in [48, 60, 64, 67, 70, 72].enumerated() {
                    strike(note + round % 5, 30 + index * 15)
                    counted(1)
                }
                for note in [48, 60, 64] {
                    let key = MIDINote(clamping: note + round % 5)
                    if let direct { direct.noteOff(key) } else { through.noteOff(key) }
                }
                strike(60 + round % 5, 127)  // struck again
                for handle in question ?? [] { try? handle.stop() }
                // Every voice busy, then one more: it steals.
                let crowd = (0..<SynthEngine.voiceCount + 2).compactMap {
                    try? player.play(
                        frequency: Frequency(hertz: 200 + Double($0) * 37), velocity: 80, amplitude: -18)
                }
                counted(3)
                for handle in crowd { try? handle.adjustFrequency(Frequency(hertz: 333)) }
                counted(2)
                for handle in crowd { try? handle.stop() }
                try? player.play(
                    frequency: Frequency(hertz: 880), velocity: 80, amplitude: -6, after: .milliseconds(7),
                    duration: .milliseconds(40), clock: VirtualClock())
                counted(8)
                pedal(false)
                counted(4)
                through.silence()
                counted(6)
            }
        }
        print(
            "render path: \(allocations) allocations, \(locks) mutex locks in \(blocks) blocks of 128 frames "
                + "(\(players.count) instruments, up to \(SynthEngine.voiceCount) voices)")
        exit(allocations == 0 && locks == 0 ? 0 : 1)
    }
}
