// PitchMatchingSession: the pitch-matching loop as a state machine in injected time.

import Foundation

/// The pitch-matching training loop.
///
/// `start()` plays a random reference note for the note duration, waits the gap, then starts the tunable
/// note at the challenge's offset (within ±100 cents). The tunable note sounds until ``commit(input:)``;
/// ``adjustPitch(to:input:)`` and ``nudge(by:input:)`` move it in real time (no feedback while tuning).
/// On commit the signed error 1200·log2(f_user / f_reference) goes to every observer *before* feedback is
/// shown; feedback lasts the feedback duration, then the next challenge starts at once. Settings are read at
/// the start of every challenge.
///
/// `stop()` works from every state, stops sound, discards the unfinished attempt and records nothing.
@MainActor
public final class PitchMatchingSession: TrainingSession {
    /// The farthest the tunable note can be moved from the reference, cents (either direction).
    public static let maximumTuningOffset = 1200.0

    /// Where the session is in its loop.
    public private(set) var state: PitchMatchingSessionState = .idle
    /// The challenge being played, if any.
    public private(set) var currentChallenge: PitchMatchingChallenge?
    /// The tunable note's current offset from the reference.
    public private(set) var currentOffset: Cents = 0
    /// The last committed attempt of this session run.
    public private(set) var lastCompleted: CompletedPitchMatching?
    /// The number of attempts committed in this session run.
    public private(set) var committedCount = 0

    private let machinery: SessionMachinery<PitchMatchingSessionEvent>
    private let settings: @MainActor () -> TrainingSettings
    private let observers: [any PitchMatchingObserver]
    private var generator: AnyRandomNumberGenerator

    private var trialSettings = TrainingSettings.defaults
    private var tuneControl = InputKind.unknown
    private var tunableStartTime = Date.distantPast
    private var isReplaying = false

    /// Creates a session.
    /// - Parameters:
    ///   - notePlayer: plays the reference and the tunable note.
    ///   - settings: the current settings, read at the start of each challenge.
    ///   - clock: time and timers.
    ///   - observers: receive each result before feedback (store first, then the profile tracker).
    ///   - generator: randomness for the challenges.
    public init(
        notePlayer: any NotePlayer, settings: @escaping @MainActor () -> TrainingSettings,
        clock: any SessionClock,
        observers: [any PitchMatchingObserver],
        generator: some RandomNumberGenerator
    ) {
        machinery = SessionMachinery(notePlayer: notePlayer, clock: clock)
        self.settings = settings
        self.observers = observers
        self.generator = AnyRandomNumberGenerator(generator)
    }

    /// Adds a handler that receives every event from now on.
    public func addEventHandler(_ handler: @escaping @MainActor (PitchMatchingSessionEvent) -> Void) {
        machinery.addEventHandler(handler)
    }

    /// Starts training; does nothing unless idle.
    public func start() {
        guard state == .idle else { return }
        machinery.started()
        lastCompleted = nil
        committedCount = 0
        startChallenge()
    }

    /// Moves the tunable note to `offset` from the reference (clamped to ±``maximumTuningOffset``).
    /// Works only while the tunable note sounds.
    /// - Returns: whether the move was taken.
    @discardableResult
    public func adjustPitch(to offset: Cents, input: InputKind = .unknown) -> Bool {
        guard state == .playingTunable, let challenge = currentChallenge else { return false }
        let limit = Self.maximumTuningOffset
        currentOffset = Cents(min(max(offset.rawValue, -limit), limit))
        tuneControl = input
        let frequency = challenge.tunableFrequency(offset: currentOffset, in: trialSettings.tuning)
        _ = sounded { try machinery.retune(to: frequency) }
        return true
    }

    /// Moves the tunable note by `delta` (relative controls: encoders, arrow keys).
    /// - Returns: whether the move was taken.
    @discardableResult
    public func nudge(by delta: Cents, input: InputKind = .unknown) -> Bool {
        adjustPitch(to: currentOffset + delta, input: input)
    }

    /// Commits the tunable note's current pitch as the answer.
    /// - Returns: whether the commit was taken (only while the tunable note sounds).
    @discardableResult
    public func commit(input: InputKind = .unknown) -> Bool {
        guard state == .playingTunable, let challenge = currentChallenge else { return false }
        let audioError = machinery.silenceForAnswer()
        let tuning = trialSettings.tuning
        let userError = EqualTemperament.cents(
            from: challenge.tunableFrequency(offset: 0, in: tuning),
            to: challenge.tunableFrequency(offset: currentOffset, in: tuning))
        let now = machinery.now
        let completed = CompletedPitchMatching(
            referenceNote: challenge.referenceNote, initialOffset: challenge.initialOffset,
            userError: userError, targetNote: challenge.targetNote, tuningSystem: challenge.tuningSystem,
            timestamp: now, context: TrialContext(settings: trialSettings),
            timeTaken: max(0, now.timeIntervalSince(tunableStartTime)), tuneControl: tuneControl)
        let kept = machinery.delivered(to: observers, discarding: discardTrial) {
            try $0.pitchMatchingCompleted(completed)
        }
        guard kept else { return true }
        lastCompleted = completed
        committedCount += 1
        state = .showingFeedback
        machinery.emit(.committed(completed))
        machinery.feedback(
            for: trialSettings.feedbackDuration, audioError: audioError, discarding: discardTrial
        ) {
            [weak self] in self?.endFeedback()
        }
        return true
    }

    /// Plays the reference again (a replay control) while the tunable note sounds; after the note duration the
    /// tunable note comes back where the user left it. Commits wait for the tunable note.
    /// - Returns: whether the replay was taken.
    @discardableResult
    public func replay() -> Bool {
        guard state == .playingTunable, let challenge = currentChallenge else { return false }
        machinery.cancelTimer()
        guard sounded(machinery.stopNote) else { return true }
        machinery.beginTrial()
        guard play(challenge.referenceFrequency(in: trialSettings.tuning)) else { return true }
        state = .playingReference
        isReplaying = true
        machinery.emit(.replayStarted(challenge))
        machinery.schedule(after: trialSettings.noteDuration) { [weak self] in self?.endReference() }
        return true
    }

    /// Stops training from any state: silences the note, cancels timers, discards the unfinished attempt.
    /// Does nothing when idle.
    public func stop(reason: SessionStopReason = .userRequest) {
        machinery.stop(reason, discarding: discardTrial)
    }

    /// Discards what the stop leaves: the unfinished trial, back to idle (``SessionMachinery/stop(_:discarding:)``).
    private func discardTrial() {
        currentChallenge = nil
        state = .idle
    }

    private func startChallenge() {
        machinery.beginTrial()
        trialSettings = settings()
        let challenge = PitchMatchingChallenge.random(for: trialSettings, using: &generator)
        currentChallenge = challenge
        currentOffset = challenge.initialOffset
        tuneControl = .unknown
        isReplaying = false
        guard play(challenge.referenceFrequency(in: trialSettings.tuning)) else { return }
        state = .playingReference
        machinery.emit(.trialStarted(challenge))
        machinery.schedule(after: trialSettings.noteDuration) { [weak self] in self?.endReference() }
    }

    private func endReference() {
        guard state == .playingReference, sounded(machinery.stopNote) else { return }
        machinery.schedule(orNow: trialSettings.gapBetweenNotes) { [weak self] in self?.startTunable() }
    }

    private func startTunable() {
        guard state == .playingReference, let challenge = currentChallenge,
            play(challenge.tunableFrequency(offset: currentOffset, in: trialSettings.tuning))
        else { return }
        state = .playingTunable
        if !isReplaying { tunableStartTime = machinery.now }
        isReplaying = false
        machinery.emit(.tunableStarted(challenge))
    }

    private func endFeedback() {
        guard state == .showingFeedback else { return }
        machinery.emit(.feedbackEnded)
        startChallenge()
    }

    /// Starts a note; on failure stops the session and returns `false`.
    private func play(_ frequency: Frequency) -> Bool {
        sounded { try machinery.play(frequency, velocity: trialSettings.velocity, amplitude: .nominal) }
    }
}
