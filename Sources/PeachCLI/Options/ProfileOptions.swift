// ProfileOptions: --profile, and where the shipped and the user's controller profiles are.

import ArgumentParser
import PeachLive
import PeachMIDI
import PeachStore
import PeachText
import PeachTraining

/// The `--profile` option: which controller profile turns messages into actions.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .setting(.controllerProfile), help: CLI.help(.controllerProfile, valueName: "name"),
        completion: Completions.profiles)
    var profile: String?

    /// The profile to use: `--profile` (an error if broken), else the setting (falls back to the built-in
    /// default with a warning on stderr if broken).
    func resolve(settings: PeachSettings) throws -> ControllerProfile {
        let resolution = try Self.library().resolve(
            profile ?? settings.controllerProfile, explicitly: profile != nil)
        if let reason = resolution.fallbackReason {
            Terminal.emitError("peach: " + CLI.texts.profileFallback(reason))
        }
        return resolution.profile
    }

    /// The library over the user's folder (when known) and the shipped folders (see `ProfileLocations`).
    static func library() -> ProfileLibrary {
        let user = try? CLI.locations(dataDirectory: nil).userProfilesDirectory
        return ProfileLocations.library(userDirectory: user, environment: CLI.environment)
    }
}
