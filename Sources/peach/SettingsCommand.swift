// SettingsCommand: `peach settings`: list, get, set and reset the settings in settings.json.

import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach settings`: the settings file.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: Messages.pick(
            "List, get, set or reset settings (~/.config/peach/settings.json).",
            "Einstellungen auflisten, lesen, setzen oder zurücksetzen (~/.config/peach/settings.json)."),
        discussion: """
            A change applies to the next trial of a running session.
            Examples:
              peach settings set noteRange C3-C5
              peach settings set referencePitch 442
              peach settings reset noteDuration
            """,
        subcommands: [List.self, Get.self, Set.self, Reset.self], defaultSubcommand: List.self)

    static func file() throws -> SettingsFile {
        let locations = try resolveLocations(dataDirectory: nil)
        return SettingsFile(path: locations.settingsFile)
    }

    static func checkKey(_ key: String) throws {
        guard PeachSettings.keys.contains(key) else {
            throw CommandFailure.usage(
                Messages.pick(
                    "there is no setting '\(key)'; the settings are: ",
                    "es gibt keine Einstellung '\(key)'; es gibt: ")
                    + PeachSettings.keys.joined(separator: ", ") + "."
            )
        }
    }

    /// `peach settings list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Messages.pick(
                "List every setting with its default and range.",
                "Listet jede Einstellung mit Standardwert und Bereich."))

        func run() throws {
            try reportingFailures {
                let file = try SettingsCommand.file()
                let loaded = try reportingStoreErrors { try file.load() }
                print(
                    Messages.pick(
                        "Settings in \(file.path) (* = changed)",
                        "Einstellungen in \(file.path) (* = geändert)"))
                for key in PeachSettings.keys {
                    let value = loaded.settings.text(of: key) ?? "-"
                    let standard = PeachSettings.defaults.text(of: key) ?? "-"
                    let mark = value == standard ? " " : "*"
                    print(
                        "\(mark) \(key.padding(toLength: 18, withPad: " ", startingAt: 0))"
                            + "\(value.padding(toLength: 14, withPad: " ", startingAt: 0)) "
                            + Messages.pick("default ", "Standard ")
                            + "\(standard.padding(toLength: 13, withPad: " ", startingAt: 0)) "
                            + Messages.pick(
                                PeachSettings.allowedDescription(of: key),
                                Messages.german(PeachSettings.allowedDescription(of: key))))
                }
                for (key, _) in loaded.unknownKeys {
                    print(
                        "? \(key.padding(toLength: 18, withPad: " ", startingAt: 0))"
                            + Messages.pick(
                                "not a Peach setting (kept as it is)",
                                "keine Peach-Einstellung (bleibt, wie sie ist)")
                    )
                }
            }
        }
    }

    /// `peach settings get KEY`.
    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Messages.pick(
                "Print one setting's value.",
                "Gibt den Wert einer Einstellung aus."))

        @Argument(help: "The setting, e.g. noteRange.")
        var key: String

        func run() throws {
            try reportingFailures {
                try SettingsCommand.checkKey(key)
                let loaded = try reportingStoreErrors { try SettingsCommand.file().load() }
                print(loaded.settings.text(of: key) ?? "")
            }
        }
    }

    /// `peach settings set KEY VALUE`.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Messages.pick(
                "Change one setting.",
                "Ändert eine Einstellung."))

        @Argument(help: "The setting, e.g. noteRange.")
        var key: String

        @Argument(parsing: .captureForPassthrough, help: "The new value, e.g. C3-C5.")
        var value: [String] = []

        func run() throws {
            try reportingFailures {
                try SettingsCommand.checkKey(key)
                guard !value.isEmpty else {
                    throw CommandFailure.usage(
                        Messages.pick("give a value for \(key).", "gib einen Wert für \(key) an."))
                }
                let file = try SettingsCommand.file()
                let loaded = try reportingStoreErrors { try file.load() }
                let changed: PeachSettings
                do throws(SettingsError) {
                    changed = try loaded.settings.setting(key, toText: value.joined(separator: " "))
                } catch {
                    throw CommandFailure.usage(Messages.describe(error, option: key))
                }
                try reportingStoreErrors { try file.save(changed, keeping: loaded.unknownKeys) }
                print("\(key) = \(changed.text(of: key) ?? "")")
            }
        }
    }

    /// `peach settings reset [KEY]`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Messages.pick(
                "Reset one setting, or all of them, to the default.",
                "Setzt eine oder alle Einstellungen auf den Standard zurück."))

        @Argument(help: "The setting to reset; all settings when left out.")
        var key: String?

        func run() throws {
            try reportingFailures {
                let file = try SettingsCommand.file()
                guard let key else {
                    let unknown = (try? file.load().unknownKeys) ?? []
                    try reportingStoreErrors { try file.save(.defaults, keeping: unknown) }
                    print(
                        Messages.pick(
                            "All settings are back to their defaults.",
                            "Alle Einstellungen sind wieder auf Standard."))
                    return
                }
                try SettingsCommand.checkKey(key)
                // Reset one key even when another value in the file is broken: only this key is rewritten.
                let text = PeachSettings.defaults.text(of: key) ?? ""
                let loaded = try reportingStoreErrors { try file.loadIgnoring(key: key) }
                let changed = try loaded.settings.setting(key, toText: text)
                try reportingStoreErrors { try file.save(changed, keeping: loaded.unknownKeys) }
                print("\(key) = \(text)")
            }
        }
    }
}
