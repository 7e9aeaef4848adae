// StoredRecord+Domains: each number of a record with the range it may hold, checked on import and before writing.

import PeachCore

extension StoredRecord {
    /// Every number of the record by its journal field name, with the range it may hold (``ValueDomains``).
    var numberFields: [(field: String, value: Double, domain: ClosedRange<Double>)] {
        func context(_ context: TrialContext) -> [(String, Double, ClosedRange<Double>)] {
            [
                ("referencePitch", context.referencePitch.hertz, ValueDomains.referencePitch),
                ("noteDuration", context.noteDuration, ValueDomains.noteDuration),
                ("gap", context.gap, ValueDomains.gap),
            ]
        }
        switch payload {
        case .comparison(let completed):
            return [("cents", completed.comparison.centDifference.rawValue, ValueDomains.cents)]
                + context(completed.context) + [
                    ("note2Gain", completed.note2AmplitudeOffset, ValueDomains.note2Gain),
                    ("responseTime", completed.responseTime, ValueDomains.answerTime),
                ]
        case .pitchMatching(let completed):
            return [
                ("initialCents", completed.initialOffset.rawValue, ValueDomains.cents),
                ("errorCents", completed.userError.rawValue, ValueDomains.cents),
            ] + context(completed.context) + [("timeTaken", completed.timeTaken, ValueDomains.answerTime)]
        case .rhythm(let rhythm):
            let tempo = Double(ValueDomains.tempo.lowerBound)...Double(ValueDomains.tempo.upperBound)
            let offsets: [(String, Double?)] =
                [("offsetMs", rhythm.offsetMs), ("meanOffsetMs", rhythm.meanOffsetMs)]
                + rhythm.meanOffsetMsPositions.enumerated().map {
                    ("meanOffsetMsPosition\($0.offset)", $0.element)
                }
            return [("tempoBPM", Double(rhythm.tempoBPM), tempo)]
                + offsets.compactMap { name, value in value.map { (name, $0, ValueDomains.rhythmOffset) } }
        }
    }

    /// The first field outside its domain, as a problem an import reports: what no session of Peach (nor of Peach
    /// on iOS) writes, and what would spoil averages or, at `1e308`, a journal line.
    var domainProblem: RecordProblem? {
        guard let field = numberFields.first(where: { !$0.domain.contains($0.value) }) else { return nil }
        return .outOfRange(field.field, allowed: field.domain)
    }

    /// The first field holding infinity or NaN: ``JournalStore`` refuses to write such a record (its line would
    /// read back as damage).
    var nonFiniteField: String? {
        numberFields.first { !$0.value.isFinite }?.field
    }
}
