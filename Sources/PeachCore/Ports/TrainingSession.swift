// TrainingSession: the one protocol of every discipline's session: start, stop with a reason, its events.

/// An event of a ``TrainingSession``. Whatever else a discipline tells, its stream of events ends with
/// `stopped` (a session that stops by itself: a lost device, a full disk; or asked to).
public protocol TrainingSessionEvent: Sendable {
    /// The session stopped for `reason`; the unfinished trial, if any, was discarded. An enum's
    /// `case stopped(SessionStopReason)` is this requirement.
    static func stopped(_ reason: SessionStopReason) -> Self
    /// The reason when this event is `stopped`, nil for every other event.
    var stopReason: SessionStopReason? { get }
    /// The store or the profile could not keep a result (it is not acknowledged, and the session stops). An
    /// enum's `case observerFailed(any Error)` is this requirement.
    static func observerFailed(_ error: any Error) -> Self
    /// The error when this event is `observerFailed` (the store could not keep a result: it is not acknowledged,
    /// and the session stops), nil for every other event.
    var observerFailure: (any Error)? { get }
}

/// One discipline's state machine (comparison, pitch matching, offset detection, fill the gap, rhythm echo,
/// play-back): what a training run, the practice box and the simulation need of any session, so they hold
/// one through this protocol and a new discipline plugs in without a new branch in each of them
/// (CONTRIBUTING's "Adding a discipline").
///
/// Every session runs its stop path through ``SessionMachinery``'s `stop`: timer cancelled, sound silenced,
/// the unfinished trial discarded, then `stopped` emitted; `stop` from idle does nothing.
@MainActor
public protocol TrainingSession: AnyObject {
    /// What the session tells its handlers.
    associatedtype Event: TrainingSessionEvent
    /// Starts the first trial; does nothing when already running.
    func start()
    /// Stops from any state: silences, discards the unfinished trial, records nothing more and emits
    /// `stopped(reason)`; does nothing when not running.
    func stop(reason: SessionStopReason)
    /// Adds a handler that receives every event from now on.
    func addEventHandler(_ handler: @escaping @MainActor (Event) -> Void)
}

extension TrainingSession {
    /// Runs one step of the sound (a note started, moved or stopped, clicks placed): true when it went; when the
    /// player throws, the session stops for that (``SessionStopReason/audioFailure(_:)``) and it is false.
    func sounded(_ step: () throws -> Void) -> Bool {
        do {
            try step()
            return true
        } catch {
            stop(reason: .audioFailure(error))
            return false
        }
    }
}
