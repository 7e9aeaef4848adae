// SettingsOverrides: per-run options that override the training settings.

import ArgumentParser
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// Options that override training settings for one run (`--range C3-C5`, `--reference-pitch 442`, …). Each
/// is checked by the same rules as the setting (one validation serves the settings file, `peach settings set`
/// and these options).
struct SettingsOverrides: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.range, current: CLI.setting("noteRange")), valueName: "range"))
    var range: NoteRange?

    @Option(
        name: .long, help: ArgumentHelp(CLI.texts.help(.noteDuration, current: CLI.setting("noteDuration"))))
    var noteDuration: Double?

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.gap, current: CLI.setting("gapBetweenNotes"))))
    var gap: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.referencePitch, current: CLI.setting("referencePitch"))))
    var referencePitch: Double?

    @Option(
        name: .long, help: ArgumentHelp(CLI.texts.help(.varyLoudness, current: CLI.setting("varyLoudness"))))
    var varyLoudness: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.feedbackDuration, current: CLI.setting("feedbackDuration"))))
    var feedbackDuration: Double?

    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.timbre, current: CLI.setting("timbre")), valueName: "timbre"),
        completion: Completions.timbres)
    var timbre: TimbreName?

    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.intervals, current: CLI.setting("intervals")), valueName: "list"),
        completion: Completions.intervals)
    var intervals: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            CLI.texts.help(.tuning, current: CLI.setting("tuningSystem")), valueName: "system"),
        completion: Completions.tunings)
    var tuning: String?

    private var values: [(option: String, key: TrainingSettingKey, value: SettingValue?)] {
        // Values, not their text: a number keeps every digit given.
        [
            ("--range", .noteRange, range.map { .noteRange($0) }),
            ("--note-duration", .noteDuration, noteDuration.map { .number($0) }),
            ("--gap", .gapBetweenNotes, gap.map { .number($0) }),
            ("--reference-pitch", .referencePitch, referencePitch.map { .number($0) }),
            ("--vary-loudness", .varyLoudness, varyLoudness.map { .number($0) }),
            ("--feedback-duration", .feedbackDuration, feedbackDuration.map { .number($0) }),
            ("--timbre", .timbre, timbre.map { .text($0.name) }),
            ("--intervals", .intervals, intervals.map { .text($0) }),
            ("--tuning", .tuningSystem, tuning.map { .text($0) }),
        ]
    }

    func validate() throws {
        _ = try apply(to: TrainingSettings.defaults)
    }

    /// `settings` with every given option applied.
    /// - Throws: ``CommandError/option(_:)`` naming the option and what it accepts.
    func apply(to settings: TrainingSettings) throws -> TrainingSettings {
        let changes: [(option: String, change: ((TrainingSettings) throws -> TrainingSettings)?)] = values.map
        {
            option, key, value in (option, value.map { value in { try $0.setting(key, to: value) } })
        }
        return try OptionOverrides.apply(changes, to: settings)
    }

    /// The settings with these overrides applied to their training part.
    func apply(to settings: PeachSettings) throws -> PeachSettings {
        var result = settings
        result.training = try apply(to: settings.training)
        return result
    }
}
