// InstrumentOptions: `--soundfont` and `--preset`: the SoundFont preset the internal synth plays.

import ArgumentParser
import PeachAudio
import PeachStore
import PeachText
import PeachTraining

/// The SoundFont options of `train`, `match` and `tone`.
struct InstrumentOptions: ParsableArguments {
    @Option(
        name: .setting(.soundFont), help: CLI.help(.soundFont, valueName: "file"),
        completion: Completions.soundFonts)
    var soundFont: String?

    @Option(
        name: .setting(.preset), help: CLI.help(.preset, valueName: "name"),
        completion: Completions.presets)
    var preset: String?

    /// The preset to play (nil for the built-in timbre), or why the one asked for cannot play.
    func load(settings: PeachSettings) -> (SampledInstrument?, SoundFontError?) {
        SoundFontLibrary(environment: CLI.environment).choose(
            soundFont: soundFont ?? settings.soundFont, preset: preset ?? settings.preset)
    }
}
