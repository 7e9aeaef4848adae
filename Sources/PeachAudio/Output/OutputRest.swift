// OutputRest: lets the audio thread stop while nothing sounds, and wakes it for the next command.

import PeachSystem
import Synchronization

/// What lets an ``AudioOutput`` rest: after ``AudioOutput/restAfter`` seconds in which nothing sounded and
/// nothing was asked of it, the audio thread stops the sink's stream (``AudioSink/rest()``) and sleeps in `poll`
/// on a wake pipe instead of rendering silence period after period (the box waiting for a mode, a session waiting
/// for an answer: 187 wake-ups a second into `null`, 375 on a device at `standard`, 0.6–0.75 % of a core, for
/// nothing). The next command pushed (a note, a click, an instrument) wakes it: it restarts the stream and renders
/// that command into its very first period, so the sound starts within the output buffer, as from a running
/// stream. Timing training keeps the output awake while it runs (``keepAwake(until:)``): its clicks are placed
/// by the output's timeline, which a restarted stream measures anew.
///
/// The audio thread and the main actor decide without a lock (Dekker's pattern with sequentially consistent
/// fences): the thread marks itself resting, then looks for a queued command or a keep-awake deadline and
/// stays awake if it finds one; a producer queues its command (or sets the deadline), then looks at the mark and
/// wakes the thread if it is set. One of the two always sees the other, so no command waits on a sleeping
/// thread.
final class OutputRest: Sendable {
    private let resting = Atomic<Bool>(false)
    /// Until when (monotonic seconds, as a double's bits) the output must not rest.
    private let awakeUntil = Atomic<UInt64>(0.0.bitPattern)
    private let pipe: WakePipe

    /// A rest for one output; nil when no pipe can be made (the output then never rests).
    init?() {
        guard let pipe = try? WakePipe(name: "audio rest") else { return nil }
        self.pipe = pipe
    }

    /// Whether the audio thread is resting (or about to).
    var isResting: Bool { resting.load(ordering: .sequentiallyConsistent) }

    /// Producer side, after queuing a command: wakes the thread if it rests.
    func commandQueued() {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        if resting.load(ordering: .sequentiallyConsistent) { pipe.wake() }
    }

    /// Keeps the output awake until `time` (monotonic seconds), waking it if it rests. Returns whether it was
    /// resting (its stream restarts: its timeline is measured anew).
    func keepAwake(until time: Double) -> Bool {
        var current = awakeUntil.load(ordering: .relaxed)
        while Double(bitPattern: current) < time {
            let (exchanged, original) = awakeUntil.compareExchange(
                expected: current, desired: time.bitPattern, ordering: .sequentiallyConsistent)
            if exchanged { break }
            current = original
        }
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard resting.load(ordering: .sequentiallyConsistent) else { return false }
        pipe.wake()
        return true
    }

    /// Wakes the thread whatever it waits for (the output is stopping).
    func wake() { pipe.wake() }

    /// Audio thread: marks the output resting unless a command is queued (`hasCommands`) or the output must stay
    /// awake at `now`. Returns whether it rests (then call ``sleep()`` and ``endRest()``). While the output is
    /// kept awake it returns at once, without marking it (a mark seen by a producer costs it a wake).
    func beginRest(now: Double, hasCommands: () -> Bool) -> Bool {
        guard Double(bitPattern: awakeUntil.load(ordering: .relaxed)) <= now, !hasCommands() else {
            return false
        }
        resting.store(true, ordering: .sequentiallyConsistent)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        guard !hasCommands(), Double(bitPattern: awakeUntil.load(ordering: .sequentiallyConsistent)) <= now
        else {
            resting.store(false, ordering: .sequentiallyConsistent)
            return false
        }
        return true
    }

    /// Audio thread: sleeps until woken (a command, a keep-awake, a stop), then drains the pipe (a wake left by a
    /// rest that did not begin only makes one needless start). Not a render: the stream is stopped meanwhile.
    func sleep() { pipe.sleepUntilWoken() }

    /// Audio thread: the output is awake again.
    func endRest() { resting.store(false, ordering: .sequentiallyConsistent) }
}
