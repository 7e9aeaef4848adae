// StoredRecord: one result as the store keeps it: the result, its schema version and any fields Peach does not know.

import Foundation
import PeachCore

/// One result in the store.
public struct StoredRecord: Hashable, Sendable {
    /// The result itself.
    public enum Payload: Hashable, Sendable {
        /// An answered comparison.
        case comparison(CompletedComparison)
        /// A committed pitch-matching attempt.
        case pitchMatching(CompletedPitchMatching)
    }

    /// A field this Peach does not know (written by a newer or another tool), kept verbatim on rewrite.
    public struct ExtraField: Hashable, Sendable {
        /// The key as it appeared, JSON-escaped, without quotes.
        public let rawKey: String
        /// The value as it appeared, as JSON text.
        public let rawValue: String
    }

    /// The result.
    public let payload: Payload
    /// The schema version the record was written with.
    public let schemaVersion: Int
    /// Unknown fields, in the order they appeared.
    public let extraFields: [ExtraField]

    /// Creates a record of the current schema version.
    public init(_ payload: Payload) {
        self.init(payload: payload, schemaVersion: RecordCodec.currentVersion, extraFields: [])
    }

    init(payload: Payload, schemaVersion: Int, extraFields: [ExtraField]) {
        self.payload = payload
        self.schemaVersion = schemaVersion
        self.extraFields = extraFields
    }

    /// When the result was recorded.
    public var timestamp: Date {
        switch payload {
        case .comparison(let completed): completed.timestamp
        case .pitchMatching(let completed): completed.timestamp
        }
    }

    /// What makes two records the same answer, for merging imports without duplicates: the kind, the time
    /// (to the millisecond) and the trial's notes and cents. A small value (no text), so a million fit in a set
    /// of a few tens of megabytes.
    public struct Identity: Hashable, Sendable {
        // Widest first: 27 bytes, a 32-byte stride (in the order of meaning it would be 40).
        let milliseconds: Int64
        let cents: (UInt64, UInt64)
        let notes: UInt16
        let isComparison: Bool

        /// Whether two identities are the same answer (cents compared bit for bit).
        public static func == (left: Self, right: Self) -> Bool {
            left.isComparison == right.isComparison && left.milliseconds == right.milliseconds
                && left.notes == right.notes && left.cents == right.cents
        }

        /// Hashes every part of the identity.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(isComparison)
            hasher.combine(milliseconds)
            hasher.combine(notes)
            hasher.combine(cents.0)
            hasher.combine(cents.1)
        }
    }

    /// This record's ``Identity``.
    public var identity: Identity {
        let milliseconds = Int64((timestamp.timeIntervalSince1970 * 1000).rounded())
        switch payload {
        case .comparison(let completed):
            let comparison = completed.comparison
            return Identity(
                milliseconds: milliseconds, cents: (comparison.centDifference.rawValue.bitPattern, 0),
                notes: UInt16(comparison.note1.rawValue) << 8 | UInt16(comparison.note2.rawValue),
                isComparison: true)
        case .pitchMatching(let completed):
            return Identity(
                milliseconds: milliseconds,
                cents: (completed.initialOffset.rawValue.bitPattern, completed.userError.rawValue.bitPattern),
                notes: UInt16(completed.referenceNote.rawValue), isComparison: false)
        }
    }
}
