// MonotonicTime: the monotonic clock that stamps incoming MIDI events.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds on `CLOCK_MONOTONIC`: never jumps with wall-clock changes, so press durations stay right. The one
/// timeline that stamps MIDI input and maps the audio output's frames (timing training compares the two).
public enum MonotonicTime {
    /// The current time, seconds since an arbitrary start.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
