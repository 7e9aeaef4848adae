// SimulateCommand: `peach simulate`: a real training session answered by a simulated listener.

import ArgumentParser
import Logging
import PeachCore
import PeachLive
import PeachStore
import PeachTraining

/// `peach simulate`: runs the real session, strategy and profile answered by a ``SimulatedListener`` in
/// virtual time. Nothing sounds; nothing is stored unless `--save`.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate", abstract: CLI.texts.help(.simulateAbstract),
        discussion: CLI.texts.help(.simulateDiscussion))

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.mode)))
    var mode: SimulationMode = .comparison

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.trials)))
    var trials = 100

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.threshold)))
    var threshold = 10.0

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.lapse)))
    var lapse = 0.02

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.slope)))
    var slope = 2.0

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.shape)))
    var shape: PsychometricShape = .weibull

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(CLI.texts.help(.bias)))
    var bias: Cents = 0

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.spread)))
    var spread = 5.0

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.seed)))
    var seed: UInt64?

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.quiet)))
    var quiet = false

    @Flag(name: .long, help: ArgumentHelp(CLI.texts.help(.save)))
    var save = false

    @OptionGroup var tempo: TempoOption

    @OptionGroup var data: DataOptions
    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides

    func validate() throws {
        try CommandError.checkRanges(
            [
                ("--trials", Double(trials), 1...1_000_000, .wholeNumber(1...1_000_000)),
                ("--threshold", threshold, 0.1...100, .number(0.1...100, .cents)),
                ("--lapse", lapse, 0...0.4, .number(0...0.4, .amount)),
                ("--slope", slope, 0.5...10, .number(0.5...10, .amount)),
                ("--bias", bias.rawValue, -100...100, .number(-100...100, .cents)),
                ("--spread", spread, 0...100, .number(0...100, .cents)),
            ], number: CLI.texts.shortest)
        _ = try OptionOverrides.apply(timing, to: PeachSettings.defaults)
    }

    private var timing: [(key: SettingKey, text: String?)] { [tempo.value] }

    func run() throws {
        let seed = self.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        Logger(label: "peach.simulate").debug("simulation", metadata: ["seed": "\(seed)", "mode": "\(mode)"])
        let listener = SimulatedListener.Parameters(
            threshold: threshold, slope: slope, lapseRate: lapse, shape: shape, matchingBias: bias.rawValue,
            matchingSpread: spread)
        let stored = try MainActor.assumeIsolated {
            try SimulationLauncher.run(
                mode, listener: listener, trials: trials, seed: seed, at: try data.locations(),
                training: overrides.apply, timing: timing, save: save, verbose: !quiet, texts: CLI.texts)
        }
        guard stored else { throw ExitCode(1) }
    }
}
