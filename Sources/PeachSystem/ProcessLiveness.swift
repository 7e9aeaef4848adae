// ProcessLiveness: whether a process that wrote a status file still runs, and when this machine booted.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the process that wrote a status file still runs. A status written before this machine booted is
/// from a process long gone, whatever its id says now.
public enum ProcessLiveness {
    /// Whether a process with id `pid` exists (`kill(pid, 0)`: no signal is sent; EPERM means it exists but
    /// belongs to someone else).
    public static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Seconds since the epoch at which this machine booted (the wall clock minus `CLOCK_BOOTTIME`), or nil
    /// when it cannot be read.
    public static func bootTime() -> Double? {
        var wall = timespec()
        var boot = timespec()
        guard clock_gettime(CLOCK_REALTIME, &wall) == 0, clock_gettime(CLOCK_BOOTTIME, &boot) == 0 else {
            return nil
        }
        return Double(wall.tv_sec - boot.tv_sec) + Double(wall.tv_nsec - boot.tv_nsec) / 1e9
    }
}
