// SettingsEditor: `peach settings set` and `reset`: one validation, and repair of a broken file.

import Foundation
import PeachCore
import PeachStore

/// Changes settings in the settings file. A value is checked by the same rules as loading and the command-line
/// options, and `controllerProfile` against the profiles that exist. A broken file is repaired: every
/// setting that still reads is kept, the broken original is copied aside first
/// (`settings.json.broken-<time>`), and the problems that were dropped are reported. The file holds only the
/// settings the user set: `set` adds its key, `reset KEY` takes it out, `reset` empties the file (keeping keys
/// Peach does not know), so a default that a later Peach changes reaches everyone who never chose a value.
/// Each edit reads, changes and writes the file under the settings' write lock
/// (``SettingsFile/withWriteLock(_:)``), so concurrent edits (two shells, the dashboard) all keep.
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
    /// The files an output a setting names (`audioOutput` `wav:PATH`, `midiOutput` `rawmidi:PATH`) must not be
    /// (nil: not checked, as for a settings file of no data folder).
    public let protected: ProtectedFiles?

    /// An editor of `file`, knowing the `profiles` that exist and, with `protected`, refusing an output path that
    /// would write onto Peach's own data or settings (the same rule as `--audio-out wav:FILE`).
    public init(file: SettingsFile, profiles: [String], protected: ProtectedFiles? = nil) {
        self.file = file
        self.profiles = profiles
        self.protected = protected
    }

    /// The file the value `text` of `key` would write to, if it names one (`wav:PATH`, `rawmidi:PATH`).
    public static func outputPath(_ key: SettingKey, _ text: String) -> String? {
        switch key {
        case .audioOutput: text.hasPrefix("wav:") ? String(text.dropFirst(4)) : nil
        case .midiOutput: text.hasPrefix("rawmidi:") ? String(text.dropFirst(8)) : nil
        default: nil
        }
    }

    /// Sets `key` from `text` (as a user types it).
    /// - Throws: ``SettingsError`` for a value the key does not allow (nothing is written then),
    ///   ``StoreError/protectedOutput(path:protected:)`` for an output onto Peach's own files, ``StoreError``
    ///   when the file cannot be read or written.
    public func set(_ key: SettingKey, to text: String, at time: Date) throws -> Outcome {
        try file.withWriteLock { try setLocked(key, to: text, at: time) }
    }

    /// Resets `key` to its default, or every setting when `key` is nil (unknown keys are kept).
    /// - Throws: ``StoreError``.
    public func reset(_ key: SettingKey?, at time: Date) throws -> Outcome {
        try file.withWriteLock { try resetLocked(key, at: time) }
    }

    private func setLocked(_ key: SettingKey, to text: String, at time: Date) throws -> Outcome {
        let loaded = try file.loadForRepair()
        let changed = try loaded.settings.setting(key, toText: text)
        if let protected, let path = Self.outputPath(key, text) { try protected.check(output: path) }
        if key == .controllerProfile, !profiles.contains(changed.controllerProfile) {
            throw SettingsError.noSuchProfile(
                key: key.rawValue, value: changed.controllerProfile, known: profiles.sorted())
        }
        return try write(changed, loaded: loaded, at: time, repairing: key, keys: loaded.setKeys.union([key]))
    }

    private func resetLocked(_ key: SettingKey?, at time: Date) throws -> Outcome {
        let loaded = try file.loadForRepair()
        guard let key else { return try write(.defaults, loaded: loaded, at: time, repairing: nil, keys: []) }
        return try write(
            try loaded.settings.setting(key, toText: PeachSettings.defaults.text(of: key)), loaded: loaded,
            at: time, repairing: key,
            keys: loaded.setKeys.subtracting([key]))
    }

    /// Writes the file with only `keys` in it (what the user has set; the rest follow the defaults).
    private func write(
        _ settings: PeachSettings, loaded: SettingsFile.Loaded, at time: Date, repairing key: SettingKey?,
        keys: Set<SettingKey>
    ) throws(StoreError) -> Outcome {
        let dropped = loaded.problems.filter { key == nil || $0.key != key?.rawValue }
        let copy = loaded.problems.isEmpty ? nil : try file.keepBrokenCopy(at: time)
        try file.save(settings, keeping: loaded.unknownKeys, only: keys)
        return Outcome(settings: settings, brokenCopy: copy, dropped: dropped)
    }
}
