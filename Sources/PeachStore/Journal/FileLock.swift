// FileLock: one writer per store, through flock on a lock file that holds the owner's process id.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a store, held for the life of this object. The lock file holds the owner's pid so a
/// second process can say who has it. The kernel releases the lock when the process dies, even on kill -9.
final class FileLock {
    private let file: StoreFile

    /// Takes the lock, or throws ``StoreError/locked(path:ownerPID:)`` at once when another process holds it.
    init(path: String) throws(StoreError) {
        file = try StoreFile(path: path, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
        var taken: Bool
        do { taken = try file.file.lockExclusively() } catch { throw .io(error) }
        var owner: Int32? { (try? file.readAll()).flatMap { Int32(String(decoding: $0, as: UTF8.self)) } }
        // The lock says this very process holds it, though the store that took it has closed: a child being
        // started at that moment (posix_spawn) still shares the closed descriptor until its exec closes it (the
        // descriptor is close-on-exec). That lasts microseconds, more on a loaded machine: wait for it, a
        // little, rather than refuse a store nobody holds. Another process's lock is refused at once.
        var waited = 0
        while !taken, owner == getpid(), waited < 100 {
            usleep(5_000)
            waited += 1
            do { taken = try file.file.lockExclusively() } catch { throw .io(error) }
        }
        guard taken else { throw .locked(path: path, ownerPID: owner) }
        try? file.truncate(to: 0)
        try? file.writeAll(Array(String(getpid()).utf8))
    }
}
