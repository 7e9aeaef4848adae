// ClickPlayer: the port through which timing sessions place clicks exactly in time.

/// Plays the clicks of timing training at exact times, on the same timeline that stamps strikes: seconds on
/// the monotonic clock (`CLOCK_MONOTONIC`) live, virtual seconds in tests.
///
/// The internal synth places each click on a sample frame and maps frames to the timeline through the audio
/// device's own delay, so the time it returns is when the click leaves the converter, to the sample. An
/// external synth's clicks are sent as MIDI notes when due; its own latency is unknown (see ``isExact``).
@MainActor
public protocol ClickPlayer: AnyObject {
    /// The current time on the timeline, seconds.
    var now: Double { get }
    /// How far ahead of ``now`` a click must be placed to be heard on time (the output's latency and a margin).
    var leadTime: Double { get }
    /// Whether the times ``click(at:accent:)`` returns are when the click is heard (the internal synth), or
    /// when it was sent to an external synth whose latency is unknown.
    var isExact: Bool { get }
    /// How often the output's sound has broken off since it started: an underrun (the device ran dry and its
    /// stream restarted later), after which every click placed before it is heard late by the length of the
    /// break. A session that sees the count change discards what it measured across it and starts the clicks
    /// again. Zero where the player cannot tell (an external synth).
    var dropoutCount: Int { get }
    /// Seconds until the output's timeline can be trusted (0: it can now): after the sound starts, and after each
    /// dropout, the output measures anew where its frames fall in time. A click is placed by the timeline of the
    /// moment it is placed, so a session places none before this.
    var settlesIn: Double { get }

    /// Places a click to be heard at `time`; an accented click (a cycle's first step) is higher.
    /// - Returns: when it will be heard: `time` on the nearest sample frame.
    /// - Throws: an error of the player when the output cannot play.
    func click(at time: Double, accent: Bool) throws -> Double

    /// Drops every click not yet heard (a stop, a new trial).
    func cancelClicks()

    /// Keeps the output from resting for a while (a minute for the internal synth), waking it if it rests: a
    /// session that plays and hears notes asks at each trial and each note, so a note played after a pause does
    /// not pay for a stream started anew.
    func keepAwake()
}

extension ClickPlayer {
    /// Always trusted (an external synth, a simulation).
    public var settlesIn: Double { 0 }

    /// Nothing rests (an external synth, a simulation).
    public func keepAwake() {}
}
