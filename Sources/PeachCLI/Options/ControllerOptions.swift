// ControllerOptions: --midi-in, and the controller input it opens (sequencer, raw bytes, keyboard).

import ArgumentParser
import PeachALSA
import PeachJACK
import PeachLive
import PeachMIDI
import PeachText
import PeachTraining

/// The option that chooses where controller input comes from.
struct ControllerOptions: ParsableArguments {
    @Option(
        name: .customLong("midi-in"), help: ArgumentHelp(CLI.texts.help(.midiIn), valueName: "spec"),
        completion: Completions.midiInputs)
    var midiIn: MIDIInputSpec?

    /// The input asked for (default: the sequencer, every hardware controller).
    var spec: MIDIInputSpec { midiIn ?? .sequencer(.controllers) }

    /// Opens the input; the keyboard stands in for a missing sequencer unless `--midi-in` was given.
    func open(profile: ControllerProfile, useKeyboard: Bool) throws -> ControllerInput {
        try ControllerInput(
            spec: spec, profile: profile, useKeyboard: useKeyboard, keyboardStandsIn: midiIn == nil,
            texts: CLI.texts,
            openSequencer: { try ALSASequencer() }, openJACK: { JACKMIDISource(target: $0) })
    }
}
