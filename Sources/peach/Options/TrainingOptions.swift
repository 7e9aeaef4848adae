// TrainingOptions: what `peach train`, `match`, `measure` and `serve` take: per-run settings and a live run's options.

import ArgumentParser
import PeachText
import PeachTraining

/// The options shared by the pitch commands and the practice box.
struct TrainingOptions: ParsableArguments {
    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides
    @OptionGroup var run: RunOptions
}
