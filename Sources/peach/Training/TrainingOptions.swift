// TrainingOptions: what `peach train` and `peach match` take: per-run settings, controller, sound, data, events.

import ArgumentParser
import PeachCore

/// The options shared by `peach train` and `peach match`.
struct TrainingOptions: ParsableArguments {
    @OptionGroup(title: "Settings for this run")
    var overrides: SettingsOverrides

    @Option(name: .long, help: "The internal synth's timbre: sine, piano or organ.")
    var timbre: String?

    @OptionGroup(title: "Controller") var profileOptions: ProfileOptions
    @OptionGroup(title: "Controller") var input: MIDIInputOptions
    @OptionGroup(title: "Sound") var audio: AudioOutputOptions
    @OptionGroup(title: "Sound") var midiOutput: MIDIOutputOptions
    @OptionGroup(title: "Data") var location: DataLocationOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write a JSON Lines account of the session to FILE (- for stdout).",
            discussion:
                "Events: started, trialStarted, note2Started, tunableStarted, answer, result, stopped; see the README.",
            valueName: "file"))
    var events: String?

    /// The training settings of this run: `settings` with the per-run options applied.
    /// - Throws: ``CommandFailure`` naming a bad option.
    func apply(to settings: TrainingSettings) throws -> TrainingSettings {
        var result = try overrides.apply(to: settings)
        if let timbre {
            do {
                result = try result.setting(.timbre, toText: timbre)
            } catch {
                throw CommandFailure.usage(Messages.describe(error, option: "--timbre"))
            }
        }
        return result
    }
}
