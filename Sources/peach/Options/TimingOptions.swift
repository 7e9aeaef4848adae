// TimingOptions: what `peach timing` and `peach tap` take: the tempo, controller, sound, data, events.

import ArgumentParser
import PeachStore
import PeachText
import PeachTraining

/// The options shared by `peach timing` and `peach tap`.
struct TimingOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(CLI.texts.help(.tempo, current: CLI.setting("tempo")), valueName: "bpm"))
    var tempo: Int?
    @OptionGroup(title: CLI.texts.help(.groupController)) var profile: ProfileOptions
    @OptionGroup(title: CLI.texts.help(.groupController)) var controller: ControllerOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup(title: CLI.texts.help(.groupData)) var data: DataOptions

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.events), valueName: "file"))
    var events: String?

    /// `settings` with the given timing options applied (`extra`: a command's own, as option and setting key).
    /// - Throws: ``CommandError/option(_:)`` naming the option and what it accepts.
    static func apply(
        _ values: [(option: String, key: String, value: String?)], to settings: PeachSettings
    ) throws -> PeachSettings {
        var result = settings
        for (option, key, value) in values {
            guard let value else { continue }
            do {
                result = try result.setting(key, toText: value)
            } catch {
                throw CommandError.option(error.naming(option))
            }
        }
        return result
    }
}
