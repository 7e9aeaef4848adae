// StoredRecord+Domains: each number of a record with the range it may hold, checked on import and before writing.

import PeachCore

extension StoredRecord {
    /// The first of the record's numbers, in journal field order, for which `test(value, domain)` is true: its
    /// field name and the range it may hold (``ValueDomains``). A switch over the record's kind, checking field
    /// by field: no list of fields is built (an import checks every record, a million of them for a lifetime).
    func firstNumberField(
        where test: (Double, ClosedRange<Double>) -> Bool
    ) -> (field: String, domain: ClosedRange<Double>)? {
        func context(_ context: TrialContext) -> (field: String, domain: ClosedRange<Double>)? {
            if test(context.referencePitch.hertz, ValueDomains.referencePitch) {
                return ("referencePitch", ValueDomains.referencePitch)
            }
            if test(context.noteDuration, ValueDomains.noteDuration) {
                return ("noteDuration", ValueDomains.noteDuration)
            }
            if test(context.gap, ValueDomains.gap) { return ("gap", ValueDomains.gap) }
            return nil
        }
        func calibration(_ value: Double?) -> (field: String, domain: ClosedRange<Double>)? {
            let domain = TimingCalibration.millisecondsDomain
            guard let value, test(value, domain) else { return nil }
            return ("calibrationMs", domain)
        }
        switch payload {
        case .comparison(let completed):
            if test(completed.comparison.centDifference.rawValue, ValueDomains.cents) {
                return ("cents", ValueDomains.cents)
            }
            if let field = context(completed.context) { return field }
            if test(completed.note2AmplitudeOffset, ValueDomains.note2Gain) {
                return ("note2Gain", ValueDomains.note2Gain)
            }
            if test(completed.responseTime, ValueDomains.answerTime) {
                return ("responseTime", ValueDomains.answerTime)
            }
            return nil
        case .pitchMatching(let completed):
            if test(completed.initialOffset.rawValue, ValueDomains.cents) {
                return ("initialCents", ValueDomains.cents)
            }
            if test(completed.userError.rawValue, ValueDomains.cents) {
                return ("errorCents", ValueDomains.cents)
            }
            if let field = context(completed.context) { return field }
            if test(completed.timeTaken, ValueDomains.answerTime) {
                return ("timeTaken", ValueDomains.answerTime)
            }
            return nil
        case .echo(let completed):
            let offsets = -1000.0...1000.0
            for offset in completed.hitOffsets where test(offset, offsets) { return ("onsets", offsets) }
            return calibration(completed.calibrationMs)
        case .playBack(let completed):
            if test(completed.responseTime, ValueDomains.answerTime) {
                return ("responseTime", ValueDomains.answerTime)
            }
            let onsets = 0...completed.question.item.kind.onsetSpan
            for note in completed.played where test(note.time, onsets) { return ("played", onsets) }
            return nil
        case .rhythm(let rhythm):
            let tempo = Double(ValueDomains.tempo.lowerBound)...Double(ValueDomains.tempo.upperBound)
            if test(Double(rhythm.tempoBPM), tempo) { return ("tempoBPM", tempo) }
            let offsets = ValueDomains.rhythmOffset
            if let value = rhythm.offsetMs, test(value, offsets) { return ("offsetMs", offsets) }
            if let value = rhythm.meanOffsetMs, test(value, offsets) { return ("meanOffsetMs", offsets) }
            for (position, value) in rhythm.meanOffsetMsPositions.enumerated() {
                if let value, test(value, offsets) { return ("meanOffsetMsPosition\(position)", offsets) }
            }
            return calibration(rhythm.calibrationMs)
        }
    }

    /// The first field outside its domain, as a problem an import reports: what no session of Peach (nor of Peach
    /// on iOS) writes, and what would spoil averages or, at `1e308`, a journal line.
    var domainProblem: RecordProblem? {
        firstNumberField { value, domain in !domain.contains(value) }.map {
            .outOfRange($0.field, allowed: $0.domain)
        }
    }

    /// The first field holding infinity or NaN: ``JournalStore`` refuses to write such a record (its line would
    /// read back as damage).
    var nonFiniteField: String? {
        firstNumberField { value, _ in !value.isFinite }?.field
    }
}
