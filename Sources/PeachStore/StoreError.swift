// StoreError: why the store or the settings file could not do what was asked, with the file and the problem.

import PeachCore
import PeachSystem

/// Why the training store or the settings file failed. Every case names the file and carries structure
/// (a ``FileError``, a ``SettingsFileProblem``, a ``RecordProblem``), never prose; the command line words it.
public enum StoreError: Error, Equatable, Sendable {
    /// Another Peach process is writing to this store.
    case locked(path: String, ownerPID: Int32?)
    /// A system call failed on a file of the store or the settings.
    case io(FileError)
    /// The store was written by a newer Peach than this one.
    case newerSchema(path: String, found: Int, supported: Int)
    /// A file to import is not a Peach export or journal (the line or row says where).
    case unreadableImport(path: String, line: Int, problem: RecordProblem)
    /// The settings file is not valid JSON, or a value in it is not allowed.
    case invalidSettings(path: String, problem: SettingsFileProblem)
    /// The data folder belongs to another user (`owner`, their uid) or anybody may write into it.
    case unsafeDirectory(path: String, owner: Int?, writableByOthers: Bool)
    /// The settings folder belongs to a user who is neither this one nor root (`owner`, their uid), or anybody
    /// may write into it: its settings could be anyone's.
    case unsafeSettingsDirectory(path: String, owner: Int?, writableByOthers: Bool)
    /// The timing calibration file is not one Peach wrote (its calibrations are ignored until a new one):
    /// `field` names the field that is missing, of the wrong type or outside what a calibration can hold, when
    /// one is to blame.
    case invalidCalibration(path: String, field: String?)
    /// An output the user named would overwrite the training data or the settings (`protected`).
    case protectedOutput(path: String, protected: String)
    /// The journal Peach is appending to was replaced or removed by something else (another program, a copy
    /// onto it): its path no longer names the file Peach holds open, so an answer appended now would be lost.
    case journalReplaced(path: String)
    /// A record to append holds infinity or NaN in `field`: not written (its line would read back as damage).
    /// No session makes one and an import checks every field first, so this is a bug in Peach.
    case nonFiniteValue(path: String, field: String)

    /// A system call `operation` on `path` failed with `code`.
    static func io(_ path: String, _ operation: FileError.Operation, _ code: Int32) -> StoreError {
        .io(FileError(path: path, operation: operation, code: code))
    }
}

/// What is wrong with the settings file.
public enum SettingsFileProblem: Error, Equatable, Sendable {
    /// Not valid JSON: the first error is at this line and column (1-based).
    case syntax(line: Int, column: Int)
    /// Valid JSON, but not one object of settings.
    case notAnObject
    /// A key appears twice.
    case duplicateKey(String)
    /// A key's value is an array, an object or null.
    case wrongType(key: String)
    /// A value the key does not allow.
    case value(SettingsError)

    /// The settings key the problem is about, if one.
    public var key: String? {
        switch self {
        case .syntax, .notAnObject: nil
        case .duplicateKey(let key), .wrongType(let key): key
        case .value(let error): error.key
        }
    }
}
