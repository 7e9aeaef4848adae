// Texts+Box: the practice box's log lines for journald and the status log (English; translations in po/).

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
        tr("practice box started (profile \(profile), answers in \(store))")
    }

    /// `controller connected: 20:0 Keystation / Keystation MIDI 1`.
    public func boxControllerConnected(_ label: String) -> String {
        tr("controller connected: \(label)")
    }

    /// `controller gone: …`.
    public func boxControllerGone(_ label: String) -> String {
        tr("controller gone: \(label)")
    }

    /// A mode was chosen but nothing can play it.
    public var boxNoAudioForTraining: String {
        tr("no audio device: the session starts when it is back")
    }

    /// `session started: comparison`.
    public func boxSessionStarted(_ mode: TrainingMode) -> String {
        tr("session started: \(title(of: mode))")
    }

    /// `session ended (user): comparison, 12 answers, 9 right` / `pitch matching, 5 attempts`.
    public func boxSessionEnded(_ mode: TrainingMode, progress: TrainingProgress, reason: String) -> String {
        let title = title(of: mode)
        guard mode != .pitchMatching else {
            return tr("session ended (\(reason)): \(title), \(attempts(progress.matched))")
        }
        return tr(
            "session ended (\(reason)): \(title), \(answers(progress.answered)), \(progress.correct) right")
    }

    /// `SIGTERM: stopping`.
    public func boxSignal(_ name: String) -> String {
        tr("\(name): stopping")
    }

    /// The box stopped.
    public var boxDeadline: String {
        tr(
            "practice box: stopping took longer than \(shortest(PracticeBox.shutdownSeconds)) s; exiting now (every answer is saved)"
        )
    }

    /// `practice box stopped, all notes off`.
    public var boxFinished: String {
        tr("practice box stopped, all notes off")
    }

    /// SIGHUP read the settings and profile again.
    public func boxReloaded(profile: String) -> String {
        tr("settings and profile read again (profile \(profile))")
    }

    /// SIGHUP could not read them: the old ones stay.
    public func boxReloadFailed(_ reason: String) -> String {
        tr("settings not read again, the previous ones stay: \(reason)")
    }

    /// `audio: alsa:default`.
    public func boxAudioOpened(_ name: String) -> String {
        tr("audio: \(name)")
    }

    /// The last controller went: the audio device is closed until one connects.
    public var boxAudioClosed: String {
        tr("audio closed until a controller connects")
    }

    /// The audio device opened again after a problem.
    public func boxAudioBack(_ name: String) -> String {
        tr("audio back: \(name)")
    }

    /// The audio device cannot be opened; the box retries.
    public func boxAudioUnavailable(_ reason: String) -> String {
        tr("audio unavailable, retrying with backoff: \(reason)")
    }

    /// The audio device failed while open; the box retries.
    public func boxAudioLost(_ reason: String) -> String {
        tr("audio lost, retrying with backoff: \(reason)")
    }

    /// `peach serve --status` with no log yet.
    public func boxNoStatus(_ path: String) -> String {
        tr("No practice-box log yet (\(path)).")
    }
}
