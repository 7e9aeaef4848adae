// TimingCommand: `peach timing` (offset detection), `peach tap` (fill the gap) and `peach timing calibrate`.

import ArgumentParser
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// `peach timing`: a pattern loops, one note early or late; answer which.
struct TimingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timing", abstract: CLI.texts.help(.timingAbstract),
        discussion: CLI.texts.help(.timingDiscussion), subcommands: [TimingCalibrateCommand.self])

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions
    private var options: TimingOptions { TimingOptions(tempo: tempo, run: live) }

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

    private var own: [(key: SettingKey, text: String?)] {
        [
            (.offsetClick, offsetClick.map(String.init)), (.timingPatterns, patterns),
            (.maxRepetitions, maxRepetitions),
        ]
    }

    func validate() throws { _ = try OptionOverrides.apply(options.values(own), to: PeachSettings.defaults) }

    @MainActor
    func run() async throws { try await options.launch(.offsetDetection, own: own) }
}

/// `peach tap`: fill the gap: strike the silent steps of a click loop.
struct TapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap", abstract: CLI.texts.help(.tapAbstract), discussion: CLI.texts.help(.tapDiscussion)
    )

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions
    private var options: TimingOptions { TimingOptions(tempo: tempo, run: live) }

    @Option(
        name: .setting(.gapPositions), help: CLI.help(.gapPositions, valueName: "steps"))
    var gapPositions: String?

    @Option(
        name: .setting(.gapPattern), help: CLI.help(.gapPattern, valueName: "pattern"),
        completion: .list(["none"] + TimingPattern.withRests.map(\.id)))
    var pattern: String?

    @OptionGroup var loopShape: LoopShapeOptions

    private var own: [(key: SettingKey, text: String?)] {
        [(.gapPositions, gapPositions), (.gapPattern, pattern)] + loopShape.values
    }

    func validate() throws { _ = try OptionOverrides.apply(options.values(own), to: PeachSettings.defaults) }

    @MainActor
    func run() async throws { try await options.launch(.gapFill, own: own) }
}

/// `peach timing calibrate`: tap along with the clicks; what the chain adds is kept per controller and output.
struct TimingCalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate", abstract: CLI.texts.help(.calibrateAbstract),
        discussion: CLI.texts.help(.calibrateDiscussion))

    @OptionGroup var tempo: TempoOption
    @OptionGroup var live: RunOptions
    private var options: TimingOptions { TimingOptions(tempo: tempo, run: live) }

    func validate() throws { _ = try OptionOverrides.apply(options.values(), to: PeachSettings.defaults) }

    @MainActor
    func run() async throws { try await options.launch(.calibration) }
}
