// TimingCommand: `peach timing` (offset detection) and `peach tap` (fill the gap): timing training live.

import ArgumentParser
import PeachCore
import PeachText
import PeachTraining

/// `peach timing`: four clicks, one early or late; answer which.
struct TimingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timing", abstract: CLI.texts.help(.timingAbstract),
        discussion: CLI.texts.help(.timingDiscussion), subcommands: [TimingCalibrateCommand.self])

    @OptionGroup var options: TimingOptions

    @Option(
        name: .customLong("offset-click"),
        help: ArgumentHelp(CLI.texts.help(.offsetClick, current: CLI.setting("offsetClick")), valueName: "n"))
    var offsetClick: Int?

    private var values: [(option: String, key: String, value: String?)] {
        [
            ("--tempo", "tempo", options.tempo.map(String.init)),
            ("--offset-click", "offsetClick", offsetClick.map(String.init)),
        ]
    }

    func validate() throws { _ = try TimingOptions.apply(values, to: .defaults) }

    @MainActor
    func run() async throws {
        try await LiveTraining(options: options, mode: .offsetDetection, values: values).launch()
    }
}

/// `peach tap`: fill the gap: strike the silent steps of a click loop.
struct TapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap", abstract: CLI.texts.help(.tapAbstract), discussion: CLI.texts.help(.tapDiscussion)
    )

    @OptionGroup var options: TimingOptions

    @Option(
        name: .customLong("gap-positions"),
        help: ArgumentHelp(
            CLI.texts.help(.gapPositions, current: CLI.setting("gapPositions")), valueName: "steps"))
    var gapPositions: String?

    private var values: [(option: String, key: String, value: String?)] {
        [
            ("--tempo", "tempo", options.tempo.map(String.init)),
            ("--gap-positions", "gapPositions", gapPositions),
        ]
    }

    func validate() throws { _ = try TimingOptions.apply(values, to: .defaults) }

    @MainActor
    func run() async throws {
        try await LiveTraining(options: options, mode: .gapFill, values: values).launch()
    }
}

/// `peach timing calibrate`: tap along with the clicks; what the chain adds is kept per controller and output.
struct TimingCalibrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate", abstract: CLI.texts.help(.calibrateAbstract),
        discussion: CLI.texts.help(.calibrateDiscussion))

    @OptionGroup var options: TimingOptions

    private var values: [(option: String, key: String, value: String?)] {
        [("--tempo", "tempo", options.tempo.map(String.init))]
    }

    func validate() throws { _ = try TimingOptions.apply(values, to: .defaults) }

    @MainActor
    func run() async throws {
        try await LiveTraining(options: options, mode: .calibration, values: values).launch()
    }
}
