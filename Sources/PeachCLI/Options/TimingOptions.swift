// TimingOptions: what `peach timing`, `tap` and `timing calibrate` take: the tempo and a live run's options.

import PeachCore
import PeachText
import PeachTraining

/// The options shared by the timing commands: a plain value of each command's `--tempo` and live-run option
/// groups (a group of groups would make swift-argument-parser's debug checks, and so `--help`, cost more).
struct TimingOptions {
    let tempo: TempoOption
    let run: RunOptions

    /// `--tempo` and a command's own options, as setting keys and the text given (nil when not given).
    func values(_ own: [(key: SettingKey, text: String?)] = []) -> [(key: SettingKey, text: String?)] {
        [tempo.value] + own
    }

    /// Runs a timing session of `mode` with the options (and a command's `own`) over the settings.
    @MainActor
    func launch(_ mode: TrainingMode, own: [(key: SettingKey, text: String?)] = []) async throws {
        let values = self.values(own)
        try await run.launch(mode) { try OptionOverrides.apply(values, to: $0) }
    }
}
