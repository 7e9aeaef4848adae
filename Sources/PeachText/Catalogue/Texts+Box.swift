// Texts+Box: the practice box's log lines (journald and the status log), in English and German.

import PeachCore
import PeachTraining

extension Texts {
    /// The log line of `entry`.
    public func line(_ entry: BoxLogEntry) -> String {
        switch entry {
        case .started(let profile, let store): boxStarted(profile: profile, store: store)
        case .error(let error): message(for: error)
        case .signal(let name): boxSignal(name)
        case .controllerConnected(let label): boxControllerConnected(label)
        case .controllerGone(let label): boxControllerGone(label)
        case .audioClosed: boxAudioClosed
        case .noAudioForTraining: boxNoAudioForTraining
        case .sessionStarted(let mode): boxSessionStarted(mode)
        case .sessionEnded(let mode, let progress, let reason):
            boxSessionEnded(mode, progress: progress, reason: reason)
        case .finished: boxFinished
        case .reloaded(let profile): boxReloaded(profile: profile)
        case .reloadFailed(let error): boxReloadFailed(message(for: error))
        case .audioBack(let name): boxAudioBack(name)
        case .audioOpened(let name): boxAudioOpened(name)
        case .audioUnavailable(let error): boxAudioUnavailable(message(for: error))
        case .audioLost(let error): boxAudioLost(message(for: error))
        }
    }

    /// `practice box started (profile default, answers in /var/lib/peach/records.jsonl)`.
    public func boxStarted(profile: String, store: String) -> String {
        pick(
            "practice box started (profile \(profile), answers in \(store))",
            "Übungsbox gestartet (Profil \(profile), Antworten in \(store))")
    }

    /// `controller connected: 20:0 Keystation / Keystation MIDI 1`.
    public func boxControllerConnected(_ label: String) -> String {
        pick("controller connected: \(label)", "Controller verbunden: \(label)")
    }

    /// `controller gone: …`.
    public func boxControllerGone(_ label: String) -> String {
        pick("controller gone: \(label)", "Controller getrennt: \(label)")
    }

    /// A mode was chosen but nothing can play it.
    public var boxNoAudioForTraining: String {
        pick(
            "no audio device: the session starts when it is back",
            "kein Audiogerät: die Sitzung beginnt, sobald es wieder da ist")
    }

    /// `session started: comparison`.
    public func boxSessionStarted(_ mode: TrainingMode) -> String {
        pick("session started: ", "Sitzung begonnen: ") + title(of: mode)
    }

    /// `session ended (user): comparison, 12 answers, 9 right` / `pitch matching, 5 attempts`.
    public func boxSessionEnded(_ mode: TrainingMode, progress: TrainingProgress, reason: String) -> String {
        let counts =
            mode == .pitchMatching
            ? count(progress.matched, ("attempt", "Versuch"), ("attempts", "Versuche"))
            : count(progress.answered, ("answer", "Antwort"), ("answers", "Antworten")) + ", "
                + pick("\(progress.correct) right", "\(progress.correct) richtig")
        return pick("session ended (\(reason)): ", "Sitzung beendet (\(reason)): ") + title(of: mode) + ", "
            + counts
    }

    /// `SIGTERM: stopping`.
    public func boxSignal(_ name: String) -> String {
        pick("\(name): stopping", "\(name): Box hält an")
    }

    /// The box stopped.
    public var boxDeadline: String {
        pick(
            "practice box: stopping took longer than \(shortest(PracticeBox.shutdownSeconds)) s; exiting now (every answer is saved)",
            "Übungsbox: das Anhalten dauerte länger als \(shortest(PracticeBox.shutdownSeconds)) s; Peach endet jetzt (jede Antwort ist gespeichert)"
        )
    }

    /// `practice box stopped, all notes off`.
    public var boxFinished: String {
        pick("practice box stopped, all notes off", "Übungsbox angehalten, alle Töne aus")
    }

    /// SIGHUP read the settings and profile again.
    public func boxReloaded(profile: String) -> String {
        pick(
            "settings and profile read again (profile \(profile))",
            "Einstellungen und Profil neu gelesen (Profil \(profile))")
    }

    /// SIGHUP could not read them: the old ones stay.
    public func boxReloadFailed(_ reason: String) -> String {
        pick(
            "settings not read again, the previous ones stay: \(reason)",
            "Einstellungen nicht neu gelesen, die bisherigen bleiben: \(reason)")
    }

    /// `audio: alsa:default`.
    public func boxAudioOpened(_ name: String) -> String {
        pick("audio: \(name)", "Audio: \(name)")
    }

    /// The last controller went: the audio device is closed until one connects.
    public var boxAudioClosed: String {
        pick(
            "audio closed until a controller connects",
            "Audio geschlossen, bis ein Controller verbunden ist")
    }

    /// The audio device opened again after a problem.
    public func boxAudioBack(_ name: String) -> String {
        pick("audio back: \(name)", "Audio wieder da: \(name)")
    }

    /// The audio device cannot be opened; the box retries.
    public func boxAudioUnavailable(_ reason: String) -> String {
        pick(
            "audio unavailable, retrying with backoff: \(reason)",
            "Audio nicht verfügbar, neuer Versuch mit wachsender Pause: \(reason)")
    }

    /// The audio device failed while open; the box retries.
    public func boxAudioLost(_ reason: String) -> String {
        pick(
            "audio lost, retrying with backoff: \(reason)",
            "Audio verloren, neuer Versuch mit wachsender Pause: \(reason)")
    }

    /// `peach serve --status` with no log yet.
    public func boxNoStatus(_ path: String) -> String {
        pick("No practice-box log yet (\(path)).", "Noch kein Protokoll der Übungsbox (\(path)).")
    }
}
