// SynthCost: instructions per rendered sample of the internal synth, counted by callgrind.

import Foundation
import PeachAudio
import PeachCore
import PeachTestSupport

/// Counts the synth's instructions per sample: runs this benchmark under `valgrind --tool=callgrind` twice in
/// its `render` mode (once rendering nothing, once `seconds` of audio) and divides the difference by the
/// frames rendered, so start-up cost cancels out. Instruction counts do not depend on the machine's load.
enum SynthCost {
    /// `PeachBenchmarks render SOUND VOICES SECONDS [CHANNELS]`: renders 48 kHz audio in 128-frame blocks, stereo
    /// unless CHANNELS is 1, and exits. SOUND is a timbre's name or the path of a SoundFont (its first preset).
    static func render(arguments: [String]) {
        guard (3...4).contains(arguments.count), let voices = Int(arguments[1]),
            let seconds = Double(arguments[2]), let channels = Int(arguments.count == 4 ? arguments[3] : "2"),
            (1...2).contains(channels)
        else {
            return
        }
        MainActor.assumeIsolated {
            guard let renderer = renderer(arguments[0], voices: voices, channelCount: channels) else {
                return
            }
            var checksum: Float = 0
            renderer.render(seconds: seconds) { block, _ in checksum += block[0] }
            if checksum.isNaN { print("NaN") }
        }
    }

    /// The default SoundFonts measured when installed: Debian's `fluid-soundfont-gm` and `timgm6mb-soundfont`.
    static let soundFonts = ["/usr/share/sounds/sf2/FluidR3_GM.sf2", "/usr/share/sounds/sf2/TimGM6mb.sf2"]
        .filter {
            FileManager.default.fileExists(atPath: $0)
        }

    /// A player of `sound` on `engine`: a timbre by name, or a SoundFont's path with `@BANK:PROGRAM` (or a
    /// preset's name) after it, its first preset without.
    @MainActor
    static func player(_ sound: String, engine: SynthEngine) -> SynthNotePlayer? {
        let parts = sound.split(separator: "@", maxSplits: 1).map(String.init)
        if parts[0].hasSuffix(".sf2") {
            guard let font = try? SoundFont.open(path: parts[0]),
                let preset = parts.count == 2 ? font.preset(named: parts[1]) : font.firstPreset,
                let instrument = try? SampledInstrument(soundFont: font, preset: preset)
            else { return nil }
            return try? SynthNotePlayer(engine: engine, instrument: instrument)
        }
        return try? SynthNotePlayer(engine: engine, timbre: sound)
    }

    /// The presets of TimGM6mb whose one-voice cost `PeachBenchmarks synth` prints: General MIDI's piano,
    /// organ, strings and five more families (guitar, trumpet, flute, lead, a plucked bass).
    static let measuredPresets = ["0:0", "0:19", "0:48", "0:24", "0:56", "0:73", "0:80", "0:33"]

    /// A 48 kHz renderer (stereo unless `channelCount` says 1) in 128-frame blocks with `voices` notes of `sound`
    /// sounding (220 Hz and its multiples, −6 dB): what both the speed and the instruction figures measure.
    @MainActor
    static func renderer(_ sound: String, voices: Int, channelCount: Int = 2) -> OfflineRenderer? {
        let engine = SynthEngine(sampleRate: 48_000)
        guard let player = player(sound, engine: engine) else { return nil }
        for voice in 0..<voices {
            _ = try? player.play(
                frequency: Frequency(hertz: 220 * Double(voice + 1)), velocity: 63, amplitude: -6)
        }
        return OfflineRenderer(engine: engine, blockFrames: 128, channelCount: channelCount)
    }

    /// Prints the synth's speed, its pitch error on rendered samples and its instructions per sample.
    static func printAll() {
        // The internal synth: render cost per second of audio.
        MainActor.assumeIsolated {
            for sound in Timbre.all.map(\.name) + soundFonts {
                for voices in [1, 4] {
                    guard let renderer = renderer(sound, voices: voices) else { continue }
                    var checksum: Float = 0
                    let audioSeconds = 20.0
                    let seconds = measure {
                        renderer.render(seconds: audioSeconds) { block, _ in checksum += block[0] }
                    }
                    report(
                        "synth \(label(sound)), \(voices) voice\(voices == 1 ? "" : "s"), stereo 48 kHz",
                        "\(format(audioSeconds / seconds, 0))× real time (\(format(audioSeconds / seconds * Double(voices), 0))× per voice)"
                    )
                }
            }
        }

        // The internal synth: frequency error measured on rendered samples, notes 21-108 with cent offsets.
        MainActor.assumeIsolated {
            var worst = 0.0
            for rate in [44_100.0, 48_000.0] {
                for note in stride(from: 21, through: 108, by: 7) {
                    for offset in [-49.7, 0, 12.3, 33.3] {
                        let tuning = EqualTemperament(referencePitch: Frequency(hertz: 440))
                        let frequency = tuning.frequency(
                            of: MIDINote(clamping: note), offsetBy: Cents(offset))
                        let engine = SynthEngine(sampleRate: rate)
                        let player = try? SynthNotePlayer(engine: engine)
                        _ = try? player?.play(frequency: frequency, velocity: 63, amplitude: 0)
                        let samples = OfflineRenderer(engine: engine).renderSamples(seconds: 1.0)
                        let measured = Measure.frequency(samples, sampleRate: rate, from: 0.02, to: 1.0)
                        worst = max(worst, abs(1200 * log2(measured / frequency.hertz)))
                    }
                }
            }
            report("synth pitch error, notes 21-108", "max \(String(format: "%.5f", worst)) cents")
        }
        printSoundFontLoads()
        printFigures()
        WAVCost.printFigures()
    }

    /// Prints one voice's instructions per frame for each of ``measuredPresets`` of TimGM6mb, when installed.
    static func printPresetFigures(valgrind: String) {
        guard let font = soundFonts.first(where: { $0.hasSuffix("TimGM6mb.sf2") }) else { return }
        var figures: [String] = []
        for preset in measuredPresets {
            let sound = font + "@" + preset
            guard let empty = instructions(valgrind, sound, 1, 0),
                let full = instructions(valgrind, sound, 1, 1)
            else { continue }
            figures.append("\(preset) \(format(Double(full - empty) / 48_000, 0))")
        }
        report(
            "TimGM6mb presets, 1 voice, callgrind", figures.joined(separator: ", ") + " instructions/frame")
    }

    /// Prints instructions per sample for each timbre with 1 and 4 voices, or says why it cannot.
    static func printFigures() {
        guard
            let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            print("synth instructions per sample               no valgrind here (apt-get install valgrind)")
            return
        }
        let seconds = 1.0
        for sound in Timbre.all.map(\.name) + soundFonts {
            for voices in [1, 4] {
                guard let empty = instructions(valgrind, sound, voices, 0),
                    let full = instructions(valgrind, sound, voices, seconds)
                else {
                    print("synth instructions per sample               callgrind failed")
                    return
                }
                let frames = (seconds * 48_000 / 128).rounded(.up) * 128
                let perSample = Double(full - empty) / frames
                report(
                    "synth \(label(sound)), \(voices) voice\(voices == 1 ? "" : "s"), callgrind",
                    "\(format(perSample, 0)) instructions/sample (\(format(perSample / Double(voices), 0)) per voice)"
                )
            }
        }
        printPresetFigures(valgrind: valgrind)
    }

    /// A sound's short name in the report: the timbre, or the SoundFont's file name.
    static func label(_ sound: String) -> String {
        sound.hasSuffix(".sf2") ? String((sound.split(separator: "/").last ?? "").dropLast(4)) : sound
    }

    /// Load time and memory of each installed SoundFont: opening (preset data only), then loading its first
    /// preset's samples.
    static func printSoundFontLoads() {
        guard !soundFonts.isEmpty else {
            print(
                "soundfont load                              none installed (apt-get install fluid-soundfont-gm)"
            )
            return
        }
        for path in soundFonts {
            let before = memoryKilobytes()?.resident ?? 0
            var font: SoundFont?
            let openSeconds = measure { font = try? SoundFont.open(path: path) }
            guard let font else { continue }
            var instrument: SampledInstrument?
            let loadSeconds = measure {
                instrument = try? SampledInstrument(soundFont: font, preset: font.firstPreset)
            }
            let after = memoryKilobytes()?.resident ?? 0
            guard let instrument else { continue }
            report(
                "soundfont \(label(path))",
                "open \(format(openSeconds * 1000, 1)) ms (\(font.presets.count) presets), load '\(instrument.name)' "
                    + "\(format(loadSeconds * 1000, 1)) ms, \(format(Double(instrument.sampleFrameCount) * 4 / 1_048_576, 1)) MiB "
                    + "of samples, resident +\(format(Double(after - before) / 1024, 1)) MiB")
        }
    }

    /// The total instruction count of one callgrind run of `render`, or nil if it failed.
    private static func instructions(
        _ valgrind: String, _ sound: String, _ voices: Int, _ seconds: Double
    ) -> Int? {
        instructions(valgrind, ["render", sound, String(voices), String(seconds)])
    }

    /// The total instruction count of one callgrind run of this benchmark with `arguments` (a mode that does one
    /// thing and exits), or nil if it failed.
    static func instructions(_ valgrind: String, _ arguments: [String]) -> Int? {
        let output = NSTemporaryDirectory() + "peach-callgrind-\(getpid()).out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        // valgrind's reader gives up on the toolchain's debug information ("possibly corrupted debuginfo"): it
        // counts a stripped copy, the same instructions.
        let stripped = NSTemporaryDirectory() + "peach-benchmarks-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: stripped) }
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/strip")
        strip.arguments = ["-o", stripped, CommandLine.arguments[0]]
        let program =
            (try? strip.run()).map { strip.waitUntilExit() } != nil && strip.terminationStatus == 0
            ? stripped : CommandLine.arguments[0]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=\(output)", program] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = try? String(contentsOfFile: output, encoding: .utf8)
        else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }
}
