// ProfileLocations: where the shipped controller profiles are, for an installed or a freshly built peach.

import Foundation
import PeachMIDI
import PeachSystem
import PeachTraining

/// Finds the folders of controller profiles.
///
/// Shipped profiles: `$PEACH_PROFILES_DIR` if set; else `../share/peach/profiles` next to the executable
/// (an installed Peach: `/usr/local/bin/peach` → `/usr/local/share/peach/profiles`); else the `Profiles`
/// folder of the source tree the executable was built in (`.build/debug/peach` → `Profiles/`). The
/// built-in `default` profile needs no file. User profiles: `$XDG_CONFIG_HOME/peach/profiles`.
public enum ProfileLocations {
    /// The shipped folders that exist, in search order, for the executable at `executable`.
    public static func shippedDirectories(environment: [String: String], executable: String?) -> [String] {
        if let explicit = environment["PEACH_PROFILES_DIR"], !explicit.isEmpty { return [explicit] }
        var candidates: [String] = []
        if let executable {
            var folder = (executable as NSString).deletingLastPathComponent
            candidates.append(folder + "/../share/peach/profiles")
            for _ in 0..<6 {
                candidates.append(folder + "/Profiles")
                folder = (folder as NSString).deletingLastPathComponent
                if folder == "/" || folder.isEmpty { break }
            }
        }
        let found = candidates.first { FileSystem.status($0 + "/default.json") != nil }
        return found.map { [($0 as NSString).standardizingPath] } ?? []
    }

    /// The library over the user's folder (when known) and the shipped folders of this process.
    public static func library(userDirectory: String?, environment: [String: String]) -> ProfileLibrary {
        let executable = FileSystem.realPath("/proc/self/exe")
        return ProfileLibrary(
            userDirectory: userDirectory,
            shippedDirectories: shippedDirectories(environment: environment, executable: executable))
    }
}
