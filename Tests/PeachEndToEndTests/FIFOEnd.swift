// FIFOEnd: a test's end of a FIFO that a child opens, opened without waiting for ever on a child that died.

import Foundation

/// Opens a test's end of a FIFO whose other end a child process opens. A plain open(2) blocks until the other
/// side opens: a child that failed before it did held the test, and with it a thread of the whole test run,
/// for ever. This one gives up once the child has ended, or after `seconds`.
enum FIFOEnd {
    /// The FIFO at `path` opened with `access` (`O_RDONLY` or `O_WRONLY`), blocking as usual from then on, once
    /// `process` has opened its end (for reading: once it has written, or closed its end); -1 when `process`
    /// ended first or `seconds` passed.
    static func open(
        _ path: String, _ access: Int32, for process: Process, seconds: Double = Watchdog.deadline
    ) -> Int32 {
        let deadline = Date(timeIntervalSinceNow: seconds)
        // Non-blocking: for writing it fails (ENXIO) until a reader is there; for reading it succeeds at once
        // (which lets the child's own open for writing return), and poll says when the child has written.
        var descriptor: Int32 = -1
        while descriptor < 0 {
            descriptor = Glibc.open(path, access | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { break }
            guard errno == ENXIO, process.isRunning, Date() < deadline else { return -1 }
            usleep(2_000)
        }
        if access == O_RDONLY {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 10) == 0 || ready.revents == 0 {
                guard process.isRunning, Date() < deadline else {
                    close(descriptor)
                    return -1
                }
            }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// ``open(_:_:for:seconds:)`` as a file handle that closes the descriptor when it goes; nil where that gave -1.
    static func handle(_ path: String, _ access: Int32, for process: Process) -> FileHandle? {
        let descriptor = open(path, access, for: process)
        return descriptor < 0 ? nil : FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
