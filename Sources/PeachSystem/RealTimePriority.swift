// RealTimePriority: asks the kernel to run the calling thread at a SCHED_FIFO priority, within what is allowed.

#if canImport(Glibc)
    import Glibc
#endif

/// The real-time priorities Peach's threads ask for, and the one way to ask. The audio thread renders at
/// ``audio`` (the range JACK and PipeWire use for audio threads); the MIDI input threads read at ``midiInput``,
/// just below it, since a key played through sounds from there (a thread at normal priority waits behind any
/// busy one for its wake-up). Granted to members of the `audio` group through `RLIMIT_RTPRIO`, or to root;
/// elsewhere the thread runs on at normal priority.
public enum RealTimePriority {
    /// The audio thread's `SCHED_FIFO` priority.
    public static let audio: Int32 = 70
    /// The MIDI input threads' `SCHED_FIFO` priority.
    public static let midiInput: Int32 = 60

    /// Asks for `SCHED_FIFO` at `priority` for the calling thread, else at the highest the user's `RLIMIT_RTPRIO`
    /// allows. Returns whether the thread now runs at a real-time priority.
    @discardableResult
    public static func raise(to priority: Int32) -> Bool {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(__RLIMIT_RTPRIO.rawValue), &limit)
        let allowed = limit.rlim_cur == rlim_t.max ? rlim_t(priority) : limit.rlim_cur
        for candidate in [priority, Int32(clamping: min(allowed, rlim_t(priority)))] where candidate > 0 {
            var parameters = sched_param()
            parameters.sched_priority = candidate
            if pthread_setschedparam(pthread_self(), Int32(SCHED_FIFO), &parameters) == 0 { return true }
        }
        return false
    }
}
