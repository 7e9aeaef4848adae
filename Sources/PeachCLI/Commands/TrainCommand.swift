// TrainCommand: `peach train` and `peach match`: wires the live ports to a TrainingRun and runs it.

import ArgumentParser
import PeachCore
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// `peach train`: pitch-discrimination training until you stop.
struct TrainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "train", abstract: .trainAbstract, discussion: .trainDiscussion)

    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides
    @OptionGroup var live: RunOptions

    @MainActor
    func run() async throws {
        try await live.launch(.comparison, overrides: overrides.apply)
    }
}

/// `peach match`: pitch-matching training until you stop.
struct MatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "match", abstract: .matchAbstract, discussion: .matchDiscussion)

    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides
    @OptionGroup var live: RunOptions

    /// A setting matching does not read (`--vary-loudness`, a comparison's rove): refused, not silently taken.
    func validate() throws { try overrides.refuseUnused(by: .pitchMatching) }

    @MainActor
    func run() async throws {
        try await live.launch(.pitchMatching, overrides: overrides.apply)
    }
}

/// `peach measure`: a threshold measurement placed by the Psi procedure, until precise or at its trial count.
struct MeasureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "measure", abstract: .measureAbstract, discussion: .measureDiscussion)

    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides
    @OptionGroup var live: RunOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.measureTrials)))
    var trials = 80

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.measurePrecision)))
    var precision = 0.15

    private var request: MeasurementRequest { MeasurementRequest(trials: trials, precision: precision) }

    func validate() throws { _ = try request.procedure(number: CLI.texts.shortest) }

    @MainActor
    func run() async throws {
        let procedure = try request.procedure(number: CLI.texts.shortest)
        try await live.launch(.measurement, measurement: procedure, overrides: overrides.apply)
    }
}
