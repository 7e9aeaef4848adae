// TempoOption: `--tempo`, the one declaration of timing training's tempo for every command that takes it.

import ArgumentParser
import PeachCore

/// `--tempo BPM`: timing training's tempo for one run (the `tempo` setting's own rules check it).
struct TempoOption: ParsableArguments {
    @Option(name: .setting(.tempo), help: CLI.help(.tempo, valueName: "bpm"))
    var tempo: Int?

    /// The setting and the text given (nil when not given).
    var value: (key: SettingKey, text: String?) { (.tempo, tempo.map(String.init)) }
}
