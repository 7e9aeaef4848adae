// Wakeup: a POSIX semaphore a real-time thread posts to wake a waiting thread (sem_post never blocks).

#if canImport(Glibc)
    import Glibc
#endif

/// Wakes a waiting thread from a real-time one: `sem_post` is async-signal-safe and never blocks or allocates,
/// so JACK's process callback may call ``post()``; the other side waits with a time-out.
final class Wakeup: @unchecked Sendable {
    private let semaphore: UnsafeMutablePointer<sem_t>

    init() {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Wakes the waiter (real-time safe).
    func post() { sem_post(semaphore) }

    /// Waits until posted or `seconds` pass; true when posted.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = deadline.tv_nsec + Int(seconds * 1e9)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while true {
            if sem_timedwait(semaphore, &deadline) == 0 { return true }
            if errno != EINTR { return false }
        }
    }
}
