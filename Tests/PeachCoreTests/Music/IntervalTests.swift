// IntervalTests: intervals, their directions and lists, and their sizes in each tuning system.

import Foundation
import PeachCore
import Testing

@Suite("Intervals and tuning systems")
struct IntervalTests {
    @Test("abbreviations read and write both ways; A4 and TT are the tritone; case tells minor from major")
    func abbreviations() {
        for interval in Interval.allCases {
            #expect(Interval(abbreviation: interval.abbreviation) == interval)
        }
        #expect(Interval(abbreviation: "A4") == .tritone)
        #expect(Interval(abbreviation: "TT") == .tritone)
        #expect(Interval(abbreviation: "m3") == .minorThird)
        #expect(Interval(abbreviation: "M3") == .majorThird)
        #expect(Interval(abbreviation: "P6") == nil)
        #expect(Interval(abbreviation: "p5") == nil)
    }

    @Test("directed intervals: up by default, 'down' to descend, prime has no direction")
    func directed() throws {
        #expect(try DirectedInterval(parsing: "P5") == DirectedInterval(.perfectFifth))
        #expect(try DirectedInterval(parsing: " P5up ") == DirectedInterval(.perfectFifth))
        #expect(try DirectedInterval(parsing: "M3down") == DirectedInterval(.majorThird, down: true))
        #expect(try DirectedInterval(parsing: "m3-DOWN").semitones == -3)
        #expect(try DirectedInterval(parsing: "P1down") == .prime)
        #expect(DirectedInterval(.majorThird, down: true).description == "M3down")
        #expect(DirectedInterval(semitones: -7) == DirectedInterval(.perfectFifth, down: true))
        #expect(DirectedInterval(semitones: 13) == nil)
        for text in ["", "P9", "M3sideways", "fifth", "down"] {
            #expect(throws: DomainValueError.invalidInterval(text)) { try DirectedInterval(parsing: text) }
        }
    }

    @Test("a list is read in any order, without repeats, sorted by size, up before down")
    func list() throws {
        let list = try DirectedInterval.parseList("P5,M3down,P1,M3,P5")
        #expect(DirectedInterval.listDescription(list) == "P1,M3,M3down,P5")
        #expect(throws: DomainValueError.self) { try DirectedInterval.parseList("P5,,M3") }
    }

    @Test("reference notes leave room for the interval within the range")
    func references() {
        let range = NoteRange(48, 60)
        #expect(DirectedInterval(.octave).references(in: range) == 48...48)
        #expect(DirectedInterval(.perfectFifth, down: true).references(in: range) == 55...60)
        #expect(DirectedInterval.prime.references(in: range) == 48...60)
    }

    @Test("just intonation: the 5-limit ratios, a tritone of 45/32 and a minor seventh of 9/5")
    func just() {
        let expected = [
            0, 111.731, 203.910, 315.641, 386.314, 498.045, 590.224, 701.955, 813.686, 884.359, 1017.596,
            1088.269, 1200,
        ]
        for interval in Interval.allCases {
            #expect(
                abs(TuningSystem.justIntonation.cents(of: interval) - expected[interval.rawValue]) < 0.001)
            #expect(TuningSystem.equalTemperament.cents(of: interval) == Double(interval.semitones * 100))
        }
        #expect(
            abs(TuningSystem.justIntonation.deviation(of: DirectedInterval(.majorThird)) + 13.686) < 0.001)
        #expect(
            abs(TuningSystem.justIntonation.cents(of: DirectedInterval(.perfectFifth, down: true)) + 701.955)
                < 0.001)
    }

    @Test("Pythagorean: pure fifths and fourths, a ditone of 81/64, a diminished fifth of 1024/729")
    func pythagorean() {
        let tuning = TuningSystem.pythagorean
        #expect(abs(tuning.cents(of: .perfectFifth) - 701.955) < 0.001)
        #expect(abs(tuning.cents(of: .majorThird) - 407.820) < 0.001)
        #expect(abs(tuning.cents(of: .tritone) - 588.270) < 0.001)
        #expect(abs(tuning.cents(of: .minorSecond) - 90.225) < 0.001)
        #expect(abs(tuning.cents(of: .majorSeventh) - 1109.775) < 0.001)
        #expect(TuningSystem(word: "justIntonation") == .justIntonation)
        #expect(TuningSystem(word: "Just") == .justIntonation)
        #expect(TuningSystem(word: "meantone") == nil)
    }

    @Test(
        "a trial's interval is tuned from its own reference note, exact to far below 0.01 cent",
        arguments: TuningSystem.allCases)
    func tunedFromReference(tuning: TuningSystem) {
        let equal = EqualTemperament(referencePitch: 442)
        for reference in stride(from: 21, through: 96, by: 5) {
            for semitones in -12...12 {
                guard let target = try? MIDINote(validating: reference + semitones) else { continue }
                let note = MIDINote(clamping: reference)
                let comparison = Comparison(
                    note1: note, note2: target, centDifference: 7.25, tuningSystem: tuning)
                let interval = DirectedInterval(semitones: semitones)!
                let ratio = tuning == .equalTemperament ? nil : tuning.ratios[abs(semitones)]
                let expected =
                    ratio.map { 1200 * log2(Double($0.0) / Double($0.1)) * (semitones < 0 ? -1 : 1) }
                    ?? Double(semitones * 100)
                let measured = EqualTemperament.cents(
                    from: comparison.note1Frequency(in: equal), to: comparison.note2Frequency(in: equal))
                #expect(abs(measured.rawValue - expected - 7.25) < 1e-6, "\(interval) from \(note)")
                let challenge = PitchMatchingChallenge(
                    referenceNote: note, initialOffset: 30, targetNote: target, tuningSystem: tuning)
                let tuned = EqualTemperament.cents(
                    from: challenge.referenceFrequency(in: equal),
                    to: challenge.tunableFrequency(offset: 0, in: equal))
                #expect(abs(tuned.rawValue - expected) < 1e-6)
            }
        }
    }

    @Test("not a scale rooted on A: a just fifth from B is 3/2, not the 680 cents of B to F# in A's scale")
    func notAFixedScale() {
        let b3 = MIDINote(clamping: 59)
        let comparison = Comparison(
            note1: b3, note2: MIDINote(clamping: 66), centDifference: 0.1, tuningSystem: .justIntonation)
        let cents = EqualTemperament.cents(
            from: comparison.note1Frequency(in: .standard), to: comparison.note2Frequency(in: .standard))
        #expect(abs(cents.rawValue - 0.1 - 701.955) < 0.001)
    }

    @Test("settings: intervals and tuning read from text, with one clear error otherwise")
    func settings() throws {
        let settings = try TrainingSettings.defaults.setting(.intervals, toText: "P5, M3down")
            .setting(.tuningSystem, toText: "just")
        #expect(
            settings.intervals == [
                DirectedInterval(.majorThird, down: true), DirectedInterval(.perfectFifth),
            ])
        #expect(settings.tuningSystem == .justIntonation)
        #expect(settings.value(of: .intervals) == .text("M3down,P5"))
        #expect(!settings.isUnison && TrainingSettings.defaults.isUnison)
        #expect(throws: SettingsError.invalidValue(key: "intervals", value: "P5,X", expected: .intervals)) {
            try TrainingSettings.defaults.setting(.intervals, toText: "P5,X")
        }
        #expect(throws: SettingsError.self) {
            try TrainingSettings.defaults.setting(.tuningSystem, toText: "mean")
        }
    }

    @Test(
        "interval trials: each interval drawn, both notes in range, the tuning carried; unison draws as before"
    )
    func randomTrials() throws {
        let settings = try TrainingSettings(
            noteRange: NoteRange(48, 60),
            intervals: [DirectedInterval(.perfectFifth), DirectedInterval(.octave, down: true)],
            tuningSystem: .justIntonation)
        var generator = SeededRandomGenerator(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<200 {
            let comparison = Comparison.random(settings: settings, magnitude: 5, using: &generator)
            seen.insert(comparison.note2.rawValue - comparison.note1.rawValue)
            #expect(
                settings.noteRange.contains(comparison.note1) && settings.noteRange.contains(comparison.note2)
            )
            #expect(comparison.tuningSystem == .justIntonation)
            let challenge = PitchMatchingChallenge.random(for: settings, using: &generator)
            #expect(settings.noteRange.contains(challenge.targetNote))
            #expect([7, -12].contains(challenge.targetNote.rawValue - challenge.referenceNote.rawValue))
        }
        #expect(seen == [7, -12])
        // A measurement (Psi) and training (Kazez) place interval trials the same way.
        let psi = PsiNoteStrategy(procedure: PsiProcedure())
        for strategy in [psi as any NextComparisonStrategy, KazezNoteStrategy()] {
            let comparison = strategy.nextComparison(
                profile: PerceptualProfile(), settings: settings, last: nil, using: &generator)
            #expect([7, -12].contains(comparison.note2.rawValue - comparison.note1.rawValue))
            #expect(comparison.tuningSystem == .justIntonation)
        }
        // Unison: the same draws as a comparison built the way it always was.
        var first = SeededRandomGenerator(seed: 8)
        var second = SeededRandomGenerator(seed: 8)
        let unison = Comparison.random(settings: .defaults, magnitude: 5, using: &first)
        let note = MIDINote.random(in: TrainingSettings.defaults.noteRange.closedRange, using: &second)
        let sign = Bool.random(using: &second)
        #expect(unison == Comparison(note1: note, note2: note, centDifference: Cents(sign ? 5 : -5)))
    }
}
