// DataLocations: where Peach keeps its data and settings, following the XDG base directory rules.

/// Where Peach keeps its training data and its settings.
///
/// Data: `--data-dir`, else `$PEACH_DATA_DIR`, else `$XDG_DATA_HOME/peach`, else `~/.local/share/peach`.
/// Settings and user profiles: `$XDG_CONFIG_HOME/peach`, else `~/.config/peach`. Relative XDG paths are
/// ignored, as the XDG specification requires.
public struct DataLocations: Hashable, Sendable {
    /// Why the locations cannot be worked out.
    public enum Failure: Error, Equatable, Sendable {
        /// Neither the XDG variable nor `HOME` gives an absolute path (named: `data` or `config`).
        case noHomeDirectory(purpose: String)
    }

    /// The folder of the training store.
    public let dataDirectory: String
    /// The folder of `settings.json` and `profiles/`.
    public let configDirectory: String

    /// Works out the locations from `environment` (normally the process environment) and an explicit
    /// `--data-dir`.
    /// - Throws: ``Failure/noHomeDirectory(purpose:)`` when no absolute base folder is known.
    public init(environment: [String: String], dataDirectoryOverride: String? = nil) throws(Failure) {
        func absolute(_ key: String) -> String? {
            guard let value = environment[key], value.hasPrefix("/") else { return nil }
            return value
        }
        let home = absolute("HOME")
        if let override = dataDirectoryOverride, !override.isEmpty {
            dataDirectory = override
        } else if let fromPeach = environment["PEACH_DATA_DIR"], !fromPeach.isEmpty {
            dataDirectory = fromPeach
        } else if let base = absolute("XDG_DATA_HOME") ?? home.map({ $0 + "/.local/share" }) {
            dataDirectory = Self.join(base, "peach")
        } else {
            throw .noHomeDirectory(purpose: "data")
        }
        guard let configBase = absolute("XDG_CONFIG_HOME") ?? home.map({ $0 + "/.config" }) else {
            throw .noHomeDirectory(purpose: "config")
        }
        configDirectory = Self.join(configBase, "peach")
    }

    /// The settings file.
    public var settingsFile: String { Self.join(configDirectory, "settings.json") }
    /// The timing calibrations, beside the settings.
    public var calibrationFile: String { Self.join(configDirectory, "calibration.json") }
    /// The folder of the user's controller profiles.
    public var userProfilesDirectory: String { Self.join(configDirectory, "profiles") }

    private static func join(_ base: String, _ name: String) -> String {
        base.hasSuffix("/") ? base + name : base + "/" + name
    }
}
