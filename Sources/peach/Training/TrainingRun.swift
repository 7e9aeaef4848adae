// TrainingRun: one live training session: controller input in, session, sound, store, screen and events out.

import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import PeachStore

/// What reaches the session's loop: controller input, or the sound device failing.
enum TrainingItem: Sendable {
    /// Controller input, keys or a signal.
    case input(ControllerInputItem)
    /// The audio device failed.
    case soundLost(String)
}

/// Which kind of training.
enum TrainingMode: String {
    /// Pitch discrimination (`peach train`).
    case comparison
    /// Pitch matching (`peach match`).
    case pitchMatching
}

/// Runs one session until it stops, then cleans up on every path: the session stops (the unfinished trial is
/// discarded), sound stops (an external synth is silenced), the terminal is restored. Answered trials are
/// already on disk: the store is the first observer and writes each one durably before feedback.
@MainActor
final class TrainingRun {
    private let mode: TrainingMode
    private let settings: @MainActor () -> TrainingSettings
    private let peachSettings: PeachSettings
    private let profile: ControllerProfile
    private let input: ControllerInput
    private let sound: TrainingSound
    private let store: JournalStore
    private let events: EventStream?
    private let screen: TrainingScreen
    private let texts: Texts
    private let clock = LiveSessionClock()
    private var mapper: ControllerMapper
    private var stopReason: SessionStopReason?
    private var inputEnded = false
    private var correctCount = 0
    private var caughtSignal: Int32?

    /// A run, ready to go.
    init(
        mode: TrainingMode, settings: @escaping @MainActor () -> TrainingSettings,
        peachSettings: PeachSettings,
        profile: ControllerProfile, input: ControllerInput, sound: TrainingSound, store: JournalStore,
        events: EventStream?, screen: TrainingScreen, texts: Texts
    ) {
        self.mode = mode
        self.settings = settings
        self.peachSettings = peachSettings
        self.profile = profile
        self.input = input
        self.sound = sound
        self.store = store
        self.events = events
        self.screen = screen
        self.texts = texts
        mapper = ControllerMapper(profile: profile, longPressThreshold: peachSettings.longPress)
    }

    /// Runs the session over `items` until it stops.
    /// - Returns: the exit status: 0 after a stop by the user or the end of the input, 128 + the signal's
    ///   number after a signal, 1 when the controller or the sound went away.
    func run(
        items: AsyncStream<TrainingItem>, continuation: AsyncStream<TrainingItem>.Continuation
    ) async -> Int32 {
        let apply: (ControllerAction) -> Void
        let stop: (SessionStopReason) -> Void
        let summary: () -> String
        let tracker = ProfileTracker(stored: store.contents)
        events?.write("started", ["mode": mode.rawValue, "profile": profile.name, "output": sound.name])
        screen.header(matching: mode == .pitchMatching, profile: profile.name, sound: sound.name)
        if let source = input.source as? SequencerMIDISource, source.connectedPorts.isEmpty {
            screen.line(texts.noController)
        }
        switch mode {
        case .comparison:
            let session = ComparisonSession(
                notePlayer: sound.player, profile: { tracker.profile }, settings: settings, clock: clock,
                observers: [store, tracker])
            session.addEventHandler { [unowned self] event in
                handle(event, best: session.sessionBest, number: session.answeredCount)
                if case .stopped = event { continuation.finish() }
            }
            apply = { action in
                switch action {
                case .press(.higher, let kind): session.answer(.higher, input: kind)
                case .press(.lower, let kind): session.answer(.lower, input: kind)
                case .press(.stop, _): session.stop(reason: .userRequest)
                default: break
                }
            }
            stop = { session.stop(reason: $0) }
            summary = { self.texts.summary(answered: session.answeredCount, correct: self.correctCount) }
            session.start()
        case .pitchMatching:
            let session = PitchMatchingSession(
                notePlayer: sound.player, settings: settings, clock: clock, observers: [store, tracker])
            session.addEventHandler { [unowned self] event in
                handle(event, number: session.committedCount)
                if case .stopped = event { continuation.finish() }
            }
            apply = { action in
                switch action {
                case .tune(let cents, let kind): session.nudge(by: cents, input: kind)
                case .press(.commit, let kind): session.commit(input: kind)
                case .press(.stop, _): session.stop(reason: .userRequest)
                default: break
                }
            }
            stop = { session.stop(reason: $0) }
            summary = { self.texts.summary(answered: session.committedCount, correct: nil) }
            session.start()
        }
        for await item in items {
            switch item {
            case .input(.midi(.event(let event))):
                for action in mapper.actions(for: event) { apply(action) }
            case .input(.keys(let keys)):
                for action in keys.flatMap(\.actions) { apply(action) }
            case .input(.midi(.connected(let port))):
                screen.line(texts.connected(port.label))
            case .input(.midi(.disconnected(let port))):
                stop(.controllerDisconnected(port.label))
            case .input(.midi(.ended)):
                inputEnded = true
                stop(.userRequest)
            case .input(.midi(.failed(let error))):
                stop(.controllerDisconnected(Messages.describe(error)))
            case .input(.signal(let number)):
                caughtSignal = number
                stop(.signal(Self.signalName(number)))
            case .soundLost(let message):
                stop(.audioFailure(CommandFailure(message: message, status: 1)))
            }
        }
        input.stop()
        sound.shutdown()
        let reason = stopReason ?? .userRequest
        let closing = inputEnded ? texts.inputEnded : texts.stopReason(reason)
        let status: Int32
        switch reason {
        case .userRequest: status = 0
        case .signal: status = SignalTrap.exitStatus(for: caughtSignal ?? 0)
        case .controllerDisconnected, .audioFailure: status = 1
        }
        let line = "\(closing) \(summary()) \(texts.saved): \(store.journalPath)"
        if status == 1 {
            screen.line("")
            FileHandle.standardError.write(Data("peach: \(line)\n".utf8))
        } else {
            screen.line(line)
        }
        return status
    }

    private func handle(_ event: ComparisonSessionEvent, best: Double?, number: Int) {
        screen.show(event, best: best, number: number)
        switch event {
        case .trialStarted(let comparison): events?.write("trialStarted", EventStream.fields(comparison))
        case .note2Started: events?.write("note2Started")
        case .answered(let completed):
            events?.write(
                "answer", at: completed.timestamp,
                ["answer": completed.answer.rawValue, "input": completed.inputKind.rawValue])
            events?.write(
                "result", at: completed.timestamp,
                [
                    "correct": completed.isCorrect,
                    "cents": completed.comparison.centDifference.rawValue,
                ])
            if completed.isCorrect { correctCount += 1 }
            if !completed.isCorrect && peachSettings.wrongAnswerTick { tick() }
        case .stopped(let reason): stopped(reason)
        case .awaitingAnswer, .observerFailed, .feedbackEnded: break
        }
    }

    private func handle(_ event: PitchMatchingSessionEvent, number: Int) {
        screen.show(event, number: number)
        switch event {
        case .trialStarted(let challenge):
            events?.write(
                "trialStarted",
                [
                    "referenceNote": challenge.referenceNote.rawValue,
                    "initialCents": challenge.initialOffset.rawValue,
                ])
        case .tunableStarted: events?.write("tunableStarted")
        case .committed(let completed):
            events?.write(
                "result", at: completed.timestamp,
                [
                    "errorCents": completed.userError.rawValue,
                    "band": completed.feedbackBand.rawValue,
                    "input": completed.tuneControl.rawValue,
                ])
        case .stopped(let reason): stopped(reason)
        case .observerFailed, .feedbackEnded: break
        }
    }

    private func stopped(_ reason: SessionStopReason) {
        stopReason = reason
        let (name, detail): (String, String) =
            switch reason {
            case .userRequest: (inputEnded ? "inputEnded" : "user", "")
            case .signal(let signal): ("signal", signal)
            case .controllerDisconnected(let what): ("controllerDisconnected", what)
            case .audioFailure(let error): ("audioFailure", "\(error)")
            }
        events?.write("stopped", ["reason": name, "detail": detail])
    }

    /// The wrong-answer tick: a short, quiet, high click (25 ms of C7 at −30 dB).
    private func tick() {
        guard
            let handle = try? sound.player.play(
                frequency: Frequency(hertz: 2093), velocity: 20, amplitude: AmplitudeDB(-30))
        else { return }
        clock.schedule(after: .milliseconds(25)) { try? handle.stop() }
    }

    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
