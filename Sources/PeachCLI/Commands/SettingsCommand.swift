// SettingsCommand: `peach settings`: list, get, set and reset the settings in settings.json.

import ArgumentParser
import Foundation
import PeachCore
import PeachLive
import PeachStore
import PeachText
import PeachTraining

/// `peach settings`: the settings file.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "settings", abstract: .settingsAbstract, discussion: .settingsDiscussion,
        subcommands: [List.self, Get.self, Set.self, Reset.self], defaultSubcommand: List.self)

    /// The editor of the user's settings file.
    static func editor() throws -> SettingsEditor {
        let locations = try CLI.locations(dataDirectory: nil)
        return SettingsEditor(
            file: SettingsFile(path: locations.settingsFile), profiles: Completions.values.profileNames(),
            protected: ProtectedFiles(locations))
    }

    /// Prints `key = value`, and what a repair did.
    static func report(_ outcome: SettingsEditor.Outcome, key: SettingKey?) {
        let (lines, notes) = CLI.texts.settingsOutcome(outcome, key: key)
        for line in lines { Terminal.show(line) }
        for note in notes { Terminal.emitError("peach: " + note) }
    }

    /// `peach settings list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration.peach("list", abstract: .settingsList)

        func run() throws {
            let file = try CLI.settingsFile()
            let loaded = try file.loadForRepair()
            for problem in loaded.problems {
                Terminal.emitError("peach: \(file.path): " + CLI.texts.problem(problem))
            }
            for line in CLI.texts.settingsList(loaded, path: file.path) { Terminal.show(line) }
        }
    }

    /// `peach settings get KEY`.
    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration.peach("get", abstract: .settingsGet)

        @Argument(help: ArgumentHelp(CLI.texts.help(.settingKey)), completion: Completions.settingKeys)
        var key: String

        func validate() throws { _ = try SettingKey.named(key) }

        func run() throws {
            let key = try SettingKey.named(key)
            print(CLI.texts.settingValue(try CLI.loadSettings().text(of: key), of: key))
        }
    }

    /// `peach settings set KEY VALUE`.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration.peach("set", abstract: .settingsSet)

        @Argument(help: ArgumentHelp(CLI.texts.help(.settingKey)), completion: Completions.settingKeys)
        var key: String

        @Argument(
            parsing: .captureForPassthrough, help: ArgumentHelp(CLI.texts.help(.settingValue)),
            completion: Completions.settingValues)
        var value: [String] = []

        func validate() throws {
            let key = try SettingKey.named(self.key)
            guard !value.isEmpty else { throw key.invalid("") }
        }

        func run() throws {
            let key = try SettingKey.named(self.key)
            let outcome = try SettingsCommand.editor().set(
                key, to: CLI.texts.storedValue(value.joined(separator: " "), of: key), at: Date())
            SettingsCommand.report(outcome, key: key)
        }
    }

    /// `peach settings reset [KEY]`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration.peach("reset", abstract: .settingsReset)

        @Argument(help: ArgumentHelp(CLI.texts.help(.settingKeyToReset)), completion: Completions.settingKeys)
        var key: String?

        func validate() throws { _ = try key.map(SettingKey.named) }

        func run() throws {
            let key = try key.map(SettingKey.named)
            SettingsCommand.report(try SettingsCommand.editor().reset(key, at: Date()), key: key)
        }
    }
}
