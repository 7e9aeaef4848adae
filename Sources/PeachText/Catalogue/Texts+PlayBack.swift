// Texts+PlayBack: the words of play-back training: items, questions, verdicts and the keys' help.

import PeachCore
import PeachTraining

extension Texts {
    /// An interval in words without tuning: `Major third up`, `Perfect fifth down`, `Unison`.
    func intervalWords(_ interval: DirectedInterval) -> String {
        let names = [
            tr("Unison"), tr("Minor second"), tr("Major second"), tr("Minor third"), tr("Major third"),
            tr("Perfect fourth"), tr("Tritone"), tr("Perfect fifth"), tr("Minor sixth"), tr("Major sixth"),
            tr("Minor seventh"), tr("Major seventh"), tr("Octave"),
        ]
        let name = names[interval.interval.rawValue]
        guard interval.interval != .prime else { return name }
        return name + (interval.isDown ? tr(" down") : tr(" up"))
    }

    /// A chord quality's name: `Major triad`, `Dominant seventh`.
    func chordName(_ quality: ChordQuality) -> String {
        switch quality {
        case .major: tr("Major triad")
        case .minor: tr("Minor triad")
        case .diminished: tr("Diminished triad")
        case .augmented: tr("Augmented triad")
        case .sus2: tr("Suspended second chord")
        case .sus4: tr("Suspended fourth chord")
        case .majorSeventh: tr("Major seventh chord")
        case .dominantSeventh: tr("Dominant seventh chord")
        case .minorSeventh: tr("Minor seventh chord")
        case .halfDiminishedSeventh: tr("Half-diminished seventh chord")
        case .diminishedSeventh: tr("Diminished seventh chord")
        }
    }

    /// An inversion in words: `root position`, `1st inversion` …
    func inversionName(_ inversion: Int) -> String {
        switch inversion {
        case 0: tr("root position")
        case 1: tr("1st inversion")
        case 2: tr("2nd inversion")
        default: tr("3rd inversion")
        }
    }

    /// A play-back item in words: `Major third up`, `Major third, harmonic`, `Minor triad, 1st inversion`.
    public func itemName(_ item: PlayBackItem) -> String {
        switch item {
        case .note(let semitones):
            return DirectedInterval(semitones: semitones).map(intervalWords) ?? item.id
        case .interval(let interval, let harmonic):
            return harmonic
                ? tr("\(intervalWords(DirectedInterval(interval.interval))), harmonic")
                : intervalWords(interval)
        case .chord(let quality, let inversion):
            return chordName(quality) + ", " + inversionName(inversion)
        case .degree(let degree):
            return degree.mode == .major
                ? tr("\(degreeName(degree)) in major") : tr("\(degreeName(degree)) in minor")
        case .melody(let level):
            let notes = level.length
            switch level.shape {
            case .steps: return tr("Melody of \(notes) notes by step")
            case .leaps: return tr("Melody of \(notes) notes with leaps")
            case .wide: return tr("Melody of \(notes) notes with wide leaps")
            case .chromatic: return tr("Melody of \(notes) notes with a chromatic note")
            }
        }
    }

    /// A scale degree's name: its number (`5`, `♭6`), or with ``solfege`` its syllable in this language and its
    /// number (`sol (5)`, `le (♭6)`; German `so (5)`, `lu (♭6)`: ``ScaleDegree/solfege(in:)``).
    public func degreeName(_ degree: ScaleDegree) -> String {
        solfege ? "\(degree.solfege(in: noteNaming)) (\(degree.name))" : degree.name
    }

    /// A key's name: `E♭ major`, `F♯ minor`; German `Es-Dur`, `fis-Moll` (a minor key's letter small).
    public func keyName(_ key: Key) -> String {
        let tonic = key.tonicSpelled.pitchName(noteNaming)
        switch key.mode {
        case .major: return tr("\(tonic) major")
        case .minor: return tr("\(noteNaming == .german ? tonic.lowercased() : tonic) minor")
        }
    }

    /// What an answer was heard as, shown: an item's name, or the kind of miss (``PlayBackHistory/heardAsKey(_:)``):
    /// `an incomplete chord`, `the chord with notes added`, `a note beyond the octave`, `other notes` (notes that
    /// form no item of the kind).
    public func heardAsName(_ id: String) -> String {
        if let item = PlayBackItem(id: id) { return itemName(item) }
        switch PlayBackHistory.Miss(rawValue: id) ?? .other {
        case .incomplete: return tr("an incomplete chord")
        case .extra: return tr("the chord with notes added")
        case .far: return tr("a note beyond the octave")
        case .other: return tr("other notes")
        }
    }

    /// A confusion table's short column label for what an answer was heard as: the item's id, or `incomplete`,
    /// `extra`, `far`, `other`.
    func heardAsLabel(_ id: String) -> String {
        if let item = PlayBackItem(id: id) { return item.id }
        switch PlayBackHistory.Miss(rawValue: id) ?? .other {
        case .incomplete: return tr("incomplete")
        case .extra: return tr("extra")
        case .far: return tr("far")
        case .other: return tr("other")
        }
    }

    /// Notes as names: `C4 E4 G4`.
    public func noteNames(_ notes: [MIDINote]) -> String {
        notes.map(noteName).joined(separator: " ")
    }

    /// A note no question spells, as ``keySignature`` writes it: `E♭4` in C, `D♯4` in E major (German `Es4`).
    public func loneName(_ note: MIDINote) -> String {
        Spelling.lone(note, in: keySignature).name(noteNaming)
    }

    /// Notes spelled in `question`'s context (a chord by its degrees, an interval by its number; any other note
    /// in ``keySignature``), in this language's naming: `F4 A♭4 C5`, German `F4 As4 C5`.
    public func spelledNames(_ notes: [MIDINote], in question: PlayBackQuestion) -> String {
        question.spelled(notes, in: keySignature).map { $0.name(noteNaming) }.joined(separator: " ")
    }

    /// What a player played, spelled in the question as it was judged (a chord they played as that chord, a
    /// melody note by note in place: ``PlayBackQuestion/spelled(answer:in:)``) and named in this language.
    public func playedNames(_ verdict: PlayBackVerdict, in question: PlayBackQuestion) -> String {
        question.spelled(answer: verdict, in: keySignature)
            .map { $0.name(noteNaming) }.joined(separator: " ")
    }

    /// A chord question's symbol as a lead sheet writes it: `Fm`, `B♭m7`, `G7/B` (an inversion names its bass);
    /// German `Fm`, `Bm7`, `G7/H`. Nil for any other kind.
    public func chordSymbol(_ question: PlayBackQuestion) -> String? {
        chordSymbol(question.item, bass: question.reference)
    }

    /// The symbol of `item`, a chord, with `bass` its lowest note: `Fm`, `F/A` (the chord a player played for
    /// another, named as the asked one is). Its root is spelled as ``Spelling/chordRoot(_:quality:in:)`` spells it
    /// in ``keySignature``, its bass as a note of that chord. Nil for any other item.
    func chordSymbol(_ item: PlayBackItem, bass: MIDINote) -> String? {
        guard case .chord(let quality, let inversion) = item else { return nil }
        let root = MIDINote(clamping: quality.root(under: bass.rawValue, inversion: inversion))
        let spelledRoot = Spelling.chordRoot(root, quality: quality, in: keySignature)
        let spelledBass = Spelling.chord([bass], root: root, quality: quality, in: keySignature)[0]
        return spelledRoot.pitchName(noteNaming) + quality.symbol
            + (inversion > 0 ? "/" + spelledBass.pitchName(noteNaming) : "")
    }

    /// The item a question asks, in words, with a chord's symbol beside it: `Minor triad, root position (Fm)`; a
    /// degree in its key: `5 in E♭ major`.
    public func itemName(of question: PlayBackQuestion) -> String {
        if case .degree(let degree) = question.item, let key = question.key {
            guard question.isPhrase else { return tr("\(degreeName(degree)) in \(keyName(key))") }
            let row = question.answerNotes.map { degreeName(key.degree(of: $0)) }.joined(separator: " ")
            return tr("\(row) in \(keyName(key))")
        }
        if case .melody = question.item, let key = question.key {
            return tr("\(itemName(question.item)) in \(keyName(key))")
        }
        return itemName(question.item) + (chordSymbol(question).map { " (\($0))" } ?? "")
    }

    /// A play-back item as a teacher names it inside a sentence, with its article, where ``itemName(_:)`` is a
    /// label: `a major third up`, `a minor third (harmonic)`, `a minor triad` (in root position), `a minor triad in
    /// 1st inversion`, `♭6 in major`, `a melody of 4 notes by step`; German `eine große Terz aufwärts`, `ein
    /// Molldreiklang in der 1. Umkehrung`. The German forms are nominative: the sentences that take them are
    /// written so.
    public func itemPhrase(_ item: PlayBackItem) -> String {
        switch item {
        case .note(let semitones):
            return DirectedInterval(semitones: semitones).map(intervalPhrase) ?? item.id
        case .interval(let interval, let harmonic):
            return harmonic
                ? tr("\(intervalPhrase(interval.interval)) (harmonic)")
                : intervalPhrase(interval)
        case .chord(let quality, 0):
            // Root position goes without saying, as a teacher says it: `a minor triad`.
            return chordPhrase(quality)
        case .chord(let quality, let inversion):
            return chordPhrase(quality) + " " + inversionPhrase(inversion)
        case .degree:
            return itemName(item)
        case .melody(let level):
            let notes = level.length
            switch level.shape {
            case .steps: return tr("a melody of \(notes) notes by step")
            case .leaps: return tr("a melody of \(notes) notes with leaps")
            case .wide: return tr("a melody of \(notes) notes with wide leaps")
            case .chromatic: return tr("a melody of \(notes) notes with a chromatic note")
            }
        }
    }

    /// An item inside a verdict's sentence, before its notes in parentheses: ``itemPhrase(_:)``, but a harmonic
    /// interval by its direction from the reference (`it was a major third up (E4)`, not `a major third
    /// (harmonic) (E4)`: the question said it sounded together).
    func verdictPhrase(_ item: PlayBackItem) -> String {
        guard case .interval(let interval, true) = item else { return itemPhrase(item) }
        return intervalPhrase(interval)
    }

    /// An interval inside a sentence, with its article and direction: `a minor third up`, `an octave down`, `a
    /// unison`.
    func intervalPhrase(_ interval: DirectedInterval) -> String {
        let name = intervalPhrase(interval.interval)
        guard interval.interval != .prime else { return name }
        return name + (interval.isDown ? tr(" down") : tr(" up"))
    }

    /// An interval inside a sentence, with its article, without a direction (its notes sound together): `a minor
    /// third`, `an octave`.
    func intervalPhrase(_ interval: Interval) -> String {
        let names = [
            tr("a unison"), tr("a minor second"), tr("a major second"), tr("a minor third"),
            tr("a major third"),
            tr("a perfect fourth"), tr("a tritone"), tr("a perfect fifth"), tr("a minor sixth"),
            tr("a major sixth"), tr("a minor seventh"), tr("a major seventh"), tr("an octave"),
        ]
        return names[interval.rawValue]
    }

    /// A chord quality inside a sentence, with its article: `a major triad`, `an augmented triad`.
    func chordPhrase(_ quality: ChordQuality) -> String {
        switch quality {
        case .major: tr("a major triad")
        case .minor: tr("a minor triad")
        case .diminished: tr("a diminished triad")
        case .augmented: tr("an augmented triad")
        case .sus2: tr("a suspended second chord")
        case .sus4: tr("a suspended fourth chord")
        case .majorSeventh: tr("a major seventh chord")
        case .dominantSeventh: tr("a dominant seventh chord")
        case .minorSeventh: tr("a minor seventh chord")
        case .halfDiminishedSeventh: tr("a half-diminished seventh chord")
        case .diminishedSeventh: tr("a diminished seventh chord")
        }
    }

    /// An inversion inside a sentence: `in 1st inversion` (German `in der 1. Umkehrung`); root position is not
    /// said (``itemPhrase(_:)``).
    func inversionPhrase(_ inversion: Int) -> String {
        switch inversion {
        case 1: tr("in 1st inversion")
        case 2: tr("in 2nd inversion")
        default: tr("in 3rd inversion")
        }
    }

    /// The item a question asks as a label in parentheses after its notes: `Major third up`; a chord's symbol first,
    /// so that no parentheses nest: `Fm: Minor triad, root position`.
    func itemLabel(of question: PlayBackQuestion) -> String {
        guard let symbol = chordSymbol(question) else { return itemName(of: question) }
        return symbol + ": " + itemName(question.item)
    }

    /// The title of a play-back kind.
    func playBackTitle(_ kind: PlayBackKind) -> String {
        switch kind {
        case .notes: tr("Play back: notes")
        case .intervals: tr("Play back: intervals")
        case .chords: tr("Play back: chords")
        case .degrees: tr("Play back: scale degrees")
        case .melodies: tr("Play back: melodies")
        }
    }

    /// A play-back kind's name: `Notes`, `Intervals`, `Chords`.
    public func playBackKindName(_ kind: PlayBackKind) -> String {
        switch kind {
        case .notes: tr("Notes", context: "play-back kind")
        case .intervals: tr("Intervals", context: "play-back kind")
        case .chords: tr("Chords", context: "play-back kind")
        case .degrees: tr("Scale degrees", context: "play-back kind")
        case .melodies: tr("Melodies", context: "play-back kind")
        }
    }

    /// The title of a play-back kind inside a sentence.
    func playBackTitleInSentence(_ kind: PlayBackKind) -> String {
        switch kind {
        case .notes: tr("playing back notes", context: "in a sentence")
        case .intervals: tr("playing back intervals", context: "in a sentence")
        case .chords: tr("playing back chords", context: "in a sentence")
        case .degrees: tr("playing back scale degrees", context: "in a sentence")
        case .melodies: tr("playing back melodies", context: "in a sentence")
        }
    }

    /// How to answer in play-back, in one line; the computer keyboard's piano in the letters of its layout.
    var playBackKeysHelp: String {
        let letters = keyboardLayout.pianoLetters.joined(separator: " ")
        let (down, up) = keyboardLayout.octaveLetters
        let stop = keyboardLayout.playBackStopKey
        return tr(
            "Play the answer on your keys; Space replays, Enter skips, \(stop) stops "
                + "(on the keys: four adjacent keys at once replay below C4, skip from C4 up; twice stops). "
                + "No MIDI keyboard: the letters \(letters) are a piano from C4, \(down) and \(up) an octave down and up."
        )
    }

    /// The state line while a question sounds: `Listen · reference C4`; a degree's: `Listen · E♭ major`.
    public func playBackListening(_ question: PlayBackQuestion, namesReference: Bool) -> String {
        if case .melody = question.item, let key = question.key, let first = question.answerNotes.first {
            return namesReference
                ? tr("Listen · \(keyName(key)), first note \(spelledNames([first], in: question))")
                : tr("Listen")
        }
        if let key = question.key { return namesReference ? tr("Listen · \(keyName(key))") : tr("Listen") }
        return namesReference
            ? tr("Listen · reference \(spelledNames([question.reference], in: question))") : tr("Listen")
    }

    /// The state line when the answer window opens.
    public func playBackYourTurn(_ question: PlayBackQuestion, namesReference: Bool) -> String {
        let name = spelledNames([question.reference], in: question)
        let reference = namesReference ? " · " + tr("reference \(name)") : ""
        switch question.item.kind {
        case .notes: return tr("Play the second note") + reference
        case .intervals: return tr("Play the other note") + reference
        case .chords:
            return tr("Play the chord")
                + (namesReference ? " · " + tr("bass \(name)") : "")
        case .degrees:
            let key = question.key.map { " · " + keyName($0) } ?? ""
            let prompt =
                question.isPhrase
                ? tr("Play the \(question.answerNotes.count) notes in order, each in any octave")
                : tr("Play the note, in any octave")
            return prompt + (namesReference ? key : "")
        case .melodies:
            let first = spelledNames(Array(question.answerNotes.prefix(1)), in: question)
            return tr("Play the melody, note by note")
                + (namesReference ? " · " + tr("first note \(first)") : "")
        }
    }

    /// The line when a degrees question's cadence sounds: `Cadence: E♭ major`.
    public func playBackCadence(_ key: Key, context: DegreeContext, namesReference: Bool) -> String {
        switch context {
        case .cadence: namesReference ? tr("Cadence: \(keyName(key))") : tr("Cadence")
        case .drone: namesReference ? tr("Drone: \(keyName(key))") : tr("Drone")
        }
    }

    /// Melodies in tempo, the state line as the count-in starts: `Count-in at 80 BPM: the phrase, then your turn
    /// (2 bars)`.
    public func playBackCountIn(_ grid: TempoGrid) -> String {
        tr(
            one: "Count-in at \(grid.tempo.bpm) BPM: the phrase, then your turn (\(grid.phraseBars) bar)",
            other: "Count-in at \(grid.tempo.bpm) BPM: the phrase, then your turn (\(grid.phraseBars) bars)",
            count: grid.phraseBars)
    }

    /// Melodies in tempo: the line when the sound broke off and the phrase plays again.
    public var playBackDropout: String {
        tr(
            "The sound broke off, so the clicks were out of time: not judged; the phrase plays again (a larger --latency helps)"
        )
    }

    /// The line when the sound broke off while notes played (an underrun), the answer still judged: `total` in
    /// this session; from the second on, the advice to give the output more room.
    public func playBackCrackle(total: Int) -> String {
        guard total > 1 else {
            return tr("The sound broke off (an underrun: the computer did not keep up with the sound card)")
        }
        return tr(
            "The sound broke off again (\(total) times in this session): give the output a larger buffer, "
                + "--latency standard or --latency 4x256")
    }

    /// The line after a right degree, as it resolves: `Home to the tonic: F4 E4 D4 C4 (4 3 2 1)`.
    public func playBackResolving(_ question: PlayBackQuestion, notes: [MIDINote]) -> String {
        let degrees = question.key.map { key in notes.map { degreeName(key.degree(of: $0)) } } ?? []
        return tr(
            "Home to the tonic: \(spelledNames(notes, in: question)) (\(degrees.joined(separator: " ")))")
    }

    /// The state line after the reference alone was played.
    public var playBackReferenceOnly: String { tr("That is the reference; now play the other note") }

    /// Melodies: the line when notes came while the phrase played
    /// (``PlayBackSessionEvent/playedDuringCall(_:inTempo:)``): in tempo, when none came in the response (the
    /// phrase then plays again); free, as the answer window opens.
    public func playBackDuringCall(inTempo: Bool) -> String {
        inTempo
            ? tr("Your notes came while the phrase played; answer in the bar after it, on the clicks")
            : tr("Your notes came while the phrase played and do not count; play it now, from its first note")
    }

    /// The state line while a question sounds again (Space, or four keys at once below C4).
    public var playBackReplaying: String { tr("Listen again") }

    /// The state line while the player's answer and then the right one sound.
    public var playBackComparing: String { tr("Yours, then the right one") }

    /// The line of a skipped question: `Skipped: it was E4 (Major third up)`, `Skipped: it was F4 A♭4 C5 (Fm: Minor
    /// triad, root position)`.
    public func playBackSkipped(_ question: PlayBackQuestion) -> String {
        tr("Skipped: it was \(spelledNames(question.answerNotes, in: question)) (\(itemLabel(of: question)))")
    }

    /// The line when no item fits the note range.
    public var playBackNothingToAsk: String {
        tr("No question fits the note range; widen it (peach settings set noteRange …)")
    }

    /// What an answer was, in note names and musical words, by its ``PlayBackVerdict/Outcome``: `Major third up:
    /// E4` when right; `E♭4, a semitone too low — you played a minor third up, it was a major third up (E4)` for
    /// another item; `E5, an octave too high: the right note in another octave — it was a major third up (E4)`; `The
    /// right chord an octave too high: A4 C5 E5 — it was A3 C4 E4 (Minor triad (Am))`; the right notes in another
    /// voicing, the right chord on another root, a chord with notes missing or added, each said so.
    public func playBackVerdict(_ completed: CompletedPlayBack) -> String {
        let question = completed.question
        let verdict = completed.verdict
        let right = itemName(of: question)
        func names(_ notes: [MIDINote]) -> String { spelledNames(notes, in: question) }
        let expected = names(question.answerNotes)
        let played = playedNames(verdict, in: question)
        let it = tr("it was \(expected) (\(itemLabel(of: question)))")
        let isChord = question.item.kind == .chords
        if question.item.kind == .melodies { return melodyVerdict(completed) }
        if question.isPhrase, let key = question.key { return degreeRowVerdict(completed, key: key) }
        if let key = question.key {
            guard verdict.outcome != .right else { return right + ": " + rightNotes(completed) }
            guard let note = verdict.played.first, verdict.outcome == .wrongItem else {
                return tr("You played \(played): one note, in any octave — \(it)")
            }
            return tr(
                "\(names([note])) is \(degreeName(key.degree(of: note))) — it was \(degreeName(key.degree(of: question.answerNotes.first ?? note))) (\(expected)) in \(keyName(key))"
            )
        }
        // Inside a sentence the item is said as a teacher says it: `it was a major third up (E4)`.
        let asked = verdictPhrase(question.item)
        let shown = verdict.played.filter { $0 != question.reference }
        let note = names(shown.isEmpty ? verdict.played : shown)
        switch verdict.outcome {
        case .right:
            return right + ": " + rightNotes(completed)
        case .otherOctave:
            let error =
                verdict.semitoneError
                ?? ((verdict.played.first?.rawValue ?? 0) - (question.answerNotes.first?.rawValue ?? 0))
            if isChord { return tr("The right chord \(miss(error)): \(played) — \(it)") }
            return tr(
                "\(note), \(miss(error)): the right note in another octave — it was \(asked) (\(expected))")
        case .otherVoicing:
            if isChord { return tr("The right notes in another voicing: \(played) — \(it)") }
            return tr(
                "\(note): the right interval, but below \(names([question.reference])) — it was \(asked) (\(expected))"
            )
        case .otherRoot:
            guard let answered = verdict.answered, let bass = verdict.played.min(),
                let symbol = chordSymbol(answered, bass: bass)
            else { return tr("You played \(played): the right chord on another root — \(it)") }
            return tr("You played \(played) (\(symbol)): the right chord on another root — \(it)")
        case .incomplete:
            return tr("You played \(played), missing \(names(verdict.missing)) — \(it)")
        case .extraNotes:
            return tr("You played \(played), extra \(names(verdict.extra)) — \(it)")
        case .wrongItem, .noItem, .wrongNotes:
            break
        }
        if let error = verdict.semitoneError {
            guard let heard = verdict.answered.map(verdictPhrase) else {
                return tr("\(note), \(miss(error)) — it was \(asked) (\(expected))")
            }
            return tr("\(note), \(miss(error)) — you played \(heard), it was \(asked) (\(expected))")
        }
        guard isChord else { return tr("You played \(played), it was \(expected) (\(right))") }
        // The chord played is labelled as the asked one is: `(F/A: Major triad, 1st inversion)`.
        let heard = verdict.answered.map { answered in
            (verdict.played.min().flatMap { chordSymbol(answered, bass: $0) }.map { $0 + ": " } ?? "")
                + itemName(answered)
        }
        var parts = [tr("You played \(played)") + (heard.map { " (\($0))" } ?? "") + ", " + it]
        if !verdict.missing.isEmpty { parts.append(tr("missing \(names(verdict.missing))")) }
        if !verdict.extra.isEmpty { parts.append(tr("extra \(names(verdict.extra))")) }
        return parts.joined(separator: "; ")
    }

    /// The notes a right answer names: the asked ones, or the ones played where they differ — a degree in another
    /// octave, a note or a melody with `--any-octave`, a chord with `--any-voicing` — so that the line says what
    /// was heard, and a degree's walk home (`Home to the tonic: F5 E5 D5 C5`) starts from the note it names.
    private func rightNotes(_ completed: CompletedPlayBack) -> String {
        let question = completed.question
        let verdict = completed.verdict
        let kind = question.item.kind
        // Notes and intervals: the reference may be played with the answer; it is not the answer.
        let played =
            kind == .notes || kind == .intervals
            ? verdict.played.filter { $0 != question.reference } : verdict.played
        guard !played.isEmpty, Set(played) != Set(question.answerNotes) else {
            return spelledNames(question.answerNotes, in: question)
        }
        return kind == .chords ? playedNames(verdict, in: question) : spelledNames(played, in: question)
    }

    /// A melody's verdict, note by note in place: `Melody of 4 notes by step in C major: C4 D4 E4 C4` when right;
    /// `The right melody an octave too high: …`; else how many notes were right, then each miss — `note 3: you
    /// played F4, it was E4 (a semitone too high)`, `note 4 missing`, `extra G4` — and `the melody was …`.
    func melodyVerdict(_ completed: CompletedPlayBack) -> String {
        let question = completed.question
        let verdict = completed.verdict
        func names(_ notes: [MIDINote]) -> String { spelledNames(notes, in: question) }
        let expected = names(question.answerNotes)
        let it = tr("it was \(expected) (\(itemLabel(of: question)))")
        switch verdict.outcome {
        case .right:
            return itemName(of: question) + ": " + rightNotes(completed)
                + (melodyTiming(completed).map { "; " + $0 } ?? "")
        case .otherOctave:
            let shift = (verdict.played.first?.rawValue ?? 0) - (question.answerNotes.first?.rawValue ?? 0)
            return tr("The right melody \(miss(shift)): \(names(verdict.played)) — \(it)")
        default:
            break
        }
        var parts = phraseMisses(verdict, of: question) { number, played, note, noteName in
            let instead = question.spelled(played: played, for: note, in: keySignature).name(noteNaming)
            let error = PlayBackVerdict.missDistance(
                played: played, expected: note, anyOctave: completed.anyOctave)
            return tr("note \(number): you played \(instead), it was \(noteName) (\(miss(error)))")
        }
        if let timing = melodyTiming(completed) { parts.append(timing) }
        // Not `it was` again: a note's miss already said it.
        return parts.joined(separator: "; ") + " — "
            + tr("the melody was \(expected) (\(itemLabel(of: question)))")
    }

    /// Degrees in a row, note by note in place: `5 3 1 in E♭ major: B♭4 G4 E♭4` when right; else how many notes
    /// were right, then each miss in the key — `note 2: G♭4 is ♭3, it was 3 (G4)`, `note 3 missing (E♭4)`, `extra
    /// C5` — and the row.
    func degreeRowVerdict(_ completed: CompletedPlayBack, key: Key) -> String {
        let question = completed.question
        let verdict = completed.verdict
        func names(_ notes: [MIDINote]) -> String { spelledNames(notes, in: question) }
        let expected = names(question.answerNotes)
        guard verdict.outcome != .right else { return itemName(of: question) + ": " + rightNotes(completed) }
        let parts = phraseMisses(verdict, of: question) { number, played, note, noteName in
            tr(
                "note \(number): \(names([played])) is \(degreeName(key.degree(of: played))), it was \(degreeName(key.degree(of: note))) (\(noteName))"
            )
        }
        return parts.joined(separator: "; ") + " — "
            + tr("the notes were \(expected) (\(itemLabel(of: question)))")
    }

    /// A phrase's verdict but its last words (a melody, degrees in a row): how many notes were right, each miss
    /// in place — what `wrong` says of note `number` when another was played in its place (the phrase's note and
    /// its name as the whole phrase spells it: C♯4 rising to D4), or `note 4 missing (E4)` — and the notes added.
    private func phraseMisses(
        _ verdict: PlayBackVerdict, of question: PlayBackQuestion,
        wrong: (_ number: Int, _ played: MIDINote, _ note: MIDINote, _ noteName: String) -> String
    ) -> [String] {
        let phrase = question.spelled(question.answerNotes, in: keySignature).map { $0.name(noteNaming) }
        let right = verdict.marks.count(where: \.isRight)
        var parts = [
            tr(
                one: "\(right) of \(verdict.marks.count) note right",
                other: "\(right) of \(verdict.marks.count) notes right",
                count: verdict.marks.count)
        ]
        for (index, (mark, note)) in zip(verdict.marks, question.answerNotes).enumerated() {
            let noteName = phrase[index]
            switch mark {
            case .right: continue
            case .wrong(let played): parts.append(wrong(index + 1, played, note, noteName))
            case .missing: parts.append(tr("note \(index + 1) missing (\(noteName))"))
            }
        }
        if !verdict.extra.isEmpty {
            // The notes added named as the answer spells them (``PlayBackQuestion/spelled(answer:in:)``), so that
            // one note reads the same as a wrong note and as an added one: E4 in G♭ major both times, not F♭4.
            let answer = question.spelled(answer: verdict, in: keySignature)
            let answered = Set(verdict.answeredBy.compactMap { $0 })
            let added = verdict.played.indices.filter { !answered.contains($0) }.map {
                answer[$0].name(noteNaming)
            }
            parts.append(tr("extra \(added.joined(separator: " "))"))
        }
        return parts
    }

    /// Melodies in tempo: how far each note was from its place, `timing: +12 −5 +3 – ms` (– for a note not played),
    /// with the mean, signed the same way (`mean +3 ms`); then, as a teacher counts it, each note that landed
    /// half a beat or more from its place, to the nearest half beat: `; note 3 a beat early, note 4 half a beat
    /// late`, `2½ beats early`. Nil when played freely.
    public func melodyTiming(_ completed: CompletedPlayBack) -> String? {
        guard let line = melodyOffsets(completed) else { return nil }
        guard let beat = completed.tempo?.beat else { return line }
        let beside = completed.noteOffsets.enumerated().compactMap { place, offset -> String? in
            guard let offset, offset.isFinite, abs(offset) >= beat / 2 else { return nil }
            let (beats, half) = Int((abs(offset) / beat * 2).rounded()).quotientAndRemainder(dividingBy: 2)
            let amount: String
            switch (beats, half) {
            case (0, _): amount = tr("half a beat")
            case (1, 0): amount = tr("a beat")
            case (1, _): amount = tr("a beat and a half")
            case (_, 0): amount = tr("\(beats) beats")
            default: amount = tr("\(beats)½ beats")
            }
            return offset < 0
                ? tr("note \(place + 1) \(amount) early") : tr("note \(place + 1) \(amount) late")
        }
        return beside.isEmpty ? line : line + "; " + beside.joined(separator: ", ")
    }

    /// Melodies in tempo: the offsets in milliseconds and their mean (``melodyTiming(_:)``).
    private func melodyOffsets(_ completed: CompletedPlayBack) -> String? {
        let offsets = completed.noteOffsets
        guard !offsets.isEmpty else { return nil }
        func signed(_ seconds: Double) -> String { signedWholeMilliseconds(seconds * 1000) }
        let values = offsets.map { offset in offset.map(signed) ?? "–" }
        let played: [Double] = offsets.compactMap { $0 }
        let mean = signed(played.isEmpty ? 0 : played.reduce(0, +) / Double(played.count))
        return tr("timing: \(values.joined(separator: " ")) ms (mean \(mean) ms)")
    }

    /// Milliseconds to the nearest one, signed as a timing offset is: `+12` late, `−5` early, `0` (never `+0`).
    func signedWholeMilliseconds(_ milliseconds: Double) -> String {
        let whole = Int(milliseconds.rounded())
        if whole > 0 { return "+" + String(whole) }
        if whole < 0 { return "−" + String(-whole) }
        return "0"
    }

    /// The line when a placement is over: `Placement done: 14 items in play; from here the questions follow your
    /// progress.`
    public func playBackPlacementEnded(inPlay: Int) -> String {
        tr(
            one: "Placement done: \(inPlay) item in play; from here the questions follow your progress.",
            other: "Placement done: \(inPlay) items in play; from here the questions follow your progress.",
            count: inPlay)
    }

    /// What was heard but not counted, a line each: `C♯4 came 115 ms after the first note, past the 100 ms chord
    /// window: not part of the answer (a window of 130 ms takes it: peach settings set chordWindow 130)`; `F4
    /// was a grazed key (velocity 25, let go at once): not counted (peach settings set grazeVelocity 0 counts
    /// every key)`. Late onsets are relative to the answer's first note.
    public func playBackNotCounted(late: [PlayedNote], grazed: [PlayedNote], window: Double) -> [String] {
        var lines: [String] = []
        for note in late {
            let after = Int((note.time * 1000).rounded())
            let wider = min(1000, (after / 10 + 2) * 10)
            lines.append(
                tr(
                    "\(loneName(note.note)) came \(after) ms after the first note, past the \(Int((window * 1000).rounded())) ms chord window: not part of the answer (a window of \(wider) ms takes it: peach settings set chordWindow \(wider))"
                ))
        }
        for note in grazed {
            lines.append(
                tr(
                    "\(loneName(note.note)) was a grazed key (velocity \(Int(note.velocity.rawValue)), let go at once): not counted (peach settings set grazeVelocity 0 counts every key)"
                ))
        }
        return lines
    }

    /// How far a note or chord missed, in a musician's words: `a semitone too low`, `a whole tone too high`, `a
    /// minor third too low`, `a fifth too high`, `a tritone too low`, `an octave too high`, `2 octaves too low`;
    /// beyond an octave the octaves first, then what is left (`an octave and a whole tone too low`, not `14
    /// semitones`), so that the octave slip is seen at once. The distance is named by its size, as it sounds (3
    /// semitones are a minor third, whatever the two notes' letters), and a fourth and a fifth without "perfect",
    /// as a teacher says it; German in the accusative the sentence takes (`einen Tritonus zu tief`).
    public func miss(_ semitones: Int) -> String {
        let (octaves, rest) = abs(semitones).quotientAndRemainder(dividingBy: 12)
        let remainder: String
        switch rest {
        case 1: remainder = tr("a semitone")
        case 2: remainder = tr("a whole tone")
        case 3: remainder = tr("a minor third", context: "how far a note missed")
        case 4: remainder = tr("a major third", context: "how far a note missed")
        case 5: remainder = tr("a fourth", context: "how far a note missed")
        case 6: remainder = tr("a tritone", context: "how far a note missed")
        case 7: remainder = tr("a fifth", context: "how far a note missed")
        case 8: remainder = tr("a minor sixth", context: "how far a note missed")
        case 9: remainder = tr("a major sixth", context: "how far a note missed")
        case 10: remainder = tr("a minor seventh", context: "how far a note missed")
        case 11: remainder = tr("a major seventh", context: "how far a note missed")
        default: remainder = tr("\(rest) semitones")  // 0: no miss, never asked
        }
        let amount: String
        switch (octaves, rest) {
        case (0, _): amount = remainder
        case (1, 0): amount = tr("an octave")
        case (_, 0): amount = tr("\(octaves) octaves")
        case (1, _): amount = tr("an octave and \(remainder)")
        default: amount = tr("\(octaves) octaves and \(remainder)")
        }
        return semitones < 0 ? tr("\(amount) too low") : tr("\(amount) too high")
    }
}
