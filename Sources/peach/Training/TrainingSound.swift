// TrainingSound: what plays a session's notes: the internal synth on an audio sink, or an external MIDI synth.

import Foundation
import PeachALSA
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore

/// The note player for a session and its clean-up: the internal synth running on the audio thread (ALSA,
/// or a real-time-paced `wav:`/`null` sink), or ``MIDINotePlayer`` on an external synth. ``shutdown()``
/// silences everything; it is what every exit path calls.
@MainActor
final class TrainingSound {
    /// Plays the notes.
    let player: any NotePlayer
    /// Where the sound goes, for the screen.
    let name: String

    private let output: AudioOutput?
    private let midi: MIDINotePlayer?

    /// Opens the sound the options ask for (the `settings` already loaded supply what they leave out).
    /// `onLost` is called (on another thread) if the audio device fails.
    /// - Throws: the device's typed error, or ``CommandFailure`` for bad options.
    init(
        audio: AudioOutputOptions, midiOutput: MIDIOutputOptions, settings: PeachSettings, timbre: String,
        onLost: @escaping @Sendable (any Error & Sendable) -> Void
    ) throws {
        let midiSpec = try midiOutput.spec(settings: settings)
        if midiSpec != .internalSynth {
            let configuration = try midiOutput.configuration()
            let destination = try midiOutput.destination(for: midiSpec)
            let player = try MIDINotePlayer(destination: destination, configuration: configuration)
            self.player = player
            midi = player
            output = nil
            name = destination.name
            return
        }
        let spec = try audio.spec(settings: settings)
        let sink = try audio.makeSink(for: spec)
        let output = AudioOutput(sink: sink, onFailure: onLost)
        try output.start()
        do {
            player = try SynthNotePlayer(engine: output.engine, timbre: timbre)
        } catch {
            output.stop()
            throw CommandFailure.usage(
                Messages.pick("--timbre '\(timbre)' is not one of ", "--timbre '\(timbre)' ist keiner von ")
                    + Timbre.all.map(\.name).joined(separator: ", ") + ".")
        }
        self.output = output
        midi = nil
        name = spec.description
    }

    /// Silences every note and closes the output (the external synth gets note-offs, CC123, bend centre).
    func shutdown() {
        try? midi?.silenceAll()
        output?.stop()
    }
}
