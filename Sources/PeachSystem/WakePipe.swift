// WakePipe: the self-pipe that wakes a thread waiting in poll, from another thread or a signal handler.

import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe whose read end a waiting thread polls (``SystemFile/waitReadable(orWake:milliseconds:)``) and
/// whose write end wakes it: the self-pipe trick, used by every input thread and by the signal trap. Both
/// ends are close-on-exec, and the write end is non-blocking, so a full pipe never blocks a waker (a signal
/// handler least of all). Closed by ``close()`` or when released.
public final class WakePipe: @unchecked Sendable {
    /// The read end, to poll and read.
    public let reader: Int32
    /// The write end, for ``wake(writer:byte:)`` from a signal handler.
    public let writer: Int32
    private var isOpen = true

    /// A new pipe; `name` names it in an error.
    /// - Throws: ``FileError`` (`pipe`).
    public init(name: String) throws(FileError) {
        do {
            let ends = try FileDescriptor.pipe()
            reader = ends.readEnd.rawValue
            writer = ends.writeEnd.rawValue
        } catch {
            throw FileError(path: name, operation: .pipe, errno: error as? Errno ?? .ioError)
        }
        _ = fcntl(reader, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writer, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writer, F_SETFL, O_NONBLOCK)
    }

    /// Writes one byte, waking the reader. Async-signal-safe: only `write(2)`.
    public func wake(_ byte: UInt8 = 1) { Self.wake(writer: writer, byte: byte) }

    /// Writes `byte` into the write end `writer`: the form a signal handler, which can hold no object, calls.
    /// Async-signal-safe: only `write(2)`; a full pipe drops the byte (the reader is awake already).
    public static func wake(writer: Int32, byte: UInt8) {
        var value = byte
        _ = write(writer, &value, 1)
    }

    /// Sleeps until the pipe is woken, then takes every wake-up byte out (so the next sleep waits again). For a
    /// thread that only ever waits for this pipe (the audio thread at rest); not async-signal-safe.
    public func sleepUntilWoken() {
        var entry = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, -1) < 0, errno == EINTR {}
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) | O_NONBLOCK)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            while read(reader, buffer.baseAddress, buffer.count) > 0 {}
        }
    }

    /// Closes both ends (idempotent). The caller makes sure no waker is still using them.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        _ = Glibc.close(reader)
        _ = Glibc.close(writer)
    }

    deinit { close() }
}
