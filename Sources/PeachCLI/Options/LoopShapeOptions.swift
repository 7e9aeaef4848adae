// LoopShapeOptions: fill the gap's silent bars and tempo ramp, declared once for `peach tap` and `peach simulate`.

import ArgumentParser
import PeachCore

/// `--silent-bars`, `--silent-every`, `--ramp`, `--ramp-every`: how fill the gap's loop drops out and speeds up
/// for one run (the settings' own rules check them).
struct LoopShapeOptions: ParsableArguments {
    @Option(name: .setting(.silentBars), help: CLI.help(.silentBars, valueName: "bars"))
    var silentBars: Int?

    @Option(name: .setting(.silentEvery), help: CLI.help(.silentEvery, valueName: "bars"))
    var silentEvery: Int?

    // Unconditional: a ramp down is a negative number (`--ramp -5`), not another option.
    @Option(name: .setting(.tempoRamp), parsing: .unconditional, help: CLI.help(.tempoRamp, valueName: "bpm"))
    var ramp: Int?

    @Option(name: .setting(.rampEvery), help: CLI.help(.rampEvery, valueName: "bars"))
    var rampEvery: Int?

    /// The settings and the texts given (nil where not given).
    var values: [(key: SettingKey, text: String?)] {
        [
            (.silentBars, silentBars.map(String.init)), (.silentEvery, silentEvery.map(String.init)),
            (.tempoRamp, ramp.map(String.init)), (.rampEvery, rampEvery.map(String.init)),
        ]
    }
}
