// DegreesTests: scale-degree items, questions with their cadence, judging in any octave, and the cadence plan.

import PeachCore
import Testing

@Suite("Play back: scale degrees")
struct DegreesTests {
    static func degree(_ mode: KeyMode, _ semitones: Int) -> PlayBackItem {
        .degree(ScaleDegree(mode: mode, semitones: semitones))
    }

    @Test("items are named 5-major, b6-major, 6-minor, #7-minor; each of the 24 once; a list reads them")
    func items() throws {
        let catalogue = PlayBackItem.catalogue(of: .degrees)
        #expect(catalogue.count == 24 && Set(catalogue).count == 24)
        #expect(catalogue.prefix(3).map(\.id) == ["1-major", "5-major", "3-major"])
        for item in catalogue { #expect(PlayBackItem(id: item.id) == item, "\(item.id)") }
        #expect(PlayBackItem(id: "♭6-major") == Self.degree(.major, 8))
        #expect(
            PlayBackItem(id: "b6-minor") == nil && PlayBackItem(id: "8-major") == nil
                && PlayBackItem(id: "5-dorian") == nil)
        let list = try PlayBackItem.list(parsing: "5-major, #7-minor", kind: .degrees).get()
        #expect(list == [Self.degree(.major, 7), Self.degree(.minor, 11)])
        #expect(throws: PlayBackItem.InvalidItem.self) {
            try PlayBackItem.list(parsing: "5-major,M3", kind: .degrees).get()
        }
    }

    @Test("a question names its tonic as the player did only where that changes the key's spelling")
    func namedTonic() throws {
        let fSharp = try #require(KeySignature(parsing: "F#"))
        let major = try #require(PlayBackQuestion(Self.degree(.major, 7), reference: MIDINote(66)))
        #expect(major.key?.description == "G♭ major" && major.tonicName == nil)
        let named = major.naming(fSharp)
        #expect(named.key?.description == "F♯ major" && named.tonicName == fSharp)
        // F♯ minor is F♯ minor either way; another pitch class or kind is not named.
        let minor = try #require(PlayBackQuestion(Self.degree(.minor, 7), reference: MIDINote(66)))
        #expect(minor.naming(fSharp) == minor)
        let other = try #require(PlayBackQuestion(Self.degree(.major, 7), reference: MIDINote(67)))
        #expect(other.naming(fSharp) == other)
        let interval = try #require(PlayBackQuestion(.note(semitones: 0), reference: MIDINote(66)))
        #expect(interval.naming(fSharp) == interval)
    }

    @Test("the cadence is I–IV–V–I around the tonic, minor's with i, iv and a major V (the raised seventh)")
    func cadence() throws {
        let major = try #require(PlayBackQuestion(Self.degree(.major, 7), reference: MIDINote(60)))
        #expect(
            major.cadence.map { $0.map(\.rawValue) } == [
                [48, 60, 64, 67], [53, 60, 65, 69], [55, 59, 62, 67], [48, 60, 64, 67],
            ])
        #expect(major.soundedNotes == [MIDINote(67)] && major.answerNotes == [MIDINote(67)])
        #expect(major.key == Key(tonic: 0, mode: .major))
        let minor = try #require(PlayBackQuestion(Self.degree(.minor, 3), reference: MIDINote(57)))
        #expect(
            minor.cadence.map { $0.map(\.rawValue) } == [
                [45, 57, 60, 64], [50, 57, 62, 65], [52, 56, 59, 64], [45, 57, 60, 64],
            ])
        #expect(minor.resolution(from: MIDINote(72)).map(\.rawValue) == [71, 69])
        #expect(
            try #require(PlayBackQuestion(.chord(.major, inversion: 0), reference: MIDINote(60))).cadence
                .isEmpty)
    }

    @Test(
        "a degree is right in any octave (doubled too); another is the degree it is in the key; two notes are none"
    )
    func judging() throws {
        // The fifth in D major: A.
        let question = try #require(PlayBackQuestion(Self.degree(.major, 7), reference: MIDINote(62)))
        let options = PlayBackOptions(kind: .degrees)
        func judge(_ notes: [Int]) -> PlayBackVerdict {
            PlayBackVerdict.judge(question, played: notes.map { MIDINote(clamping: $0) }, options: options)
        }
        #expect(judge([69]).outcome == .right)
        #expect(judge([45]).outcome == .right && judge([57, 69]).outcome == .right)
        let flatSix = judge([70])
        #expect(
            flatSix.outcome == .wrongItem && flatSix.answered == Self.degree(.major, 8)
                && flatSix.semitoneError == 1)
        let four = judge([55])
        #expect(four.answered == Self.degree(.major, 5) && four.semitoneError == -2)
        // The tonic is an answer like any other (no reference rule here).
        #expect(judge([62]).answered == Self.degree(.major, 0))
        #expect(judge([69, 73]).outcome == .noItem && judge([69, 73]).answered == nil)
    }

    @Test(
        "a block keeps one key for 8 questions; the cadence opens it and comes every n-th; a new mode opens a new one"
    )
    func plan() throws {
        var generator = SeededRandomGenerator(seed: 7)
        var plan = CadencePlan(every: 3, key: .random)
        var cadences: [Bool] = []
        var tonics: Set<Int> = []
        for _ in 0..<8 {
            let placed = try #require(plan.next(.major, in: 48...84, using: &generator))
            cadences.append(placed.cadence)
            tonics.insert(placed.tonic.rawValue)
            #expect((60...71).contains(placed.tonic.rawValue))
        }
        #expect(cadences == [true, false, false, true, false, false, true, false])
        #expect(tonics.count == 1 && plan.blockMode == nil)
        let last = try #require(tonics.first)
        let next = try #require(plan.next(.major, in: 48...84, using: &generator))
        #expect(next.cadence && next.tonic.pitchClass != last % 12)
        #expect(plan.blockMode == .major)
        let minor = try #require(plan.next(.minor, in: 48...84, using: &generator))
        #expect(minor.cadence && plan.blockMode == .minor)
        // A fixed tonic: E♭, the octave nearest the range's middle.
        var fixed = CadencePlan(every: 1, key: try #require(DegreeKey(parsing: "Eb")))
        #expect(fixed.next(.minor, in: 48...84, using: &generator)?.tonic == MIDINote(63))
        #expect(fixed.next(.minor, in: 48...84, using: &generator)?.cadence == true)
        // A range too narrow for the cadence's bass (one octave; a 25-key controller's two) keeps the notes in it,
        // the bass below it; a fixed tonic takes its octave whose notes fit (D3 in C3–C5), else its octave nearest
        // the middle (F♯3 in C4–C5: its notes reach F4 below the range). Only a range narrower than the notes
        // places none.
        var narrow = CadencePlan(every: 1, key: .random)
        #expect(
            narrow.next(.major, in: 60...72, using: &generator).map { (54...66).contains($0.tonic.rawValue) }
                == true)
        #expect(CadencePlan.tonicPlaces(in: 48...72, above: 11) == 60...61)
        #expect(CadencePlan.tonicPlaces(in: 60...72, above: 11) == 60...61)
        #expect(CadencePlan.tonicPlaces(in: 60...70, above: 11) == nil)
        var small = CadencePlan(every: 1, key: try #require(DegreeKey(parsing: "D")))
        #expect(small.next(.major, in: 48...72, using: &generator)?.tonic == MIDINote(50))
        var octave = CadencePlan(every: 1, key: try #require(DegreeKey(parsing: "F#")))
        #expect(octave.next(.major, in: 60...72, using: &generator)?.tonic == MIDINote(54))
        // Random keys in a 25-key controller's C3–C5 come in all twelve, each with its notes in the range (the
        // places with the bass in it too are C4 and C♯4 alone); in one octave all twelve too, as a fixed key.
        var keys: Set<Int> = []
        var twoOctaves = CadencePlan(every: 1, key: .random)
        for _ in 0..<(400 * CadencePlan.blockLength) {
            let placed = try #require(twoOctaves.next(.major, in: 48...72, using: &generator))
            #expect((48...61).contains(placed.tonic.rawValue))
            keys.insert(placed.tonic.pitchClass)
        }
        #expect(keys.count == 12)
        #expect(Set(CadencePlan.tonics(in: 60...72, above: 11, mayLeave: true).map { $0 % 12 }).count == 12)
        #expect(CadencePlan.tonics(in: 60...72, above: 11, mayLeave: false) == [60, 61])
        #expect(CadencePlan.tonics(in: 48...84, above: 11, mayLeave: true) == Array(60...71))
        // A range that does not reach G3–B4 places the tonic where it fits.
        var high = CadencePlan(every: 1, key: .random)
        #expect(
            high.next(.major, in: 72...108, using: &generator).map { (84...97).contains($0.tonic.rawValue) }
                == true)
        #expect(DegreeKey(parsing: "Ebm") == nil && DegreeKey(parsing: "random") == .random)
        // A minor key's name is refused with its tonic offered: as typed where a major key has it, else the
        // major key's spelling of that pitch class.
        for (minor, tonic) in [
            ("Am", "A"), ("A minor", "A"), ("Ebm", "E♭"), ("C#m", "C♯"), ("D#m", "E♭"), ("A#m", "B♭"),
            ("G#min", "A♭"), ("Fbm", "E"),
        ] {
            #expect(DegreeKey.tonic(ofMinorKey: minor)?.description == tonic, "\(minor)")
        }
        #expect(DegreeKey.tonic(ofMinorKey: "A") == nil && DegreeKey.tonic(ofMinorKey: "Hm") == nil)
        #expect(DegreeKey.tonic(ofMinorKey: "m") == nil && DegreeKey.tonic(ofMinorKey: "A#xm") == nil)
        #expect(
            DegreeKey(parsing: "F#")?.tonicPitchClass == 6 && DegreeKey(parsing: "Cb")?.tonicPitchClass == 11)
    }

    @Test(
        "a model player's wrong degree is a neighbour in the same key; the scheduler keeps to a block's mode")
    func modelAndScheduler() throws {
        var generator = SeededRandomGenerator(seed: 3)
        let question = try #require(PlayBackQuestion(Self.degree(.minor, 7), reference: MIDINote(64)))
        let player = SimulatedPlayer(defaultAccuracy: 0)
        for _ in 0..<10 {
            let notes = player.answer(question, using: &generator).notes.map(\.note)
            let verdict = PlayBackVerdict.judge(
                question, played: notes, options: PlayBackOptions(kind: .degrees))
            #expect(
                verdict.outcome == .wrongItem
                    && [6, 8].contains(
                        verdict.answered.flatMap { item -> Int? in
                            if case .degree(let degree) = item { degree.semitones } else { nil }
                        } ?? -1)
            )
        }
        let scheduler = PlayBackScheduler(
            options: PlayBackOptions(kind: .degrees, items: [Self.degree(.major, 0), Self.degree(.minor, 0)]))
        for _ in 0..<10 {
            let item = scheduler.next(PlayBackHistory(), after: nil, using: &generator) {
                $0.keyMode == .minor
            }
            #expect(item == Self.degree(.minor, 0))
        }
    }
}
