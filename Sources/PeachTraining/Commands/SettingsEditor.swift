// SettingsEditor: `peach settings set` and `reset`: one validation, and repair of a broken file.

import Foundation
import PeachCore
import PeachStore

/// Changes settings in the settings file. A value is checked by the same rules as loading and the command-line
/// options, and `controllerProfile` against the profiles that exist. A broken file is repaired: every
/// setting that still reads is kept, the broken original is copied aside first
/// (`settings.json.broken-<time>`), and the problems that were dropped are reported.
public struct SettingsEditor: Sendable {
    /// What an edit did.
    public struct Outcome: Sendable {
        /// The settings now in the file.
        public let settings: PeachSettings
        /// Where the broken original was copied, when the file was repaired.
        public let brokenCopy: String?
        /// What was wrong in the file and left at its default.
        public let dropped: [SettingsFileProblem]
    }

    /// The file.
    public let file: SettingsFile
    /// The names of the controller profiles that exist.
    public let profiles: [String]

    /// An editor of `file`, knowing the `profiles` that exist.
    public init(file: SettingsFile, profiles: [String]) {
        self.file = file
        self.profiles = profiles
    }

    /// Sets `key` from `text` (as a user types it).
    /// - Throws: ``SettingsError`` for an unknown key or a value the key does not allow (nothing is written
    ///   then), ``StoreError`` when the file cannot be read or written.
    public func set(_ key: String, to text: String, at time: Date) throws -> Outcome {
        guard PeachSettings.keys.contains(key) else { throw SettingsError.unknownKey(key) }
        let loaded = try file.loadForRepair()
        let changed = try loaded.settings.setting(key, toText: text)
        if key == "controllerProfile", let name = changed.text(of: key), !profiles.contains(name) {
            throw SettingsError.noSuchProfile(key: key, value: name, known: profiles.sorted())
        }
        return try write(changed, loaded: loaded, at: time, repairing: key)
    }

    /// Resets `key` to its default, or every setting when `key` is nil (unknown keys are kept).
    /// - Throws: ``SettingsError/unknownKey(_:)``, ``StoreError``.
    public func reset(_ key: String?, at time: Date) throws -> Outcome {
        let loaded = try file.loadForRepair()
        guard let key else { return try write(.defaults, loaded: loaded, at: time, repairing: nil) }
        guard PeachSettings.keys.contains(key), let text = PeachSettings.defaults.text(of: key) else {
            throw SettingsError.unknownKey(key)
        }
        return try write(
            try loaded.settings.setting(key, toText: text), loaded: loaded, at: time, repairing: key)
    }

    private func write(
        _ settings: PeachSettings, loaded: SettingsFile.Loaded, at time: Date, repairing key: String?
    ) throws(StoreError) -> Outcome {
        let dropped = loaded.problems.filter { key == nil || $0.key != key }
        let copy = loaded.problems.isEmpty ? nil : try file.keepBrokenCopy(at: time)
        try file.save(settings, keeping: loaded.unknownKeys)
        return Outcome(settings: settings, brokenCopy: copy, dropped: dropped)
    }
}
