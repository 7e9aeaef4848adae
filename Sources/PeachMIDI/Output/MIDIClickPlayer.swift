// MIDIClickPlayer: timing clicks on an external synth: General MIDI percussion notes sent when due.

import PeachCore
import PeachSystem

/// Plays timing training's clicks on an external synth as General MIDI percussion: the hi wood block (76) on
/// the accented step, the low wood block (77) otherwise, on channel 10, each 30 ms long. On the sequencer
/// (``ScheduledMIDIDestination``) each click is scheduled on Peach's queue and the kernel sends it when due;
/// elsewhere (a raw MIDI device or file) it is sent by a timer of the session clock, with the timer's jitter
/// (about a millisecond on an idle machine). Either way it is heard after the synth's own latency, which Peach
/// cannot know: the times it returns are when the click leaves Peach (``isExact`` is false), and calibration
/// (or the internal synth) is the way to exact figures.
@MainActor
public final class MIDIClickPlayer: ClickPlayer {
    /// The channel, 0-based (channel 10, General MIDI's percussion).
    public static let channel: UInt8 = 9
    /// The accented click's note (hi wood block) and the plain one's (low wood block).
    public static let notes = (accent: UInt8(76), plain: UInt8(77))
    /// How long each click's note is held, seconds.
    public static let noteLength = 0.030

    private let destination: any MIDIDestination
    private let clock: any SessionClock
    private let timeline: @MainActor () -> Double
    private var pending: [any ScheduledTimer] = []

    /// A player sending to `destination`, timed by `clock`, on `timeline` (the monotonic clock; tests give
    /// their virtual one).
    public init(
        destination: any MIDIDestination, clock: any SessionClock,
        timeline: @escaping @MainActor () -> Double = { MonotonicTime.now() }
    ) {
        self.destination = destination
        self.clock = clock
        self.timeline = timeline
    }

    /// Now on the timeline.
    public var now: Double { timeline() }
    /// 50 ms: time enough to place a trial's clicks before the first is due.
    public var leadTime: Double { 0.05 }
    /// The synth's latency is unknown.
    public var isExact: Bool { false }
    /// The synth's dropouts are not Peach's to see.
    public var dropoutCount: Int { 0 }

    /// Sends the click's note when `time` comes (its note-off 30 ms later).
    public func click(at time: Double, accent: Bool) throws -> Double {
        let note = accent ? Self.notes.accent : Self.notes.plain
        if let scheduled = destination as? any ScheduledMIDIDestination,
            try scheduled.send(
                [.noteOn(channel: Self.channel, note: note, velocity: accent ? 110 : 90)], at: time),
            try scheduled.send(
                [.noteOff(channel: Self.channel, note: note, velocity: 0)], at: time + Self.noteLength)
        {
            return time
        }
        let destination = self.destination
        let delay = Duration.seconds(max(0, time - now))
        if pending.count > 256 { pending.removeFirst(128) }  // long past: a loop places clicks forever
        pending.append(
            clock.schedule(after: delay) {
                try? destination.send([
                    .noteOn(channel: Self.channel, note: note, velocity: accent ? 110 : 90)
                ])
            })
        pending.append(
            clock.schedule(after: delay + .seconds(Self.noteLength)) {
                try? destination.send([.noteOff(channel: Self.channel, note: note, velocity: 0)])
            })
        return time
    }

    /// Cancels the clicks not sent yet, and ends any sounding one.
    public func cancelClicks() {
        (destination as? any ScheduledMIDIDestination)?.cancelScheduled()
        for timer in pending { timer.cancel() }
        pending = []
        try? destination.send([
            .noteOff(channel: Self.channel, note: Self.notes.accent, velocity: 0),
            .noteOff(channel: Self.channel, note: Self.notes.plain, velocity: 0),
        ])
    }
}
