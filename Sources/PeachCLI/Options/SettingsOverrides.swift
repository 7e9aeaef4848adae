// SettingsOverrides: per-run options that override the training settings.

import ArgumentParser
import PeachCore
import PeachStore
import PeachText
import PeachTraining

/// Options that override training settings for one run (`--range C3-C5`, `--reference-pitch 442`, …). Each
/// is checked by the same rules as the setting (one validation serves the settings file, `peach settings set`
/// and these options). The sound of a question (``SoundOverrides``) and what only pitch training uses
/// (`--vary-loudness`, `--intervals`, `--tuning`): `peach play` takes the first alone.
struct SettingsOverrides: TrainingOverrides {
    @OptionGroup var sound: SoundOverrides

    @Option(
        name: .setting(.varyLoudness), help: CLI.help(.varyLoudness))
    var varyLoudness: Double?

    @Option(
        name: .setting(.intervals), help: CLI.help(.intervals, valueName: "list"),
        completion: Completions.intervals)
    var intervals: String?

    @Option(
        name: .setting(.tuningSystem), help: CLI.help(.tuningSystem, valueName: "system"),
        completion: Completions.tunings)
    var tuning: String?

    var values: [(key: SettingKey, value: SettingValue?)] {
        sound.values + [
            (.varyLoudness, varyLoudness.map { .number($0) }),
            (.intervals, intervals.map { .text($0) }),
            (.tuningSystem, tuning.map { .text($0) }),
        ]
    }
}

/// The options that set how a question sounds, for every pitch and play-back run: `--range`, `--note-duration`,
/// `--gap`, `--reference-pitch`, `--feedback-duration`, `--timbre`. Play back always sounds in equal temperament
/// (its answers are the keys), so it takes no `--tuning`, and no `--intervals` or `--vary-loudness` either.
struct SoundOverrides: TrainingOverrides {
    @Option(
        name: .setting(.noteRange), help: CLI.help(.noteRange, valueName: "range"))
    var range: NoteRange?

    @Option(
        name: .setting(.noteDuration), help: CLI.help(.noteDuration))
    var noteDuration: Double?

    @Option(name: .setting(.gapBetweenNotes), help: CLI.help(.gapBetweenNotes))
    var gap: Double?

    @Option(
        name: .setting(.referencePitch), help: CLI.help(.referencePitch))
    var referencePitch: Double?

    @Option(
        name: .setting(.feedbackDuration), help: CLI.help(.feedbackDuration))
    var feedbackDuration: Double?

    @Option(
        name: .setting(.timbre), help: CLI.help(.timbre, valueName: "timbre"),
        completion: Completions.timbres)
    var timbre: TimbreName?

    var values: [(key: SettingKey, value: SettingValue?)] {
        // Values, not their text: a number keeps every digit given.
        [
            (.noteRange, range.map { .noteRange($0) }),
            (.noteDuration, noteDuration.map { .number($0) }),
            (.gapBetweenNotes, gap.map { .number($0) }),
            (.referencePitch, referencePitch.map { .number($0) }),
            (.feedbackDuration, feedbackDuration.map { .number($0) }),
            (.timbre, timbre.map { .text($0.name) }),
        ]
    }
}

/// A group of options that each override one training setting for a run.
protocol TrainingOverrides: ParsableArguments {
    /// Each setting the group can override, with the value given (nil: not given).
    var values: [(key: SettingKey, value: SettingValue?)] { get }
}

extension TrainingOverrides {
    /// Refuses an option given for a setting a run of `mode` (one of the pitch commands') does not read
    /// (``TrainingMode/uses(_:)``), naming the commands that do.
    /// - Throws: ``CommandError/optionNeeds(option:choice:values:given:)``.
    func refuseUnused(by mode: TrainingMode) throws(CommandError) {
        let commands: [(mode: TrainingMode, name: String)] = [
            (.comparison, "train"), (.pitchMatching, "match"), (.measurement, "measure"),
        ]
        for (key, value) in values where value != nil && !mode.uses(key) {
            throw .optionNeeds(
                option: key.option, choice: "peach",
                values: commands.filter { $0.mode.uses(key) }.map(\.name),
                given: commands.first { $0.mode == mode }?.name ?? mode.rawValue)
        }
    }

    func validate() throws {
        _ = try apply(to: TrainingSettings.defaults)
    }

    /// `settings` with every given option applied.
    /// - Throws: ``CommandError/option(_:)`` naming the option and what it accepts.
    func apply(to settings: TrainingSettings) throws -> TrainingSettings {
        let changes: [(option: String, change: ((TrainingSettings) throws -> TrainingSettings)?)] = values.map
        {
            key, value in (key.option, value.map { value in { try $0.setting(key, to: value) } })
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
