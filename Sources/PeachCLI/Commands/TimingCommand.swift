// TimingCommand: `peach timing` (offset detection), `peach tap` (fill the gap) and `peach timing calibrate`.

import ArgumentParser
import PeachCore
import PeachText
import PeachTraining

/// `peach timing`: a pattern loops, one note early or late; answer which.
struct TimingCommand: TimingRunCommand {
    static let configuration = CommandConfiguration.peach(
        "timing", abstract: .timingAbstract, discussion: .timingDiscussion,
        subcommands: [TimingCalibrateCommand.self])
    static let mode = TrainingMode.offsetDetection

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions

    @Option(
        name: .setting(.offsetClick), help: CLI.help(.offsetClick, valueName: "step"))
    var offsetClick: Int?

    @Option(
        name: .setting(.timingPatterns), help: CLI.help(.timingPatterns, valueName: "list"),
        completion: Completions.timingPatterns)
    var patterns: String?

    @Option(
        name: .setting(.maxRepetitions), help: CLI.help(.maxRepetitions, valueName: "n"),
        completion: .list(TimingSettings.repetitionChoices.map(String.init) + ["unlimited"]))
    var maxRepetitions: String?

    var own: [(key: SettingKey, text: String?)] {
        [
            (.offsetClick, offsetClick.map(String.init)), (.timingPatterns, patterns),
            (.maxRepetitions, maxRepetitions),
        ]
    }
}

/// `peach tap`: fill the gap: strike the silent steps of a click loop.
struct TapCommand: TimingRunCommand {
    static let configuration = CommandConfiguration.peach(
        "tap", abstract: .tapAbstract, discussion: .tapDiscussion)
    static let mode = TrainingMode.gapFill

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions

    @Option(
        name: .setting(.gapPositions), help: CLI.help(.gapPositions, valueName: "steps"))
    var gapPositions: String?

    @Option(
        name: .setting(.gapPattern), help: CLI.help(.gapPattern, valueName: "pattern"),
        completion: .list(["none"] + TimingPattern.withRests.map(\.id)))
    var pattern: String?

    @OptionGroup var loopShape: LoopShapeOptions

    var own: [(key: SettingKey, text: String?)] {
        [(.gapPositions, gapPositions), (.gapPattern, pattern)] + loopShape.values
    }
}

/// `peach timing calibrate`: tap along with the clicks; what the chain adds is kept per controller and output.
struct TimingCalibrateCommand: TimingRunCommand {
    static let configuration = CommandConfiguration.peach(
        "calibrate", abstract: .calibrateAbstract, discussion: .calibrateDiscussion)
    static let mode = TrainingMode.calibration

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions
}
