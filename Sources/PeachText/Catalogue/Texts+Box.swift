// Texts+Box: the practice box's log lines for journald and the status log (English; translations in po/).

import Foundation
import PeachCore
import PeachTraining

extension Texts {
    /// The log line of `entry`: `practice box started (profile default, answers in …)`, `controller connected:
    /// 20:0 Keystation / Keystation MIDI 1`, `session ended (user): Pitch discrimination, 12 answers, 9 right`, …
    public func line(_ entry: BoxLogEntry) -> String {
        switch entry {
        case .started(let profile, let store):
            tr("practice box started (profile \(profile), answers in \(store))")
        case .error(let error): message(for: error)
        case .signal(let name): tr("\(name): stopping")
        case .restarting: tr("restart asked (SIGUSR2): stopping, the service starts the box again")
        case .watchingKeys(let seconds):
            tr("the dashboard tests the controller: key presses are shown, not acted on, for \(seconds) s")
        case .testTone(let output): tr("test tone on \(output)")
        case .testToneRefused: tr("no test tone: the box does not see that output")
        case .controllerConnected(let label): tr("controller connected: \(label)")
        case .controllerGone(let label): tr("controller gone: \(label)")
        case .audioClosed: tr("audio closed until a controller connects")
        case .timingDropout: tr("the sound dropped out (an audio underrun): the timing trial starts again")
        case .playBackDropout(let total):
            tr(
                one: "the sound dropped out while notes played (an audio underrun), once in this session",
                other:
                    "the sound dropped out while notes played (an audio underrun), \(total) times in this session",
                count: total)
        case .noAudioForTraining: tr("no audio device: the session starts when it is back")
        case .sessionStarted(let mode): tr("session started: \(title(of: mode))")
        case .sessionEnded(let mode, let progress, let reason) where mode == .pitchMatching:
            tr("session ended (\(reason)): \(title(of: mode)), \(attempts(progress.matched))")
                + dropoutsTold(progress)
        case .sessionEnded(let mode, let progress, let reason) where mode == .gapFill || mode == .calibration:
            tr("session ended (\(reason)): \(title(of: mode)), \(strikesCounted(progress.strikes))")
                + dropoutsTold(progress)
        case .sessionEnded(let mode, let progress, let reason):
            tr(
                "session ended (\(reason)): \(title(of: mode)), \(answers(progress.answered)), "
                    + "\(progress.correct) right") + dropoutsTold(progress)
        case .finished: tr("practice box stopped, all notes off")
        case .reloaded(let profile): tr("settings and profile read again (profile \(profile))")
        case .reloadFailed(let error):
            tr("settings not read again, the previous ones stay: \(message(for: error))")
        case .audioBack(let name): tr("audio back: \(name)")
        case .audioOpened(let name): tr("audio: \(name)")
        case .audioUnavailable(let error):
            tr("audio unavailable, retrying with backoff: \(message(for: error))")
        case .audioLost(let error): tr("audio lost, retrying with backoff: \(message(for: error))")
        case .calibrated(let calibration, let path): calibratedOnTheBox(calibration, savedIn: path)
        }
    }

    /// What a calibration from the box's menu measured, and whether it was kept: `timing calibrated with
    /// Keystation MIDI 1 on alsa:default: your strikes land 12.5 ms late (median of 20, spread 4.2 ms); saved in
    /// …`; uneven strikes are told as at the terminal.
    private func calibratedOnTheBox(_ calibration: TimingCalibration, savedIn path: String?) -> String {
        guard calibration.isSteady else { return calibrated(calibration) }
        let measured = tr("timing calibrated with \(calibrationMeasured(calibration))")
        guard let path else { return measured + tr("; not kept: the box has no calibration file") }
        return measured + tr("; saved in \(path): fill the gap's and rhythm echo's earcons take it off")
    }

    /// The box's stop took longer than its deadline: it ends the process now.
    public var boxDeadline: String {
        tr(
            "practice box: stopping took longer than \(shortest(PracticeBox.shutdownSeconds)) s; exiting now "
                + "(every answer is saved)")
    }

    /// `peach serve --status` with no log yet.
    public func boxNoStatus(_ path: String) -> String {
        tr("No practice-box log yet (\(path)).")
    }

    /// What the box does now, in a sentence: `Practising Pitch discrimination since 21:15`, with the tempo of a
    /// session on clicks (`Practising Timing: fill the gap at 80 BPM since 21:15`); `since` is the
    /// time its activity began, as the reader shows times.
    public func boxActivity(_ status: BoxStatus, since: String) -> String {
        let mode = status.mode.map { title(of: $0) } ?? ""
        return switch status.activity {
        case .waitingForController: tr("Waiting for a controller since \(since)")
        case .ready: tr("Ready since \(since): a mode is chosen on the controller")
        case .choosing: tr("In the menu by ear, on \(mode)")
        case .starting: tr("Starting \(mode)")
        case .training:
            switch (status.tempo, status.mode) {
            case (let bpm?, .playBack(.melodies)?):
                tr("Practising \(mode) in tempo at \(bpm) BPM since \(since)")
            case (let bpm?, _): tr("Practising \(mode) at \(bpm) BPM since \(since)")
            case (nil, _): tr("Practising \(mode) since \(since)")
            }
        case .stopped: tr("Stopped at \(since)")
        }
    }

    /// The box that wrote its status no longer runs: `Not running (last seen: Practising … since 21:15)`.
    public func boxGone(lastSeen activity: String) -> String { tr("Not running (last seen: \(activity))") }

    /// The box's facts for a reader of its status file, as name and value: what it does now (or that it is not
    /// running), its controllers, its sound and its last problem; `time` shows a moment as the reader shows times
    /// (the dashboard's local time, `serve --status` the log's stamps).
    public func boxFacts(
        _ reading: BoxStatusFile.Reading, time: (Date) -> String
    ) -> [(name: String, value: String)] {
        let status: BoxStatus
        switch reading {
        case .none:
            return [(self(.boxNow), self(.boxNotHere))]
        case .gone(let last) where last.activity == .stopped:
            return [(self(.boxNow), boxActivity(last, since: time(last.since)))]
        case .gone(let last):
            return [(self(.boxNow), boxGone(lastSeen: boxActivity(last, since: time(last.since))))]
        case .running(let running):
            status = running
        }
        var facts = [
            (self(.boxNow), boxActivity(status, since: time(status.since))),
            (
                self(.controllers),
                status.controllers.isEmpty ? self(.noneConnected) : status.controllers.joined(separator: ", ")
            ),
        ]
        if let sound = status.audioProblem ?? status.audio { facts.append((self(.sound), sound)) }
        if let problem = status.lastProblem {
            let when = status.lastProblemTime.map { time($0) + " " } ?? ""
            facts.append((self(.lastProblem), when + problem))
        }
        return facts.map { (name: $0.0, value: $0.1) }
    }

    /// What `peach serve --status` prints: the box's facts now (its status file in `log`'s folder), then the log's
    /// last 40 lines, or that there is no log yet.
    public func boxReport(_ log: StatusLog) -> String {
        let facts = boxFacts(BoxStatusFile.current(in: log.directory), time: StatusLog.stamp).map {
            $0.name + ": " + $0.value
        }
        let lines = log.lastLines(40)
        // The status file and the log hold names from devices: nothing in them may reach the terminal as a control.
        return PrintableText.lines(
            (facts + [lines.isEmpty ? boxNoStatus(log.path) : lines.joined(separator: "\n")]).joined(
                separator: "\n"))
    }

    /// `, the sound dropped out 3 times` after a session's summary in the box's log; empty without dropouts.
    private func dropoutsTold(_ progress: TrainingProgress) -> String {
        guard progress.dropouts > 0 else { return "" }
        return ", "
            + tr(
                one: "the sound dropped out once", other: "the sound dropped out \(progress.dropouts) times",
                count: progress.dropouts)
    }
}
