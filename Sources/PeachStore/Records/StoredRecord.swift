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
        /// A rhythm result from Peach on iOS or the web, kept unchanged.
        case rhythm(RhythmRecord)
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

    /// Creates a record of the oldest schema version that can hold it (1 for unison training, so an older
    /// Peach still reads it; 2 for intervals, other tunings and rhythm records).
    public init(_ payload: Payload) {
        self.init(payload: payload, schemaVersion: RecordCodec.version(for: payload), extraFields: [])
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
        case .rhythm(let record): record.timestamp
        }
    }

    /// What makes two records the same answer, for merging imports without duplicates: the kind, the time to
    /// the second (the iOS and web apps keep whole seconds), the notes and the cents (the tempo and offset for
    /// rhythm records). A small value (no text), so a million fit in a set of a few tens of megabytes.
    public struct Identity: Hashable, Sendable, Comparable {
        // Widest first: 27 bytes, a 32-byte stride.
        let seconds: Int64
        let values: (UInt64, UInt64)
        let notes: UInt16
        let kind: UInt8

        /// Whether two identities are the same answer (values compared bit for bit).
        public static func == (left: Self, right: Self) -> Bool {
            left.kind == right.kind && left.seconds == right.seconds && left.notes == right.notes
                && left.values == right.values
        }

        /// Hashes every part of the identity.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(seconds)
            hasher.combine(notes)
            hasher.combine(values.0)
            hasher.combine(values.1)
        }

        /// An order for sorting and searching the store's identities (by time first).
        public static func < (left: Self, right: Self) -> Bool {
            if left.seconds != right.seconds { return left.seconds < right.seconds }
            if left.kind != right.kind { return left.kind < right.kind }
            if left.notes != right.notes { return left.notes < right.notes }
            if left.values.0 != right.values.0 { return left.values.0 < right.values.0 }
            return left.values.1 < right.values.1
        }

        func shifted(by delta: Int64) -> Identity {
            Identity(seconds: seconds + delta, values: values, notes: notes, kind: kind)
        }
    }

    /// This record's ``Identity`` (its time cut to the whole second).
    public var identity: Identity {
        let seconds = Int64((timestamp.timeIntervalSince1970 * 1000).rounded()).floorDivided(by: 1000)
        switch payload {
        case .comparison(let completed):
            let comparison = completed.comparison
            return Identity(
                seconds: seconds, values: (comparison.centDifference.rawValue.bitPattern, 0),
                notes: UInt16(comparison.note1.rawValue) << 8 | UInt16(comparison.note2.rawValue), kind: 0)
        case .pitchMatching(let completed):
            return Identity(
                seconds: seconds,
                values: (
                    completed.initialOffset.rawValue.bitPattern, completed.userError.rawValue.bitPattern
                ),
                notes: UInt16(completed.referenceNote.rawValue) << 8 | UInt16(completed.targetNote.rawValue),
                kind: 1)
        case .rhythm(let record):
            return Identity(
                seconds: seconds, values: (UInt64(bitPattern: Int64(record.tempoBPM)), 0), notes: 0,
                kind: record.kind == .offsetDetection ? 2 : 3)
        }
    }

    /// The identity this answer would have one second away after a trip through an export that keeps whole
    /// seconds and rounds rather than cuts: a whole-second time could have been rounded up from the second
    /// before, a time with milliseconds could be stored rounded up to the next. Merging treats a record whose
    /// identity or neighbour identity is already known as a duplicate.
    public var neighbourIdentity: Identity {
        let milliseconds = Int64((timestamp.timeIntervalSince1970 * 1000).rounded())
        return identity.shifted(by: milliseconds.floorModulo(1000) == 0 ? -1 : 1)
    }
}

extension Int64 {
    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
