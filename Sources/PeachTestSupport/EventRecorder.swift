// EventRecorder: keeps every event a session reports, for tests to inspect.

/// Keeps every event it is given, in order.
@MainActor
public final class EventRecorder<Event> {
    /// The events so far.
    public var events: [Event] = []

    /// Creates an empty recorder.
    public init() {}
}
