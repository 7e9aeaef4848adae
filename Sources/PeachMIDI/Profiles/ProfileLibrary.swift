// ProfileLibrary: finds controller profiles by name: the user's folder first, then the shipped ones.

import Foundation
import PeachSystem

/// The controller profiles Peach can use: the user's (`$XDG_CONFIG_HOME/peach/profiles/NAME.json`) first,
/// then the shipped ones (`Profiles/NAME.json`), and the built-in `default` when no file of that name exists.
public struct ProfileLibrary: Sendable {
    /// A profile file found in one of the folders.
    public struct Entry: Hashable, Sendable {
        /// The profile's name.
        public var name: String
        /// The file.
        public var path: String
        /// Whether it is the user's own (else shipped with Peach).
        public var isUser: Bool
    }

    /// The result of choosing a profile: the profile, and the problem with the one asked for when Peach fell
    /// back to the default.
    public struct Resolution: Sendable {
        /// The profile to use.
        public var profile: ControllerProfile
        /// Why the configured profile was not used, if Peach fell back.
        public var fallbackReason: ProfileError?
    }

    /// The user's folder, if known.
    public let userDirectory: String?
    /// The shipped folders, in order.
    public let shippedDirectories: [String]

    /// A library over these folders.
    public init(userDirectory: String?, shippedDirectories: [String]) {
        self.userDirectory = userDirectory
        self.shippedDirectories = shippedDirectories
    }

    /// Whether `name` can be a profile's name: 1–64 letters, digits, `-` and `_`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_".unicodeScalars.contains($0)
            }
    }

    /// Every profile file, the user's first; a user profile hides a shipped one of the same name.
    public func entries() -> [Entry] {
        var seen: Set<String> = []
        var result: [Entry] = []
        let folders = (userDirectory.map { [($0, true)] } ?? []) + shippedDirectories.map { ($0, false) }
        for (folder, isUser) in folders {
            let files = FileSystem.entries(of: folder)
            for file in files.sorted() where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                guard Self.isValidName(name), seen.insert(name).inserted else { continue }
                result.append(Entry(name: name, path: folder + "/" + file, isUser: isUser))
            }
        }
        return result
    }

    /// The file a profile of this name would be read from, or nil when there is none.
    public func path(of name: String) -> String? {
        entries().first { $0.name == name }?.path
    }

    /// Loads a profile by name.
    /// - Throws: ``ProfileError`` when there is no such profile or its file is unreadable or wrong.
    public func load(_ name: String) throws(ProfileError) -> ControllerProfile {
        guard Self.isValidName(name) else { throw .invalidName(name) }
        guard let path = path(of: name) else {
            if name == ControllerProfile.defaultName { return .builtInDefault }
            throw .notFound(name: name, searched: (userDirectory.map { [$0] } ?? []) + shippedDirectories)
        }
        return try Self.load(path: path, name: name)
    }

    /// Loads the profile in one file.
    public static func load(path: String, name: String) throws(ProfileError) -> ControllerProfile {
        let bytes: [UInt8]
        do { bytes = try RawFile.readAll(path) } catch { throw .unreadable(error) }
        return try ControllerProfile(json: Data(bytes), name: name, path: path)
    }

    /// Chooses the profile to use. When the user asked for this profile by name (`explicitly`), any problem
    /// is an error; otherwise (the setting, or the default) Peach falls back to the built-in default and says
    /// why.
    public func resolve(_ name: String, explicitly: Bool) throws(ProfileError) -> Resolution {
        do {
            return Resolution(profile: try load(name), fallbackReason: nil)
        } catch {
            if explicitly { throw error }
            return Resolution(profile: .builtInDefault, fallbackReason: error)
        }
    }
}
