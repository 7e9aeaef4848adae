// Texts: the catalogue of the training screen's and profile's words, in English and German side by side.

import Foundation
import PeachCore
import PeachMIDI

/// Every text of the training screen, the start screen and the profile, in both languages. Each entry holds
/// both, so no language can miss a text (the compiler checks the catalogue is complete).
struct Texts {
    /// The language.
    let language: Language

    /// The texts of the process's language.
    static let current = Texts(language: .current)

    private func pick(_ english: String, _ german: String) -> String {
        language == .german ? german : english
    }

    // MARK: Training

    var higher: String { pick("Higher", "Höher") }
    var lower: String { pick("Lower", "Tiefer") }
    var correct: String { pick("Correct", "Richtig") }
    var incorrect: String { pick("Incorrect", "Falsch") }
    var deadCenter: String { pick("Dead center", "Volltreffer") }
    var note1: String { pick("note 1", "Ton 1") }
    var note2: String { pick("note 2", "Ton 2") }
    var yourAnswer: String { pick("higher or lower?", "höher oder tiefer?") }
    var reference: String { pick("reference", "Referenz") }
    var tuneIt: String { pick("tune it, then commit", "stimme ihn, dann bestätigen") }
    var comparisonTitle: String { pick("Pitch discrimination", "Tonhöhen unterscheiden") }
    var matchingTitle: String { pick("Pitch matching", "Tonhöhenübung") }
    var stopped: String { pick("Stopped.", "Beendet.") }
    var saved: String { pick("Your answers are saved", "Deine Antworten sind gespeichert") }

    /// `Difficulty 12.3 cents · best 8.1`.
    func difficulty(_ cents: Double, best: Double?) -> String {
        let value = format(cents, 1)
        let bestText = best.map { pick(" · best ", " · Bestwert ") + format($0, 1) } ?? ""
        return pick("difficulty \(value) cents", "Schwierigkeit \(value) Cent") + bestText
    }

    /// `+4 cents` / `-3 cents` / `0 cents`.
    func signedCents(_ rounded: Int) -> String {
        let sign = rounded > 0 ? "+" : ""
        return "\(sign)\(rounded) " + pick("cents", "Cent")
    }

    /// `4 cents sharp` / `27 cents flat`.
    func sharpOrFlat(_ rounded: Int) -> String {
        rounded > 0
            ? "\(rounded) " + pick("cents sharp", "Cent zu hoch")
            : "\(-rounded) " + pick("cents flat", "Cent zu tief")
    }

    /// How to answer, in one line.
    func keysHelp(matching: Bool) -> String {
        matching
            ? pick(
                "Tune with the wheel or fader (or ↑↓ 1 cent, ←→ 10 cents), commit with the pedal or Enter; q stops.",
                "Stimme mit Rad oder Fader (oder ↑↓ 1 Cent, ←→ 10 Cent), bestätige mit Pedal oder Enter; q beendet."
            )
            : pick(
                "Answer with your controller (or ↑ higher, ↓ lower); q stops.",
                "Antworte mit deinem Controller (oder ↑ höher, ↓ tiefer); q beendet.")
    }

    /// The summary at the end.
    func summary(answered: Int, correct: Int?) -> String {
        if let correct {
            return pick(
                "\(answered) answered, \(correct) correct.", "\(answered) beantwortet, \(correct) richtig.")
        }
        return pick("\(answered) matched.", "\(answered) abgestimmt.")
    }

    /// Why the session stopped.
    func stopReason(_ reason: SessionStopReason) -> String {
        switch reason {
        case .userRequest: return stopped
        case .signal(let name): return pick("Stopped by \(name).", "Durch \(name) beendet.")
        case .controllerDisconnected(let name):
            return pick(
                "The controller \(name) was unplugged; stopped.",
                "Der Controller \(name) wurde getrennt; beendet.")
        case .audioFailure(let error):
            return pick(
                "The sound failed (\(error)); stopped.", "Der Klang ist ausgefallen (\(error)); beendet.")
        }
    }

    /// The input ended.
    var inputEnded: String {
        pick("The MIDI input ended; stopped.", "Die MIDI-Eingabe ist zu Ende; beendet.")
    }

    /// No controller yet.
    var noController: String {
        pick(
            "No controller connected yet: plug one in, or use the computer keyboard.",
            "Noch kein Controller verbunden: schließe einen an oder nimm die Computertastatur.")
    }

    /// A controller connected.
    func connected(_ name: String) -> String { pick("Connected \(name).", "\(name) verbunden.") }

    // MARK: Profile

    var profileTitle: String { pick("Perceptual profile", "Wahrnehmungsprofil") }
    var emptyProfile: String {
        pick("Start training to build your profile.", "Trainiere, um dein Profil aufzubauen.")
    }
    var mean: String { pick("Mean", "Mittelwert") }
    var cents: String { pick("cents", "Cent") }
    var bias: String { pick("bias", "Tendenz") }
    var standardDeviation: String { pick("Std dev", "Std.-Abw.") }
    var meanError: String { pick("mean error", "Mittlerer Fehler") }
    var samples: String { pick("attempts", "Übungen") }
    var answers: String { pick("answers", "Antworten") }
    var rolling: String { pick("rolling", "gleitend") }
    var progressByDay: String {
        pick("Progress by day (mean threshold):", "Fortschritt pro Tag (mittlere Schwelle):")
    }
    var trendUnknown: String { pick("Trend: needs 20 answers", "Trend: braucht 20 Antworten") }
    var noMatching: String {
        pick(
            "Pitch matching: no attempts yet; try 'peach match'.",
            "Tonhöhenübung: noch keine Übungen; versuche 'peach match'.")
    }

    /// `Trend: improving`.
    func trend(_ trend: Trend) -> String {
        switch trend {
        case .improving: pick("Trend: improving", "Trend: verbessernd")
        case .stable: pick("Trend: stable", "Trend: stabil")
        case .declining: pick("Trend: declining", "Trend: nachlassend")
        }
    }

    /// The SVG was written.
    func svgWritten(_ path: String) -> String {
        pick("Chart written to \(path).", "Diagramm nach \(path) geschrieben.")
    }

    // MARK: Learn

    /// An action's name.
    func title(_ action: SwitchAction) -> String {
        switch action {
        case .higher: higher
        case .lower: lower
        case .commit: pick("Commit", "Bestätigen")
        case .replay: pick("Replay", "Wiederholen")
        case .startComparison: pick("Start comparison training", "Vergleichstraining starten")
        case .startPitchMatching: pick("Start pitch matching", "Tonhöhenübung starten")
        case .stop: pick("Stop", "Beenden")
        }
    }

    /// What `peach learn` asks for a step.
    func prompt(_ step: LearnStep) -> String {
        switch step {
        case .action(let action):
            pick("Press the control for \(title(action))…", "Drücke das Bedienelement für \(title(action))…")
        case .tune:
            pick(
                "Move the control you want to tune with (wheel, fader, knob or encoder)…",
                "Bewege das Bedienelement zum Stimmen (Rad, Fader, Regler oder Encoder)…")
        }
    }

    // MARK: Start screen

    /// The start screen's commands.
    var startCommands: [String] {
        [
            pick(
                "  peach train      pitch discrimination: higher or lower?",
                "  peach train      Tonhöhen unterscheiden: höher oder tiefer?"),
            pick(
                "  peach match      pitch matching: tune to the reference",
                "  peach match      Tonhöhenübung: stimme auf die Referenz"),
            pick(
                "  peach profile    your profile, trend and progress",
                "  peach profile    dein Profil, Trend und Fortschritt"),
            pick(
                "  peach settings   settings; peach devices, monitor, learn: your controller",
                "  peach settings   Einstellungen; peach devices, monitor, learn: dein Controller"),
            pick("  peach --help     everything else", "  peach --help     alles Weitere"),
        ]
    }

    /// `Threshold 12.3 cents · matching 5.1 cents`.
    func startSummary(threshold: Double?, matching: Double?) -> String {
        let parts = [
            threshold.map { pick("threshold ", "Schwelle ") + format($0, 1) + " " + cents },
            matching.map { pick("matching error ", "Fehler beim Abstimmen ") + format($0, 1) + " " + cents },
        ].compactMap { $0 }
        return parts.joined(separator: " · ")
    }

    /// Formats a number with `decimals` places (a dot in English, a comma in German).
    func format(_ value: Double, _ decimals: Int) -> String {
        let text = Self.number(value, decimals)
        return language == .german ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    static func number(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
}
