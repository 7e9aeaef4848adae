// Messages: the one-line English texts of Peach's errors, made only here at the command-line edge.

import Foundation
import PeachCore
import PeachStore

/// Turns Peach's typed errors into one-line messages for the user.
enum Messages {
    /// The message for a settings error on a command-line option or a settings key.
    static func describe(_ error: SettingsError, option: String) -> String {
        error.message(naming: option) + "."
    }

    /// The message for a failure to find the data folders.
    static func describe(_ error: DataLocations.Failure) -> String {
        switch error {
        case .noHomeDirectory(let purpose):
            "cannot tell where to keep \(purpose): set HOME (or XDG_\(purpose.uppercased())_HOME) to an absolute path."
        }
    }

    /// The message for a store or settings-file error.
    static func describe(_ error: StoreError) -> String {
        switch error {
        case .locked(let path, let owner):
            let folder = (path as NSString).deletingLastPathComponent
            let who = owner.map { " (process \($0))" } ?? ""
            return
                "another Peach\(who) is using the training data in \(folder); stop it first, or choose other data "
                + "with --data-dir."
        case .io(let path, let operation, let code):
            let text = String(cString: strerror(code))
            let hint = code == ENOSPC ? " Free some space; nothing already stored was harmed." : ""
            return "\(path): \(operation) failed: \(text).\(hint)"
        case .newerSchema(let path, let found, let supported):
            return "\(path) was written by a newer Peach (record version \(found); this Peach reads up to "
                + "\(supported)). Update Peach; the file was left as it is."
        case .unreadableImport(let path, let line, let reason):
            return "\(path) line \(line): \(reason); nothing was imported."
        case .invalidSettings(let path, let key, let reason):
            let fix = key.map { "'peach settings reset \($0)'" } ?? "'peach settings reset'"
            return "\(path): \(reason). Fix the file or run \(fix)."
        }
    }
}
