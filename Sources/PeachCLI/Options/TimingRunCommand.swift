// TimingRunCommand: what `peach timing`, `tap`, `echo` and `timing calibrate` share: one validation, one launch.

import ArgumentParser
import PeachCore
import PeachStore
import PeachTraining

/// A timing command: `--tempo` and a live run's option groups, declared in each command as a plain pair (a
/// group of groups would make swift-argument-parser's debug checks, and so `--help`, cost more), the command's
/// own options as setting values, and the discipline it runs. Its `validate()` and `run()` are these.
protocol TimingRunCommand: AsyncParsableCommand {
    /// The discipline the command runs.
    static var mode: TrainingMode { get }
    /// `--tempo`.
    var tempo: TempoOption { get }
    /// The live run's options.
    var live: RunOptions { get }
    /// The command's own options, as setting keys and the text given (nil when not given).
    var own: [(key: SettingKey, text: String?)] { get }
}

extension TimingRunCommand {
    /// No options of its own.
    var own: [(key: SettingKey, text: String?)] { [] }

    /// `--tempo` and the command's own options, as setting keys and the text given.
    private var values: [(key: SettingKey, text: String?)] { [tempo.value] + own }

    /// Refuses a bad value before anything opens.
    func validate() throws { _ = try OptionOverrides.apply(values, to: PeachSettings.defaults) }

    /// Runs a timing session of ``mode`` with the options over the settings.
    @MainActor
    func run() async throws {
        let values = self.values
        try await live.launch(Self.mode) { try OptionOverrides.apply(values, to: $0) }
    }
}
