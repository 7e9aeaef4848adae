// Texts: Peach's words in the user's language (gettext catalogues, English in the source): screens and numbers.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachTraining

/// Every text Peach shows, in the user's language. The English is here, each text one template in `tr(...)`
/// (its `msgid` in `po/peach.pot`); the translations are in `po/<lang>.po`, looked up through
/// ``MessageCatalogue``, so a new language needs no Swift. Plain phrases are a ``Phrase`` (tested case by
/// case), parametrised ones are methods. The other parts: `Texts+Errors` (every error), `Texts+Help` (every
/// command's help), `Texts+Commands` (the output of the commands), `Texts+Box` (the practice box's log).
public struct Texts: Sendable {
    /// The language.
    public let language: Language
    /// Its translations (none for English).
    public let catalogue: MessageCatalogue
    /// Whether help texts mark each non-ASCII character as `@UXXXX@` (its code point in hex), for the manual:
    /// swift-argument-parser's `generate-manual` drops every non-ASCII character, so the Makefile asks for the
    /// marks (`PEACH_MANUAL=1`) and turns them into groff's `\[uXXXX]` escapes, and ±, β, σ, ¢ and – survive.
    public let marksNonASCII: Bool
    /// The key signature lone notes are spelled in (the `keySignature` setting; C unless a run sets it).
    public var keySignature = KeySignature.c
    /// Whether scale degrees are named by movable do (`sol`, `le`) rather than numbers (`5`, `♭6`): the
    /// `degreeNames` setting.
    public var solfege = false
    /// Where the computer keyboard's letters sit, so its piano's keys are named as they are found (QWERTZ `z`,
    /// `ö`, `y` where QWERTY has `y`, `;`, `z`).
    public var keyboardLayout = KeyboardLayout.qwerty

    /// The texts of `language`; `marksNonASCII` for the manual's help texts.
    public init(language: Language, marksNonASCII: Bool = false) {
        self.init(
            language: language,
            catalogue: MessageCatalogue.load(
                languages: language.preferences, environment: ProcessInfo.processInfo.environment),
            marksNonASCII: marksNonASCII)
    }

    /// The texts of `catalogue` (a test's pseudo-language, a translator's file).
    public init(language: Language, catalogue: MessageCatalogue, marksNonASCII: Bool = false) {
        self.language = language
        self.catalogue = catalogue
        self.marksNonASCII = marksNonASCII
    }

    /// `text` with each non-ASCII character as `@UXXXX@`.
    public static func markingNonASCII(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "@U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "@"
            }
        }
        return result
    }

    /// `message` in the user's language: its template's translation (the English when there is none), with
    /// its values put in their places.
    public func tr(_ message: Message, context: String? = nil) -> String {
        let template = catalogue.translation(of: message.template, context: context) ?? message.template
        return Message.filling(template, with: message.values)
    }

    /// The form of `one`/`other` that `count` takes in the user's language (gettext's plural rule; English:
    /// `one` for 1), with the values put in.
    public func tr(one: Message, other: Message, count: Int) -> String {
        if let template = catalogue.translation(one: one.template, count: count) {
            return Message.filling(template, with: other.values)  // both forms have the same values
        }
        let english = count == 1 ? one : other
        return Message.filling(english.template, with: english.values)
    }

    /// A plain phrase.
    public func callAsFunction(_ phrase: Phrase) -> String { tr(phrase.english) }

    // MARK: Numbers

    /// The longest a value from outside (a setting, an option, a file's field) is echoed in a message.
    public static let shownLength = 60

    /// `value` as a message shows it: whole up to ``shownLength`` characters, else its start, an ellipsis and
    /// how long it was, so a 5 MB value in a settings file gives a one-line error, not a 5 MB one.
    public func shown(_ value: String) -> String {
        guard value.count > Self.shownLength else { return value }
        return tr("\(String(value.prefix(Self.shownLength)))… (\(value.utf8.count) bytes)")
    }

    /// A number written with a decimal point (`+12.3`, `440.00 Hz`) with the language's decimal separator
    /// (the catalogue's translation of `.` in the context `decimal separator`: German `,`). The one place
    /// numbers are made local: ``format(_:_:)`` and ``shortest(_:)`` end here.
    func decimal(_ text: String) -> String {
        let separator = tr(".", context: "decimal separator")
        return separator == "." ? text : text.replacingOccurrences(of: ".", with: separator)
    }

    /// `440.00 Hz`: a frequency with two decimals and its unit.
    public func hertz(_ value: Double) -> String { tr("\(format(value, 2)) Hz") }

    /// `value` with `decimals` places: a dot in English, a comma in German. A value that rounds to zero reads
    /// `0.0`, never `-0.0` (printf's minus, which ``FixedDecimals`` keeps for the charts, would read as early or
    /// flat: a mean of -0.01 ms is on the dot).
    public func format(_ value: Double, _ decimals: Int) -> String {
        var text = FixedDecimals.string(value, decimals: decimals)
        if text.hasPrefix("-"), text.allSatisfy({ "-0.".contains($0) }) { text.removeFirst() }
        return decimal(text)
    }

    /// `+2.2`, `-0.8`, `+0.0`: `value` with `decimals` places and its sign always written; a value that rounds
    /// to zero reads `+0.0` (``format(_:_:)``).
    public func signed(_ value: Double, _ decimals: Int) -> String {
        let text = format(value, decimals)
        return text.hasPrefix("-") ? text : "+" + text
    }

    /// `value` with up to three decimals and no trailing zeros (`0.4`, `440`, `1,25`).
    public func shortest(_ value: Double) -> String {
        var text = FixedDecimals.string(value, decimals: 3)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        if text == "-0" { text = "0" }
        return decimal(text)
    }

    /// A number and the word cent: `1 cent`, `2 cents`, `1.5 cents`; `1 Cent`, `1,5 Cent`.
    public func cents(_ value: Double, _ decimals: Int = 1) -> String {
        centsText(format(value, decimals))
    }

    /// `83–89 %`: the likely range of a share right (``AccuracyEstimate/likelyRange``), in whole percents.
    public func likelyPercents(_ estimate: AccuracyEstimate) -> String {
        let range = estimate.likelyRange
        return "\(Int((range.lowerBound * 100).rounded()))–\(Int((range.upperBound * 100).rounded())) %"
    }

    /// `+4.2 cents` / `-0.8 cents` / `+0.0 cents`: signed as ``signed(_:_:)`` writes it (never `-0.0`).
    public func signedCents(_ value: Double, decimals: Int) -> String {
        centsText(signed(value, decimals))
    }

    /// `+4 cents` / `-3 cents` / `0 cents` / `+1 cent`.
    public func signedCents(_ rounded: Int) -> String {
        centsText((rounded > 0 ? "+" : "") + String(rounded))
    }

    /// `number` (already written: `1`, `+4`, `1.5`) and the word cent in its plural form: `1 cent`, `2 cents`,
    /// `1.5 cents`; the plural rule sees 1 only for a number that is exactly one.
    func centsText(_ number: String) -> String {
        let magnitude = number.trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
        return tr(one: "\(number) cent", other: "\(number) cents", count: magnitude == "1" ? 1 : 2)
    }

    /// `1 answer` / `2 answers`.

    // MARK: Training

    /// The title of a mode.
    public func title(of mode: TrainingMode) -> String {
        switch mode {
        case .comparison: self(.comparisonTitle)
        case .pitchMatching: self(.matchingTitle)
        case .measurement: self(.measurementTitle)
        case .offsetDetection: tr("Timing: early or late")
        case .gapFill: tr("Timing: fill the gap")
        case .calibration: tr("Timing: calibration")
        case .echo: tr("Timing: rhythm echo")
        case .playBack(let kind): playBackTitle(kind)
        }
    }

    /// The title of a mode inside a sentence: `pitch discrimination` (German keeps the name, in quotes).
    func titleInSentence(of mode: TrainingMode) -> String {
        switch mode {
        case .comparison: tr("pitch discrimination", context: "in a sentence")
        case .pitchMatching: tr("pitch matching", context: "in a sentence")
        case .measurement: tr("threshold measurement", context: "in a sentence")
        case .offsetDetection: tr("timing offset detection", context: "in a sentence")
        case .gapFill: tr("fill the gap", context: "in a sentence")
        case .calibration: tr("timing calibration", context: "in a sentence")
        case .echo: tr("rhythm echo", context: "in a sentence")
        case .playBack(let kind): playBackTitleInSentence(kind)
        }
    }

    /// How to answer in `mode`, in one line.
    public func keysHelp(for mode: TrainingMode) -> String {
        if mode.isTiming { return timingKeysHelp(for: mode) }
        if mode.playBackKind != nil { return playBackKeysHelp }
        return mode == .pitchMatching
            ? tr(
                "Tune with the wheel or fader (or ↑↓ 1 cent, ←→ 10 cents), commit with the pedal or Enter; "
                    + "Space replays; q stops.")
            : tr("Answer with your controller (or ↑ higher, ↓ lower); Space replays; q stops.")
    }

    /// `note 1`.
    public var note1: String { self(.note1) }
    /// `note 2`.
    public var note2: String { self(.note2) }
    /// `again`: a replay.
    public var replaying: String { self(.replaying) }
    /// `higher or lower?`.
    public var yourAnswer: String { self(.yourAnswer) }
    /// `Correct`.
    public var correct: String { self(.correct) }
    /// `Incorrect`.
    public var incorrect: String { self(.incorrect) }
    /// `Nearly`: play back's right item in the wrong place (another octave, voicing or root).
    public var nearly: String { tr("Nearly") }
    /// `reference`.
    public var reference: String { self(.reference) }
    /// `tune it, then commit`.
    public var tuneIt: String { self(.tuneIt) }
    /// `Dead center`.
    public var deadCenter: String { self(.deadCenter) }

    /// `difficulty 12.3 cents · best 8.1`: the Kazez level of the trial, never called a threshold.
    public func difficulty(_ cents: Double, best: Double?) -> String {
        let level = self.cents(cents)
        guard let best else { return tr("difficulty \(level)") }
        return tr("difficulty \(level) · best \(format(best, 1))")
    }

    /// What the right answer was: `Higher, 13.9 cents` after a correct answer, `it was lower, 13.9 cents`
    /// after a wrong one.
    public func rightAnswer(_ completed: CompletedComparison) -> String {
        let comparison = completed.comparison
        let higher = comparison.centDifference.rawValue >= 0
        var direction = higher ? self(.higher) : self(.lower)
        // An interval: higher means an ascending interval too wide, a descending one too narrow.
        if let interval = comparison.interval, interval != .prime {
            direction +=
                higher != interval.isDown
                ? tr(" (too wide)") : tr(" (too narrow)")
        }
        let size = cents(comparison.centDifference.magnitude)
        if completed.isCorrect { return "\(direction), \(size)" }
        return tr("it was \(direction.lowercased()), \(size)")
    }

    /// `4 cents sharp` / `27 cents flat` / `1 cent sharp`.
    public func sharpOrFlat(_ rounded: Int) -> String {
        let amount = centsText(String(abs(rounded)))
        return rounded > 0 ? tr("\(amount) sharp") : tr("\(amount) flat")
    }

    /// `peach: no sequencer (…). The computer keyboard stands in.`: the controller could not be opened, and
    /// the keyboard is used instead.
    public func keyboardStandsIn(for error: any Error) -> String {
        tr("peach: \(message(for: error)) The computer keyboard stands in.")
    }

    /// A notice's line.
    public func notice(_ notice: TrainingNotice) -> String {
        switch notice {
        case .noControllerYet: self(.noController)
        case .controllerConnected(let name): tr("Connected \(name).")
        case .profileChanged(let name): tr("Controller profile now \(name).")
        case .pianoFrom(let note): tr("Keyboard piano from \(noteName(note)).")
        case .settingsProblem(let error):
            tr("peach: \(message(for: error)) Keeping the last good settings.")
        case .soundFontProblem(let error, let timbre):
            tr("peach: \(soundFontFallback(error, timbre: timbre))")
        case .actionNotApplicable(let action, let mode):
            tr("\(action): nothing to do in \(titleInSentence(of: mode))")
        case .timedOnArrival:
            tr(
                "Strikes from raw MIDI or the computer keyboard are timed when Peach reads them (a keyboard a few "
                    + "milliseconds late); a controller on the sequencer is timed by the kernel's stamps.")
        }
    }

    /// What an output's sound goes through, in words: `PipeWire`, `the sound card`, `ALSA's dmix`.
    public func stackName(_ stack: AudioStack) -> String {
        switch stack {
        case .hardware: tr("the sound card")
        case .dmix: tr("ALSA's dmix")
        case .pipeWire: "PipeWire"
        case .pulseAudio: "PulseAudio"
        case .jack: "JACK"
        case .null: tr("nothing")
        case .file: tr("a file")
        case .other: tr("ALSA plugins")
        }
    }

    /// `alsa:default through PipeWire`: an output and what its sound goes through.
    public func soundThrough(_ output: String, _ stack: String) -> String { tr("\(output) through \(stack)") }

    /// `12 answered, 9 correct.` / `3 matched.` / both.
    public func summary(_ progress: TrainingProgress) -> String {
        var parts: [String] = []
        if progress.answered > 0 || (progress.matched == 0 && progress.strikes == 0 && progress.stored > 0) {
            parts.append(
                tr("\(progress.answered) answered, \(progress.correct) correct"))
        }
        if progress.matched > 0 {
            parts.append(tr("\(progress.matched) matched"))
        }
        if progress.strikes > 0 { parts.append(strikesCounted(progress.strikes)) }
        if progress.dropouts > 0 {
            parts.append(
                tr(
                    one: "the sound broke off once (an underrun)",
                    other: "the sound broke off \(progress.dropouts) times (underruns)",
                    count: progress.dropouts))
        }
        return parts.isEmpty ? "" : parts.joined(separator: "; ") + "."
    }

    /// Why the run ended, in one sentence.
    public func reason(_ ending: TrainingEnding) -> String {
        switch ending {
        case .user: return self(.stopped)
        case .inputEnded: return self(.inputEnded)
        case .calibrated(let calibration): return calibrated(calibration)
        case .signal(let number):
            let name = TrainingEnding.signalName(number)
            return tr("Stopped by \(name).")
        case .controllerDisconnected(let name):
            return tr("The controller \(name) was unplugged; stopped.")
        case .controllerFailed(let error):
            return tr("The controller failed: \(message(for: error))")
        case .audioFailure(let error):
            return tr("The sound failed: \(message(for: error))")
        case .measured(let estimate):
            return tr("Measured: threshold \(threshold(estimate)).")
        case .storeFailure(let error):
            return tr("Your last answer could not be saved: \(message(for: error))")
        case .outputClosed:
            return tr("The output was closed; stopped.")
        }
    }

    /// `7.3 cents (75 % correct; likely range 6.1–8.7)`: a fitted or measured threshold, saying what it means.
    /// The likely range is the 68 % credible interval, so named that no musician reads it as a musical interval.
    /// An estimate too wide to mean anything (one answer's) is `too uncertain to say yet (likely range 0.2–56.6
    /// cents)`.
    public func threshold(_ estimate: ThresholdEstimate) -> String {
        let low = format(estimate.interval68.lowerBound, 1)
        let high = format(estimate.interval68.upperBound, 1)
        // One rule everywhere (profile, start screen, dashboard, simulate, the progress charts): an estimate
        // whose likely range spans more than ProgressHistory.uncertainSpan is no number yet.
        if ProgressHistory.isUncertain(estimate) {
            return tr("too uncertain to say yet (likely range \(low)–\(high) cents)")
        }
        return tr("\(cents(estimate.cents)) (75 % correct; likely range \(low)–\(high))")
    }

    /// ` · so far 7.3 cents (likely 6.1–8.7)`: a measurement's estimate after an answer, narrowing as it goes.
    public func measuredSoFar(_ estimate: ThresholdEstimate?) -> String {
        guard let estimate else { return "" }
        let low = format(estimate.interval68.lowerBound, 1)
        let high = format(estimate.interval68.upperBound, 1)
        return tr(" · so far \(cents(estimate.cents)) (likely \(low)–\(high))")
    }

    /// The closing line: why, what was done, where it is stored.
    /// A calibration (`mode`) stores no answers: stopped early, it says that nothing was saved.
    public func closing(
        _ ending: TrainingEnding, progress: TrainingProgress, storeLocation: String, mode: TrainingMode? = nil
    ) -> String {
        if case .calibrated = ending { return reason(ending) }  // nothing stored: the command saves it
        if mode == .calibration {
            return [reason(ending), summary(progress), self(.nothingSavedCalibrationUnfinished)]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        if case .storeFailure(let error) = ending {
            // A replaced journal holds none of them: say so instead of where they are.
            if case .journalReplaced = error as? StoreError {
                return [reason(ending), summary(progress)].filter { !$0.isEmpty }.joined(separator: " ")
            }
            return [reason(ending), summary(progress), "\(self(.savedBefore)): \(storeLocation)"]
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        guard progress.stored > 0 else {
            // Nothing reached the store: "saved" would not be true.
            let nothing = progress.strikes > 0 ? self(.nothingStoredTrialUnfinished) : self(.nothingStored)
            return [reason(ending), summary(progress), nothing].filter { !$0.isEmpty }.joined(separator: " ")
        }
        return "\(reason(ending)) \(summary(progress)) \(self(.saved)): \(storeLocation)"
    }

    /// The details of an ending for the events stream (`SIGTERM`, the controller's name, the failure).
    public func detail(of ending: TrainingEnding) -> String {
        switch ending {
        case .user, .inputEnded, .outputClosed: ""
        case .signal(let number): TrainingEnding.signalName(number)
        case .controllerDisconnected(let name): name
        case .controllerFailed(let error): message(for: error)
        case .audioFailure(let error): message(for: error)
        case .measured(let estimate): threshold(estimate)
        case .calibrated(let calibration): format(calibration.offsetMs, 1)
        case .storeFailure(let error): message(for: error)
        }
    }

    // MARK: Profile

    /// `Trend: improving`.
    public func trend(_ trend: Trend) -> String {
        tr("Trend: \(trendWord(trend))")
    }

    /// `improving`.
    public func trendWord(_ trend: Trend) -> String {
        switch trend {
        case .improving: tr("improving")
        case .stable: tr("stable")
        case .declining: tr("declining")
        }
    }

    /// `Trend: needs 20 answers`.
    public var trendUnknown: String {
        tr("Trend: needs two sessions of \(TrendAnalyzer.minimumCount) answers")
    }

    /// `12 answers`.
    public func answers(_ number: Int) -> String {
        tr(one: "\(number) answer", other: "\(number) answers", count: number)
    }

    /// `3 attempts`.
    public func attempts(_ number: Int) -> String {
        tr(one: "\(number) attempt", other: "\(number) attempts", count: number)
    }

    /// How note names are written and read in this language (`H4` in German for B4).
    public var noteNaming: NoteNaming {
        language.code == "de" || language.code.hasPrefix("de_") ? .german : .english
    }

    /// `note`'s name in this language's naming.
    public func noteName(_ note: MIDINote) -> String { noteNaming.name(of: note) }

    /// `range` as `LOW-HIGH` in this language's naming.
    public func rangeName(_ range: NoteRange) -> String { noteNaming.name(of: range) }

    /// The SVG was written.
    public func svgWritten(_ path: String) -> String {
        tr("Chart written to \(path).")
    }

    /// `threshold 12.3 cents (75 % correct; …)`, `matching error 5.1 cents (likely range 4.6–5.6)` and `timing 9.8
    /// ms (early or late, 80–119 BPM; likely range 8.9–11.0 ms)`, a line each, for the start screen: every number
    /// with its likely range, as the profile gives it.
    public func startSummary(
        threshold: ThresholdEstimate?, matching: PitchMatchingStatistics,
        timing: (band: TempoBand, threshold: TimingThreshold)? = nil
    ) -> String {
        let parts = [
            threshold.map { tr("threshold \(self.threshold($0))") },
            meanMatchingError(matching).map { tr("matching error \($0)") },
            timing.map { startTiming($0.threshold, band: $0.band) },
        ].compactMap { $0 }
        return parts.joined(separator: "\n")  // a line each: they fit 80 columns
    }

    /// `5.1 cents (likely range 4.6–5.6)`: pitch matching's mean absolute error with its likely range (± one
    /// standard error, as the progress chart draws it), without one from a single attempt; nil before the first.
    public func meanMatchingError(_ matching: PitchMatchingStatistics) -> String? {
        guard let error = matching.meanAbsoluteError else { return nil }
        guard let range = matching.likelyRangeOfMeanAbsoluteError else { return cents(error) }
        let (low, high) = (format(range.lowerBound, 1), format(range.upperBound, 1))
        return tr("\(cents(error)) (likely range \(low)–\(high))")
    }

    /// `+1.1 (likely range +0.6 to +1.6)`: pitch matching's bias (+ = sharp) with its likely range (± one standard
    /// error), without one from a single attempt; `–` before the first.
    public func matchingBias(_ matching: PitchMatchingStatistics) -> String {
        guard let bias = matching.bias else { return "–" }
        guard let range = matching.likelyRangeOfBias else { return signed(bias, 1) }
        let (low, high) = (signed(range.lowerBound, 1), signed(range.upperBound, 1))
        return tr("\(signed(bias, 1)) (likely range \(low) to \(high))")
    }

    /// The start screen's intervals headline: `intervals: 6 trained (420 answers, 85 attempts)`, counting each
    /// interval in each tuning; the profile lists them.
    public func startIntervals(trained: Int, answers: Int, attempts: Int) -> String {
        let counts = [
            answers > 0 ? self.answers(answers) : nil, attempts > 0 ? self.attempts(attempts) : nil,
        ]
        return tr("intervals: \(trained) trained (\(counts.compactMap { $0 }.joined(separator: ", ")))")
    }

    /// Where the chart would be, with answers but too few on any one note for it.
    public func chartNeedsAnswers(_ count: Int) -> String {
        tr(
            one: "The chart fills in as notes get answers: \(count) answer so far.",
            other: "The chart fills in as notes get answers: \(count) answers so far.", count: count)
    }

    /// The start screen's commands.
    public var startCommands: [String] {
        [
            tr("  peach train      pitch discrimination: higher or lower?"),
            tr("  peach match      pitch matching: tune to the reference"),
            tr("  peach measure    your threshold, measured in a few minutes"),
            tr("  peach timing     timing: is a click early or late?"),
            tr("  peach tap        timing: strike the silent step of a click loop"),
            tr("  peach echo       timing: hear a bar, echo it on a pad"),
            tr("  peach play       play back notes, intervals, chords, degrees and melodies"),
            tr("  peach profile    your profile, trend and progress"),
            tr("  peach web        your progress in a browser, on this computer or the network"),
            tr("  peach settings   settings; peach devices, monitor, learn: your controller"),
            tr("  peach --help     everything else"),
        ]
    }

    // MARK: Controller actions

    /// An action's name.
    public func title(_ action: SwitchAction) -> String {
        switch action {
        case .higher: self(.higher)
        case .lower: self(.lower)
        case .commit: tr("Commit")
        case .replay: tr("Replay")
        case .startComparison: tr("Start comparison training")
        case .startPitchMatching: tr("Start pitch matching")
        case .startTiming: tr("Start timing training")
        case .startPlayBack: tr("Start play-back training")
        case .stop: tr("Stop")
        case .early: tr("Early")
        case .late: tr("Late")
        case .strike: tr("Strike")
        }
    }

    /// `  (connected Launchkey Mini MIDI 1)`: a port came while learning.
    public func learnPortConnected(_ label: String) -> String {
        tr("  (connected \(label))")
    }

    /// `  (Launchkey Mini MIDI 1 went away)`: a port went while learning.
    public func learnPortGone(_ label: String) -> String {
        tr("  (\(label) went away)")
    }

    /// What `peach learn` asks for a step.
    public func prompt(_ step: LearnStep) -> String {
        switch step {
        case .action(let action):
            tr("Press the control for \(title(action))…")
        case .tune:
            tr("Move the control you want to tune with (wheel, fader, knob or encoder)…")
        }
    }
}
