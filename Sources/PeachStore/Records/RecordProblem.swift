// RecordProblem: why a line of a journal, an export or an import is not a record.

/// Why a line (or a CSV row, or a whole import file) is not a valid record. Structure, not prose: `data check`
/// and `data import` word it in the user's language.
public enum RecordProblem: Hashable, Sendable, Codable {
    /// The line is not a JSON object.
    case notAnObject
    /// Text follows the object on its line.
    case textAfterObject
    /// A field appears twice.
    case duplicateField(String)
    /// The schema version is not a valid one.
    case invalidVersion(Int)
    /// The `time` field is not a time such as 2026-11-21T09:00:00.000Z.
    case invalidTime
    /// A record type Peach does not know.
    case unknownType(String)
    /// A field is missing.
    case missingField(String)
    /// A field holds the wrong kind of value.
    case invalidField(String, expected: FieldKind)
    /// A number outside what the field may hold (``ValueDomains``): refused on import.
    case outOfRange(String, allowed: ClosedRange<Double>)
    /// `correct` contradicts the answer and the cents.
    case contradictoryCorrect
    /// A play-back record's `correct` or `heardAs` contradicts the notes played (the verdict is made again from
    /// them).
    case contradictoryVerdict
    /// The line is longer than the longest record Peach reads (bytes).
    case lineTooLong(Int)
    /// An import file is not a JSON array of records.
    case notAnArray
    /// A JSON array's records are not separated by commas.
    case missingSeparator
    /// Text follows the JSON array.
    case textAfterArray
    /// A CSV file without Peach's `type` and `time` columns.
    case notACSVExport
    /// A CSV row with another number of cells than the header.
    case cellCount(found: Int, expected: Int)
    /// An iOS/web CSV of an export format version this Peach does not read (it reads 1–3).
    case unsupportedExportFormat(String)
    /// A record written by a newer Peach.
    case newerVersion(found: Int, supported: Int)
    /// The line's CRC-32C does not match its content: bits changed on the disk.
    case checksumMismatch

    /// What a field should hold.
    public enum FieldKind: String, Hashable, Sendable, Codable {
        /// A number.
        case number
        /// A whole number.
        case wholeNumber
        /// A string.
        case text
        /// `true` or `false`.
        case boolean
        /// A MIDI note 0–127.
        case midiNote
        /// A number of cents.
        case cents
        /// A positive frequency.
        case frequency
        /// Zero or more seconds.
        case seconds
        /// A velocity 1–127.
        case velocity
        /// `higher` or `lower`.
        case answer
        /// `training` or `measurement`.
        case procedure
        /// Eight hex digits of CRC-32C, as the last field.
        case checksum
        /// `equal`, `just` or `pythagorean`.
        case tuning
        /// A tempo of 1–1000 beats per minute.
        case tempo
        /// Milliseconds within ±60,000.
        case milliseconds
        /// An ISO 8601 UTC time such as `2026-03-03T14:30:00Z`.
        case time
        /// An interval abbreviation (`P1` … `P8`) matching the notes.
        case interval
        /// A play-back item such as `M3down` or `minor/1`, of the record's kind.
        case playBackItem
        /// MIDI notes 0–127 separated by spaces, matching the item.
        case noteList
        /// A melody's rhythm: each note's length in beats (0.5, 1, 1.5 or 2), one per note, separated by spaces.
        case noteLengths
        /// Played notes as `note:velocity:milliseconds`, separated by spaces.
        case playedNotes
        /// A timing pattern of the catalogue, such as `4:x-xx`.
        case timingPattern
        /// A step of the pattern on which a note other than its first sounds.
        case offsetPosition
        /// Fill the gap's silent bars (1–4, with two or more strikes for a drift) and tempo ramp (±1–20 BPM every
        /// 1–16 bars).
        case fillTheGapFields
        /// A bar of rhythm echo (`4:x-xx 2:xx 3:xxx 1:x`) and a level 1–6 that holds it.
        case echoRhythm
        /// One offset (ms, within ±1000) or `-` per note of the bar, separated by spaces.
        case echoOnsets
        /// A degree's or melody's tonic as the player named it (`F♯`), of the reference's pitch class, where it
        /// spells the key otherwise than the key's fewest accidentals.
        case keyName
    }
}
