// ProfileError: a controller profile that cannot be found, read or understood.

import PeachSystem

/// A controller profile that cannot be used, with the file and (for content errors) the field and a
/// structured ``ProfileProblem``; the command line words it.
public enum ProfileError: Error, Hashable, Sendable {
    /// No profile of that name in any of the folders searched.
    case notFound(name: String, searched: [String])
    /// The file could not be read.
    case unreadable(FileError)
    /// The file is not valid JSON, or a field is wrong: `field` is a path such as `actions[2].controller`
    /// (nil when the file as a whole is wrong).
    case invalid(path: String, field: String?, problem: ProfileProblem)
    /// The name cannot be a profile's file name.
    case invalidName(String)

    /// Whether the user named something that is not a profile name (a usage error), rather than a profile
    /// that could not be found or read.
    public var isAboutAName: Bool {
        if case .invalidName = self { return true }
        return false
    }
}

/// What is wrong in a profile's JSON, at the field a ``ProfileError/invalid(path:field:problem:)`` names.
public enum ProfileProblem: Hashable, Sendable {
    /// The file is not valid JSON.
    case notJSON
    /// A value of the wrong JSON type.
    case wrongType(expected: JSONType, found: JSONType)
    /// A number outside its range.
    case outOfRange(Double, allowed: ClosedRange<Double>)
    /// A number that must be whole.
    case notWholeNumber(Double)
    /// A string that is not a note name.
    case notNoteName(String)
    /// A word that is not one of the known ones (actions, controls, encodings).
    case notOneOf(String, known: [String])
    /// A field this object does not have (the known ones listed).
    case unknownField(known: [String])
    /// A required field is missing (`alternatives` lists what may stand there, when there is a choice).
    case missing(alternatives: [String])
    /// Exactly one of these fields is needed.
    case needsExactlyOne([String])
    /// Both of these fields are needed.
    case needsBoth(String, String)
    /// Only one of these fields may be given.
    case conflicting(String, String)
    /// A gesture whose short and long press do the same.
    case sameGestureActions
    /// A gesture on a program change (it has no release).
    case gestureOnProgramChange
    /// A range whose `from` lies above its `to`.
    case fromAboveTo
    /// A field that does not apply to this kind of tune control.
    case doesNotApply(control: String)
    /// A profile that maps nothing.
    case mapsNothing
}

/// The JSON types, for ``ProfileProblem/wrongType(expected:found:)``.
public enum JSONType: String, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` / `false`.
    case boolean
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case list
    /// An object.
    case object
}
