// SessionMachinery: what every training session shares: the sounding note, the pending timer, trial numbers, events.

import Foundation

/// The mechanics every ``TrainingSession`` shares: at most one sounding note, at most one pending timer, a trial
/// number that makes timers of an abandoned trial harmless, delivery of events to handlers, and the one stop
/// path (``stop(_:discarding:)``).
@MainActor
final class SessionMachinery<Event: TrainingSessionEvent> {
    private let notePlayer: any NotePlayer
    private let clock: any SessionClock
    private var handle: (any PlaybackHandle)?
    private var timer: (any ScheduledTimer)?
    private var eventHandlers: [@MainActor (Event) -> Void] = []

    /// Increases with every trial and every stop; a timer fires only within the trial that set it.
    private(set) var trialNumber = 0

    init(notePlayer: any NotePlayer, clock: any SessionClock) {
        self.notePlayer = notePlayer
        self.clock = clock
    }

    /// The current time of the session's clock.
    var now: Date { clock.now }

    func addEventHandler(_ handler: @escaping @MainActor (Event) -> Void) {
        eventHandlers.append(handler)
    }

    func emit(_ event: Event) {
        for handler in eventHandlers { handler(event) }
    }

    /// Hands a result to each observer in turn (the store first): true when every one kept it. When one throws,
    /// the result is not durable, so not acknowledged (no feedback, no count): `observerFailed` goes to the
    /// handlers, then the one stop path for the store's failure (``stop(_:discarding:)`` with `discard`), and it
    /// is false.
    func delivered<Observer>(
        to observers: [Observer], discarding discard: () -> Void, _ deliver: (Observer) throws -> Void
    ) -> Bool {
        for observer in observers {
            do { try deliver(observer) } catch {
                emit(.observerFailed(error))
                stop(.storeFailure(error), discarding: discard)
                return false
            }
        }
        return true
    }

    /// Starts a new trial: timers of the previous one will not fire.
    func beginTrial() { trialNumber += 1 }

    /// Starts the sounding note.
    func play(_ frequency: Frequency, velocity: MIDIVelocity, amplitude: AmplitudeDB) throws {
        handle = try notePlayer.play(frequency: frequency, velocity: velocity, amplitude: amplitude)
    }

    /// Moves the sounding note, if any.
    func retune(to frequency: Frequency) throws {
        try handle?.adjustFrequency(frequency)
    }

    /// Stops the sounding note, if any; it counts as stopped even when the player throws.
    func stopNote() throws {
        let sounding = handle
        handle = nil
        try sounding?.stop()
    }

    /// Runs `step` after `seconds`, unless the timer is cancelled or the trial changes first.
    func schedule(after seconds: Double, _ step: @escaping @MainActor () -> Void) {
        let trial = trialNumber
        timer = clock.schedule(after: .seconds(seconds)) { [weak self] in
            guard let self, self.trialNumber == trial else { return }
            self.timer = nil
            step()
        }
    }

    /// Runs `step` after `seconds`, or at once when there is no wait (a gap of zero between two notes).
    func schedule(orNow seconds: Double, _ step: @escaping @MainActor () -> Void) {
        if seconds > 0 { schedule(after: seconds, step) } else { step() }
    }

    /// An answer was taken: cancels the timer and stops the sounding note. The answer is filed even when the
    /// player throws; its error is returned for ``feedback(for:audioError:discarding:then:)``, which acts on it
    /// once the answer is kept.
    func silenceForAnswer() -> (any Error)? {
        cancelTimer()
        do { try stopNote() } catch { return error }
        return nil
    }

    /// After a kept answer's feedback began: `next` once `seconds` have passed, or, when the note would not stop
    /// at the answer (`audioError`), the one stop path for the audio's failure.
    func feedback(
        for seconds: Double, audioError: (any Error)?, discarding discard: () -> Void,
        then next: @escaping @MainActor () -> Void
    ) {
        if let audioError {
            stop(.audioFailure(audioError), discarding: discard)
        } else {
            schedule(after: seconds, next)
        }
    }

    /// Whether `clicks`' timeline can be trusted now (``ClickPlayer/settlesIn`` is zero: a click is placed by the
    /// timeline of the moment it is placed). If not, `retry` runs once it should be (a scheduled step like any
    /// other: a stale one does nothing), and the caller waits for it.
    func isSettled(_ clicks: any ClickPlayer, else retry: @escaping @MainActor () -> Void) -> Bool {
        let wait = clicks.settlesIn
        guard wait > 0 else { return true }
        schedule(after: wait, retry)
        return false
    }

    /// Cancels the pending timer, if any.
    func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    /// For every stop path: cancels the timer, silences the note (ignoring errors: it is going anyway) and
    /// ends the trial.
    func silence() {
        cancelTimer()
        try? stopNote()
        trialNumber += 1
    }

    /// Whether the session runs: from ``started()`` until its stop.
    private(set) var isRunning = false

    /// The session started (its `start()` passed its own guard): from now on a stop stops it.
    func started() { isRunning = true }

    /// The one stop path of every session, asked for or by itself (a lost device, a full disk): nothing when it
    /// is not running; else ``silence()`` (timer, note, trial), then `discard` (the session's own state: the
    /// unfinished trial, clicks not yet heard, back to idle), then `stopped(reason)` to the handlers.
    func stop(_ reason: SessionStopReason, discarding discard: () -> Void) {
        guard isRunning else { return }
        isRunning = false
        silence()
        discard()
        emit(.stopped(reason))
    }
}
