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
    /// (to the millisecond) and the trial's notes and cents.
    public var identity: String {
        let time = Timestamp.format(timestamp)
        switch payload {
        case .comparison(let completed):
            let comparison = completed.comparison
            return
                "c|\(time)|\(comparison.note1.rawValue)|\(comparison.note2.rawValue)|\(comparison.centDifference.rawValue)"
        case .pitchMatching(let completed):
            return
                "p|\(time)|\(completed.referenceNote.rawValue)|\(completed.initialOffset.rawValue)|\(completed.userError.rawValue)"
        }
    }
}
