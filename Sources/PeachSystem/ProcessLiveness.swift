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

    /// When process `pid` started, in clock ticks since boot (the 22nd field of its main thread's
    /// `/proc/PID/task/PID/stat`, the process's own start time), or nil when it does not exist or cannot be
    /// read. A pid and this number name one process for the whole boot: a pid used again belongs to a process
    /// that started later. The main thread's entry, not `/proc/PID/stat`: qemu-user (the arm64 tests) answers a
    /// process's reads of its own `/proc/PID/stat` with a made-up start time, so the box and a reader of its
    /// status would disagree there; both read the kernel's figure here.
    public static func startTicks(of pid: Int32) -> UInt64? {
        guard pid > 0,
            let bytes = try? SystemFile.readRegularFile("/proc/\(pid)/task/\(pid)/stat", limit: 4096)
        else {
            return nil
        }
        // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so the fields are counted from the
        // last `)`; the first after it is field 3, so the start time (field 22) is the 20th.
        guard let close = bytes.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 20 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
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
