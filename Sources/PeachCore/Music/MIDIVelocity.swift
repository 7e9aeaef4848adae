// MIDIVelocity: the strength of a MIDI note-on, 1–127.

/// The velocity of a MIDI note-on, 1–127 (0 would mean note-off). Peach uses velocity as timbre only;
/// loudness is set in decibels with ``AmplitudeDB``.
public struct MIDIVelocity: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// All valid velocities.
    public static let validRange = 1...127
    /// The velocity Peach plays at unless a setting says otherwise.
    public static let `default`: MIDIVelocity = 63

    /// The velocity, always within ``validRange``.
    public let rawValue: UInt8

    /// Creates a velocity from a number read from a user, a file or a device.
    /// - Throws: ``DomainValueError/velocityOutOfRange(_:)`` outside 1–127.
    public init(validating value: Int) throws(DomainValueError) {
        guard Self.validRange.contains(value) else { throw .velocityOutOfRange(value) }
        rawValue = UInt8(value)
    }

    /// A velocity from any number, clamped to 1–127 (a note-on's 0 is a note-off and never reaches here).
    public init(clamping value: Int) {
        rawValue = UInt8(min(max(value, 1), 127))
    }

    /// The velocity as a number.
    public var description: String { String(rawValue) }

    /// Orders velocities by strength.
    public static func < (lhs: MIDIVelocity, rhs: MIDIVelocity) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MIDIVelocity: ExpressibleByIntegerLiteral {
    /// Creates a velocity from a literal in code; traps outside 1–127.
    public init(integerLiteral value: Int) {
        precondition(Self.validRange.contains(value), "MIDI velocity must be 1–127, got \(value)")
        rawValue = UInt8(value)
    }
}

extension MIDIVelocity: Codable, ValidatedScalar {
    /// The velocity as a number, as stored in files.
    var codedValue: Int { Int(rawValue) }
}
