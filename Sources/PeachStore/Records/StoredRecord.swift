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
        /// An answered play-back question (schema version 3).
        case playBack(CompletedPlayBack)
        /// A scored rhythm echo (schema version 4).
        case echo(CompletedEcho)
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

    /// A record read from a line of schema version `version`, without unknown fields: that version, or the
    /// oldest that can hold the record where that is newer.
    init(_ payload: Payload, readAt version: Int) {
        self.init(
            payload: payload, schemaVersion: max(version, RecordCodec.version(for: payload)), extraFields: [])
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
        case .playBack(let completed): completed.timestamp
        case .echo(let completed): completed.timestamp
        }
    }

    /// What makes two records the same answer, for merging imports without duplicates: the kind, the time to
    /// the second (the iOS and web apps keep whole seconds) and its millisecond when it has one, and every value
    /// that tells two real answers apart: a comparison's notes, cents and correctness; a pitch-matching
    /// attempt's notes, start and error; an offset-detection answer's tempo, offset and correctness; a
    /// fill-the-gap trial's tempo, mean offset and mean at each step; a play-back answer's item, notes asked,
    /// notes played (with velocities and onsets), response time and judging options. Values are compared bit for bit (every
    /// export writes numbers that read back to the same bits). A small value (no text), so a million fit in an
    /// array of 32 MB.
    public struct Identity: Hashable, Sendable, Comparable {
        // Widest first: 30 bytes, a 32-byte stride.
        let seconds: Int64
        let values: (UInt64, UInt64)
        let notes: UInt16
        /// The millisecond within ``seconds``, or ``wholeSecond`` for a time without one (a copy that went
        /// through an app keeping whole seconds, or an answer given on the second).
        let millisecond: UInt16
        let kind: UInt8
        let flags: UInt8

        /// The ``millisecond`` of a time on the whole second: it may be a copy cut or rounded from any millisecond.
        static let wholeSecond = UInt16.max
        /// The ``millisecond`` of a neighbour identity that only a whole-second time can match (the next second,
        /// to which an export that rounds could have moved a time with milliseconds).
        static let wholeSecondOnly = UInt16.max - 1

        /// Whether two identities are the same answer (values compared bit for bit).
        public static func == (left: Self, right: Self) -> Bool {
            left.isSameKey(as: right) && left.millisecond == right.millisecond
        }

        /// Hashes every part of the identity.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(flags)
            hasher.combine(seconds)
            hasher.combine(millisecond)
            hasher.combine(notes)
            hasher.combine(values.0)
            hasher.combine(values.1)
        }

        /// An order for sorting and searching the store's identities (by time first, the millisecond last, so
        /// the identities that differ only in it are neighbours).
        public static func < (left: Self, right: Self) -> Bool {
            if left.seconds != right.seconds { return left.seconds < right.seconds }
            if left.kind != right.kind { return left.kind < right.kind }
            if left.flags != right.flags { return left.flags < right.flags }
            if left.notes != right.notes { return left.notes < right.notes }
            if left.values.0 != right.values.0 { return left.values.0 < right.values.0 }
            if left.values.1 != right.values.1 { return left.values.1 < right.values.1 }
            return left.millisecond < right.millisecond
        }

        /// Whether everything but the millisecond is the same.
        func isSameKey(as other: Self) -> Bool {
            kind == other.kind && flags == other.flags && seconds == other.seconds && notes == other.notes
                && values == other.values
        }

        /// Whether a record with this identity and one with `other` are one answer: the same key, and the same
        /// millisecond unless one of them has none (a copy whose time was cut to the second).
        func isSameAnswer(as other: Self) -> Bool {
            isSameKey(as: other) && Self.millisecondsMatch(millisecond, other.millisecond)
        }

        /// Whether two answers of the same key at milliseconds `left` and `right` are one.
        static func millisecondsMatch(_ left: UInt16, _ right: UInt16) -> Bool {
            if left == wholeSecondOnly { return right == wholeSecond }
            if right == wholeSecondOnly { return left == wholeSecond }
            return left == right || left == wholeSecond || right == wholeSecond
        }

        /// The key alone: this identity with millisecond 0 (the first of its key in the sort order).
        var key: Identity { shifted(by: 0, millisecond: 0) }

        /// The identity of the same answer one second away (``StoredRecord/neighbourIdentity``).
        var neighbour: Identity {
            millisecond == Self.wholeSecond
                ? shifted(by: -1, millisecond: Self.wholeSecond)
                : shifted(by: 1, millisecond: Self.wholeSecondOnly)
        }

        /// The same key one second away, with `millisecond`.
        func shifted(by delta: Int64, millisecond: UInt16) -> Identity {
            Identity(
                seconds: seconds + delta, values: values, notes: notes, millisecond: millisecond, kind: kind,
                flags: flags)
        }
    }

    /// This record's ``Identity``. Its time is taken in each case from the answer already at hand: read through
    /// ``timestamp`` first, the record's payload was copied once more (with its retains and releases, a third of
    /// making an identity, which an import does for every record).
    public var identity: Identity {
        switch payload {
        case .comparison(let completed):
            let (seconds, millisecond) = Identity.time(completed.timestamp)
            let comparison = completed.comparison
            return Identity(
                seconds: seconds, values: (comparison.centDifference.rawValue.bitPattern, 0),
                notes: UInt16(comparison.note1.rawValue) << 8 | UInt16(comparison.note2.rawValue),
                millisecond: millisecond, kind: 0, flags: completed.isCorrect ? 1 : 0)
        case .pitchMatching(let completed):
            let (seconds, millisecond) = Identity.time(completed.timestamp)
            return Identity(
                seconds: seconds,
                values: (
                    completed.initialOffset.rawValue.bitPattern, completed.userError.rawValue.bitPattern
                ),
                notes: UInt16(completed.referenceNote.rawValue) << 8 | UInt16(completed.targetNote.rawValue),
                millisecond: millisecond, kind: 1, flags: 0)
        case .playBack(let completed):
            let (seconds, millisecond) = Identity.time(completed.timestamp)
            // The item, the notes asked, each note played (number, velocity, onset) and a melody's grid folded
            // into one word.
            var hash = FNV1a()
            hash.fold(bytesOf: completed.question.item.id)
            for note in completed.question.answerNotes { hash.fold(UInt64(note.rawValue)) }
            for note in completed.played {
                hash.fold(UInt64(note.note.rawValue) << 8 | UInt64(note.velocity.rawValue))
                hash.fold(note.time.bitPattern)
            }
            if let tempo = completed.tempo, let offset = completed.gridOffset {
                hash.fold(UInt64(tempo.bpm))
                hash.fold(offset.bitPattern)
            }
            let flags: UInt8 =
                (completed.isCorrect ? 1 : 0) | (completed.anyOctave ? 2 : 0) | (completed.anyVoicing ? 4 : 0)
            return Identity(
                seconds: seconds, values: (hash.value, completed.responseTime.bitPattern),
                notes: UInt16(completed.question.reference.rawValue), millisecond: millisecond, kind: 4,
                flags: flags)
        case .echo(let completed):
            let (seconds, millisecond) = Identity.time(completed.timestamp)
            // The bar, the level and each note's echo folded into one word.
            var hash = FNV1a()
            hash.fold(bytesOf: completed.rhythm.description)
            for onset in completed.onsets {
                hash.fold(onset.offsetMs.map(\.bitPattern) ?? 0x7ff8_dead_0000_0002)
            }
            return Identity(
                seconds: seconds,
                values: (hash.value, UInt64(completed.extras) << 16 | UInt64(completed.level)),
                notes: UInt16(completed.tempo.bpm), millisecond: millisecond, kind: 5, flags: 0)
        case .rhythm(let record):
            let (seconds, millisecond) = Identity.time(record.timestamp)
            let tempo = UInt64(UInt32(truncatingIfNeeded: record.tempoBPM))
            switch record.kind {
            case .offsetDetection:
                let correct: UInt8 = record.isCorrect.map { $0 ? 1 : 2 } ?? 0
                return Identity(
                    seconds: seconds, values: (record.offsetMs.map(\.bitPattern) ?? 0, tempo), notes: 0,
                    millisecond: millisecond, kind: 2, flags: correct)
            case .continuousMatching:
                // The four step means folded into one word (FNV-1a over their bits; a missing one has its own).
                var steps = FNV1a()
                for position in record.meanOffsetMsPositions {
                    steps.fold(position.map(\.bitPattern) ?? 0x7ff8_dead_0000_0001)
                }
                return Identity(
                    seconds: seconds,
                    values: (record.meanOffsetMs.map(\.bitPattern) ?? 0, steps.value ^ tempo),
                    notes: UInt16(truncatingIfNeeded: record.tempoBPM), millisecond: millisecond, kind: 3,
                    flags: 0)
            }
        }
    }

    /// The identity this answer would have one second away after a trip through an export that keeps whole
    /// seconds and rounds rather than cuts: a whole-second time could have been rounded up from any time in the
    /// second before (its neighbour matches any there), a time with milliseconds could be stored rounded up to
    /// the next second (its neighbour matches only a whole second there). Merging treats a record whose identity
    /// or neighbour identity matches a known one as a duplicate (``Identity``'s `isSameAnswer`).
    public var neighbourIdentity: Identity { identity.neighbour }
}

extension StoredRecord.Identity {
    /// An identity's ``seconds`` and ``millisecond`` of `date` (rounded to the millisecond).
    fileprivate static func time(_ date: Date) -> (seconds: Int64, millisecond: UInt16) {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).nearestWhole)
        let remainder = milliseconds.floorModulo(1000)
        return (milliseconds.floorDivided(by: 1000), remainder == 0 ? wholeSecond : UInt16(remainder))
    }
}

extension Int64 {
    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
