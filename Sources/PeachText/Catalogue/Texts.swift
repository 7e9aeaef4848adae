// Texts: the catalogue of Peach's words, in English and German side by side: screens, reports and numbers.

import Foundation
import PeachCore
import PeachMIDI
import PeachStore
import PeachTraining

/// Every text Peach shows, in the user's language. Each entry holds both languages, so no language can miss a
/// text; plain phrases are a ``Phrase`` (tested case by case), parametrised ones are methods. The other parts
/// of the catalogue: `Texts+Errors` (every error), `Texts+Help` (every command's help), `Texts+Commands`
/// (the output of the commands).
public struct Texts: Sendable {
    /// The language.
    public let language: Language
    /// Whether help texts mark each non-ASCII character as `@UXXXX@` (its code point in hex), for the manual:
    /// swift-argument-parser's `generate-manual` drops every non-ASCII character, so the Makefile asks for the
    /// marks (`PEACH_MANUAL=1`) and turns them into groff's `\[uXXXX]` escapes, and ±, β, σ, ¢ and – survive.
    public let marksNonASCII: Bool

    /// The texts of `language`; `marksNonASCII` for the manual's help texts.
    public init(language: Language, marksNonASCII: Bool = false) {
        self.language = language
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

    /// The English or the German text.
    func pick(_ english: String, _ german: String) -> String {
        language == .german ? german : english
    }

    /// A plain phrase.
    public func callAsFunction(_ phrase: Phrase) -> String {
        let (english, german) = phrase.texts
        return pick(english, german)
    }

    // MARK: Numbers

    /// The longest a value from outside (a setting, an option, a file's field) is echoed in a message.
    public static let shownLength = 60

    /// `value` as a message shows it: whole up to ``shownLength`` characters, else its start, an ellipsis and
    /// how long it was, so a 5 MB value in a settings file gives a one-line error, not a 5 MB one.
    public func shown(_ value: String) -> String {
        guard value.count > Self.shownLength else { return value }
        return String(value.prefix(Self.shownLength))
            + pick("… (\(value.utf8.count) bytes)", "… (\(value.utf8.count) Bytes)")
    }

    /// A number already written with a decimal point (`+12.3`, `440.00 Hz`), with the German decimal comma in
    /// German.
    func decimal(_ text: String) -> String {
        language == .german ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// `value` with `decimals` places: a dot in English, a comma in German.
    public func format(_ value: Double, _ decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return language == .german ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// `value` with up to three decimals and no trailing zeros (`0.4`, `440`, `1,25`).
    public func shortest(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        if text == "-0" { text = "0" }
        return language == .german ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// A number and the word cent: `1 cent`, `2 cents`, `1.5 cents`; `1 Cent`, `1,5 Cent`.
    public func cents(_ value: Double, _ decimals: Int = 1) -> String {
        let number = format(value, decimals)
        return number + " " + centWord(for: number)
    }

    /// `+4 cents` / `-3 cents` / `0 cents` / `+1 cent`.
    public func signedCents(_ rounded: Int) -> String {
        let number = (rounded > 0 ? "+" : "") + String(rounded)
        return number + " " + centWord(for: number)
    }

    /// `cent` for a count of one, else `cents`; German `Cent` always.
    func centWord(for number: String) -> String {
        let magnitude = number.trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
        return pick(magnitude == "1" ? "cent" : "cents", "Cent")
    }

    /// `1 answer` / `2 answers`.
    func count(_ number: Int, _ one: (String, String), _ many: (String, String)) -> String {
        "\(number) " + (number == 1 ? pick(one.0, one.1) : pick(many.0, many.1))
    }

    // MARK: Training

    /// The title of a mode.
    public func title(of mode: TrainingMode) -> String {
        switch mode {
        case .comparison: self(.comparisonTitle)
        case .pitchMatching: self(.matchingTitle)
        case .measurement: self(.measurementTitle)
        }
    }

    /// How to answer in `mode`, in one line.
    public func keysHelp(for mode: TrainingMode) -> String {
        mode == .pitchMatching
            ? pick(
                "Tune with the wheel or fader (or ↑↓ 1 cent, ←→ 10 cents), commit with the pedal or Enter; "
                    + "Space replays; q stops.",
                "Stimme mit Rad oder Fader (oder ↑↓ 1 Cent, ←→ 10 Cent), bestätige mit Pedal oder Enter; "
                    + "Leertaste wiederholt; q beendet.")
            : pick(
                "Answer with your controller (or ↑ higher, ↓ lower); Space replays; q stops.",
                "Antworte mit deinem Controller (oder ↑ höher, ↓ tiefer); Leertaste wiederholt; q beendet.")
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
    /// `reference`.
    public var reference: String { self(.reference) }
    /// `tune it, then commit`.
    public var tuneIt: String { self(.tuneIt) }
    /// `Dead center`.
    public var deadCenter: String { self(.deadCenter) }

    /// `difficulty 12.3 cents · best 8.1`: the Kazez level of the trial, never called a threshold.
    public func difficulty(_ cents: Double, best: Double?) -> String {
        let bestText = best.map { pick(" · best ", " · Bestwert ") + format($0, 1) } ?? ""
        return pick("difficulty ", "Schwierigkeit ") + self.cents(cents) + bestText
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
                ? pick(" (too wide)", " (zu weit)") : pick(" (too narrow)", " (zu eng)")
        }
        let size = cents(comparison.centDifference.magnitude)
        if completed.isCorrect { return "\(direction), \(size)" }
        return pick("it was \(direction.lowercased()), \(size)", "es war \(direction.lowercased()), \(size)")
    }

    /// `4 cents sharp` / `27 cents flat` / `1 cent sharp`.
    public func sharpOrFlat(_ rounded: Int) -> String {
        let number = String(abs(rounded))
        let word = centWord(for: number)
        return rounded > 0
            ? "\(number) \(word) " + pick("sharp", "zu hoch")
            : "\(number) \(word) " + pick("flat", "zu tief")
    }

    /// `peach: no sequencer (…). The computer keyboard stands in.`: the controller could not be opened, and
    /// the keyboard is used instead.
    public func keyboardStandsIn(for error: any Error) -> String {
        "peach: " + message(for: error) + " "
            + pick("The computer keyboard stands in.", "Die Computertastatur springt ein.")
    }

    /// A notice's line.
    public func notice(_ notice: TrainingNotice) -> String {
        switch notice {
        case .noControllerYet: self(.noController)
        case .controllerConnected(let name): pick("Connected \(name).", "\(name) verbunden.")
        case .settingsProblem(let error):
            "peach: " + message(for: error) + " " + self(.keepingLastSettings)
        case .soundFontProblem(let error, let timbre): "peach: " + soundFontFallback(error, timbre: timbre)
        case .actionNotApplicable(let action, let mode):
            pick(
                "\(action): nothing to do in \(title(of: mode).lowercased())",
                "\(action): bei „\(title(of: mode))“ ohne Wirkung")
        }
    }

    /// `12 answered, 9 correct.` / `3 matched.` / both.
    public func summary(_ progress: TrainingProgress) -> String {
        var parts: [String] = []
        if progress.answered > 0 || progress.matched == 0 {
            parts.append(
                pick(
                    "\(progress.answered) answered, \(progress.correct) correct",
                    "\(progress.answered) beantwortet, \(progress.correct) richtig"))
        }
        if progress.matched > 0 {
            parts.append(pick("\(progress.matched) matched", "\(progress.matched) abgestimmt"))
        }
        return parts.joined(separator: "; ") + "."
    }

    /// Why the run ended, in one sentence.
    public func reason(_ ending: TrainingEnding) -> String {
        switch ending {
        case .user: return self(.stopped)
        case .inputEnded: return self(.inputEnded)
        case .signal(let number):
            let name = TrainingEnding.signalName(number)
            return pick("Stopped by \(name).", "Durch \(name) beendet.")
        case .controllerDisconnected(let name):
            return pick(
                "The controller \(name) was unplugged; stopped.",
                "Der Controller \(name) wurde getrennt; beendet.")
        case .controllerFailed(let error):
            return pick("The controller failed: ", "Der Controller ist ausgefallen: ") + message(for: error)
        case .audioFailure(let error):
            return pick("The sound failed: ", "Der Klang ist ausgefallen: ") + message(for: error)
        case .measured(let estimate):
            return pick("Measured: threshold ", "Gemessen: Schwelle ") + threshold(estimate) + "."
        case .storeFailure(let error):
            return pick(
                "Your last answer could not be saved: ",
                "Deine letzte Antwort konnte nicht gespeichert werden: ")
                + message(for: error)
        case .outputClosed:
            return pick("The output was closed; stopped.", "Die Ausgabe wurde geschlossen; beendet.")
        }
    }

    /// `7.3 cents (75 % correct; likely range 6.1–8.7)`: a fitted or measured threshold, saying what it means.
    /// The likely range is the 68 % credible interval, so named that no musician reads it as a musical interval.
    public func threshold(_ estimate: ThresholdEstimate) -> String {
        let low = format(estimate.interval68.lowerBound, 1)
        let high = format(estimate.interval68.upperBound, 1)
        return cents(estimate.cents)
            + pick(
                " (75 % correct; likely range \(low)–\(high))",
                " (75 % richtig; wahrscheinlich \(low)–\(high))")
    }

    /// ` · so far 7.3 cents (likely 6.1–8.7)`: a measurement's estimate after an answer, narrowing as it goes.
    public func measuredSoFar(_ estimate: ThresholdEstimate?) -> String {
        guard let estimate else { return "" }
        let low = format(estimate.interval68.lowerBound, 1)
        let high = format(estimate.interval68.upperBound, 1)
        return pick(" · so far ", " · bisher ") + cents(estimate.cents)
            + pick(" (likely \(low)–\(high))", " (wahrscheinlich \(low)–\(high))")
    }

    /// The closing line: why, what was done, where it is stored.
    public func closing(_ ending: TrainingEnding, progress: TrainingProgress, storeLocation: String) -> String
    {
        if case .storeFailure(let error) = ending {
            // A replaced journal holds none of them: say so instead of where they are.
            if case .journalReplaced = error as? StoreError {
                return "\(reason(ending)) \(summary(progress))"
            }
            return "\(reason(ending)) \(summary(progress)) \(self(.savedBefore)): \(storeLocation)"
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
        case .storeFailure(let error): message(for: error)
        }
    }

    // MARK: Profile

    /// `Trend: improving`.
    public func trend(_ trend: Trend) -> String {
        pick("Trend: ", "Trend: ") + trendWord(trend)
    }

    /// `improving`.
    public func trendWord(_ trend: Trend) -> String {
        switch trend {
        case .improving: pick("improving", "verbessernd")
        case .stable: pick("stable", "stabil")
        case .declining: pick("declining", "nachlassend")
        }
    }

    /// `Trend: needs 20 answers`.
    public var trendUnknown: String {
        pick(
            "Trend: needs two sessions of \(TrendAnalyzer.minimumCount) answers",
            "Trend: braucht zwei Sitzungen mit \(TrendAnalyzer.minimumCount) Antworten")
    }

    /// `12 answers`.
    public func answers(_ number: Int) -> String {
        count(number, ("answer", "Antwort"), ("answers", "Antworten"))
    }

    /// `3 attempts`.
    public func attempts(_ number: Int) -> String {
        count(number, ("attempt", "Versuch"), ("attempts", "Versuche"))
    }

    /// The SVG was written.
    public func svgWritten(_ path: String) -> String {
        pick("Chart written to \(path).", "Diagramm nach \(path) geschrieben.")
    }

    /// `threshold 12.3 cents (75 % correct; …)` and `matching error 5.1 cents`, a line each, for the start screen.
    public func startSummary(threshold: ThresholdEstimate?, matching: Double?) -> String {
        let parts = [
            threshold.map { pick("threshold ", "Schwelle ") + self.threshold($0) },
            matching.map { pick("matching error ", "Fehler beim Treffen ") + cents($0) },
        ].compactMap { $0 }
        return parts.joined(separator: "\n")  // a line each: they fit 80 columns
    }

    /// The start screen's commands.
    public var startCommands: [String] {
        [
            pick(
                "  peach train      pitch discrimination: higher or lower?",
                "  peach train      Tonhöhen unterscheiden: höher oder tiefer?"),
            pick(
                "  peach match      pitch matching: tune to the reference",
                "  peach match      Tonhöhe treffen: stimme auf die Referenz"),
            pick(
                "  peach profile    your profile, trend and progress",
                "  peach profile    dein Profil, Trend und Fortschritt"),
            pick(
                "  peach settings   settings; peach devices, monitor, learn: your controller",
                "  peach settings   Einstellungen; peach devices, monitor, learn: dein Controller"),
            pick("  peach --help     everything else", "  peach --help     alles Weitere"),
        ]
    }

    // MARK: Controller actions

    /// An action's name.
    public func title(_ action: SwitchAction) -> String {
        switch action {
        case .higher: self(.higher)
        case .lower: self(.lower)
        case .commit: pick("Commit", "Bestätigen")
        case .replay: pick("Replay", "Wiederholen")
        case .startComparison: pick("Start comparison training", "Tonhöhen unterscheiden starten")
        case .startPitchMatching: pick("Start pitch matching", "Tonhöhe treffen starten")
        case .stop: pick("Stop", "Beenden")
        }
    }

    /// `  (connected Launchkey Mini MIDI 1)`: a port came while learning.
    public func learnPortConnected(_ label: String) -> String {
        pick("  (connected \(label))", "  (verbunden: \(label))")
    }

    /// `  (Launchkey Mini MIDI 1 went away)`: a port went while learning.
    public func learnPortGone(_ label: String) -> String {
        pick("  (\(label) went away)", "  (\(label) ist weg)")
    }

    /// What `peach learn` asks for a step.
    public func prompt(_ step: LearnStep) -> String {
        switch step {
        case .action(let action):
            pick(
                "Press the control for \(title(action))…", "Drücke das Bedienelement für „\(title(action))“…")
        case .tune:
            pick(
                "Move the control you want to tune with (wheel, fader, knob or encoder)…",
                "Bewege das Bedienelement zum Stimmen (Rad, Fader, Regler oder Encoder)…")
        }
    }
}

/// The plain phrases of the catalogue; each has an English and a German text (a test checks every case).
public enum Phrase: CaseIterable, Sendable {
    case higher, lower, correct, incorrect, deadCenter, note1, note2, replaying, yourAnswer, reference, tuneIt
    case comparisonTitle, matchingTitle, measurementTitle, stopped, saved, savedBefore, inputEnded,
        noController,
        keepingLastSettings
    case profileTitle, emptyProfile, mean, standardDeviation, meanError, bias, rolling, progressByDay
    case noMatching, summary, none

    /// The English and the German text.
    var texts: (String, String) {
        switch self {
        case .higher: ("Higher", "Höher")
        case .lower: ("Lower", "Tiefer")
        case .correct: ("Correct", "Richtig")
        case .incorrect: ("Incorrect", "Falsch")
        case .deadCenter: ("Dead center", "Volltreffer")
        case .note1: ("note 1", "Ton 1")
        case .note2: ("note 2", "Ton 2")
        case .replaying: ("again", "noch einmal")
        case .yourAnswer: ("higher or lower?", "höher oder tiefer?")
        case .reference: ("reference", "Referenz")
        case .tuneIt: ("tune it, then commit", "stimme ihn, dann bestätige")
        case .comparisonTitle: ("Pitch discrimination", "Tonhöhen unterscheiden")
        case .matchingTitle: ("Pitch matching", "Tonhöhe treffen")
        case .measurementTitle: ("Threshold measurement", "Schwellenmessung")
        case .stopped: ("Stopped.", "Beendet.")
        case .saved: ("Your answers are saved", "Deine Antworten sind gespeichert")
        case .savedBefore: ("The answers before it are saved", "Die Antworten davor sind gespeichert")
        case .inputEnded: ("The MIDI input ended; stopped.", "Die MIDI-Eingabe ist zu Ende; beendet.")
        case .noController:
            (
                "No controller connected yet: plug one in, or use the computer keyboard.",
                "Noch kein Controller verbunden: schließe einen an oder nimm die Computertastatur."
            )
        case .keepingLastSettings:
            ("Keeping the last good settings.", "Die letzten gültigen Einstellungen bleiben in Kraft.")
        case .profileTitle: ("Perceptual profile", "Wahrnehmungsprofil")
        case .emptyProfile: ("Start training to build your profile.", "Trainiere, um dein Profil aufzubauen.")
        case .mean: ("Mean", "Mittelwert")
        case .standardDeviation: ("Std dev", "Std.-Abw.")
        case .meanError: ("mean error", "mittlerer Fehler")
        case .bias: ("bias", "Tendenz")
        case .rolling: ("rolling", "gleitend")
        case .progressByDay:
            ("Progress by day (mean difficulty):", "Fortschritt pro Tag (mittlere Schwierigkeit):")
        case .noMatching:
            (
                "Pitch matching: no attempts yet; try 'peach match'.",
                "Tonhöhe treffen: noch keine Versuche; versuche 'peach match'."
            )
        case .summary: ("Summary", "Zusammenfassung")
        case .none: ("(none)", "(keine)")
        }
    }
}
