// TrainingOptions: what `peach train` and `peach match` take: per-run settings, controller, sound, data, events.

import ArgumentParser
import PeachText
import PeachTraining

/// The options shared by `peach train` and `peach match`.
struct TrainingOptions: ParsableArguments {
    @OptionGroup(title: CLI.texts.help(.groupSettings)) var overrides: SettingsOverrides
    @OptionGroup(title: CLI.texts.help(.groupController)) var profile: ProfileOptions
    @OptionGroup(title: CLI.texts.help(.groupController)) var controller: ControllerOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup(title: CLI.texts.help(.groupData)) var data: DataOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.events), valueName: "file"))
    var events: String?
}
