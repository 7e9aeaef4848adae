// ToneCommand: `peach tone`: one note of the internal synth, with an optional glide, rendered to its output.

import ArgumentParser
import Foundation
import PeachAudio
import PeachCore

/// `peach tone`: plays one note on the internal synth, to check a pitch, a timbre or the smoothness of a glide.
struct ToneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tone", abstract: "Play one note on the internal synth (to a WAV file).",
        discussion: """
            Examples:
              peach tone A4 --cents +12.3 --duration 2 --audio-out wav:a4.wav
              peach tone C4 --timbre piano --gain -6 --audio-out wav:c4.wav
              peach tone A4 --sweep 50 --sweep-time 1 --audio-out wav:glide.wav   # what a pitch wheel does
            """)

    @Argument(help: "The note: a name such as A4, C#3, Bb2, or a MIDI number.")
    var note: String

    @Option(name: .long, parsing: .unconditional, help: "Offset from the note in cents (e.g. +12.3 or -5).")
    var cents = "0"

    @Option(name: .long, help: "Seconds the note sounds (0.05-60).")
    var duration = 1.0

    @Option(name: .long, help: "sine, piano or organ.")
    var timbre = "sine"

    @Option(name: .long, parsing: .unconditional, help: "Gain in dB (-90 to +12).")
    var gain = "0"

    @Option(name: .long, help: "Frequency of A4 in Hz (380-500).")
    var referencePitch = 440.0

    @Option(
        name: .long, parsing: .unconditional,
        help: "Glide the held note by this many cents (what a pitch wheel does).")
    var sweep: String?

    @Option(name: .long, help: "Seconds the glide takes, starting a quarter into the note.")
    var sweepTime = 1.0

    @Option(name: .long, help: "Where the tone goes: wav:PATH (a 48 kHz float WAV file) or null.")
    var audioOut: String

    /// Reads a signed number such as `+12.3` or `-6` given to `option`, checking its range.
    private func signedNumber(
        _ text: String, option: String, within range: ClosedRange<Double>
    ) throws -> Double {
        let digits = text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard let value = Double(digits), value.isFinite, range.contains(value) else {
            throw CommandFailure.usage(
                "\(option) '\(text)' is not valid; use a number from \(Int(range.lowerBound)) to \(Int(range.upperBound))."
            )
        }
        return value
    }

    func run() throws {
        try reportingFailures {
            guard let midiNote = try? MIDINote(parsing: note) else {
                throw CommandFailure.usage(
                    "'\(note)' is not a note name such as A4, C#3 or Bb2, nor a MIDI number 0-127.")
            }
            let offset = Cents(try signedNumber(cents, option: "--cents", within: -1200...1200))
            let gainValue = AmplitudeDB(try signedNumber(gain, option: "--gain", within: -90...12))
            let sweepCents = try sweep.map { try signedNumber($0, option: "--sweep", within: -1200...1200) }
            guard (0.05...60).contains(duration) else {
                throw CommandFailure.usage("--duration must be 0.05-60 seconds.")
            }
            guard (0.01...60).contains(sweepTime) else {
                throw CommandFailure.usage("--sweep-time must be 0.01-60 seconds.")
            }
            guard TrainingSettings.referencePitchRange.contains(referencePitch) else {
                throw CommandFailure.usage("--reference-pitch must be 380-500 Hz.")
            }
            let writerPath: String?
            if audioOut == "null" {
                writerPath = nil
            } else if audioOut.hasPrefix("wav:"), audioOut.count > 4 {
                writerPath = String(audioOut.dropFirst(4))
            } else {
                throw CommandFailure.usage("--audio-out '\(audioOut)' is not valid; use wav:PATH or null.")
            }
            let tuning = EqualTemperament(referencePitch: Frequency(hertz: referencePitch))
            let frequency = tuning.frequency(of: midiNote, offsetBy: offset)
            try MainActor.assumeIsolated {
                let engine = SynthEngine(sampleRate: 48_000)
                let player: SynthNotePlayer
                do {
                    player = try SynthNotePlayer(engine: engine, timbre: timbre)
                } catch {
                    throw CommandFailure.usage(
                        "--timbre '\(timbre)' is not one of \(Timbre.all.map(\.name).joined(separator: ", "))."
                    )
                }
                let renderer = OfflineRenderer(engine: engine, blockFrames: 128)
                let writer = try writerPath.map { path in
                    do throws(WAVFileError) {
                        return try WAVFileWriter(
                            path: path,
                            format: WAVFormat(sampleRate: 48_000, channelCount: 1, encoding: .float32))
                    } catch {
                        throw CommandFailure(message: error.description, status: 1)
                    }
                }
                let blockSeconds = 128 / engine.sampleRate
                var handle: (any PlaybackHandle)?
                var block = 0
                try renderer.render(seconds: duration + 0.05) { samples, frames in
                    let time = Double(block) * blockSeconds
                    block += 1
                    if handle == nil, time == 0 {
                        handle = try player.play(frequency: frequency, velocity: 63, amplitude: gainValue)
                    }
                    if let sweepCents {
                        let start = duration / 4
                        let progress = min(max((time - start) / sweepTime, 0), 1)
                        if time >= start, time - blockSeconds < start + sweepTime {
                            try handle?.adjustFrequency(
                                tuning.frequency(
                                    of: midiNote, offsetBy: offset + Cents(sweepCents * progress)))
                        }
                    }
                    if time >= duration { try handle?.stop() }
                    do throws(WAVFileError) {
                        try writer?.append(samples, frameCount: frames)
                    } catch {
                        throw CommandFailure(message: error.description, status: 1)
                    }
                }
                do throws(WAVFileError) {
                    try writer?.finish()
                } catch {
                    throw CommandFailure(message: error.description, status: 1)
                }
                let destination = writerPath.map { " to \($0)" } ?? ""
                print(
                    "\(midiNote.name) \(offset) cents = \(frequency) (\(timbre), \(gainValue))\(destination)")
            }
        }
    }
}
