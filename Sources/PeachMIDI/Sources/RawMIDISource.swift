// RawMIDISource: MIDI input from raw bytes: a rawmidi device, a FIFO, a file or stdin.

import Foundation

/// A ``MIDISource`` that reads raw MIDI 1.0 bytes and parses them with ``MIDIByteParser``:
/// a rawmidi device (`/dev/snd/midiC1D0`), a FIFO (kept open as writers come and go), a file (ends at its
/// end) or stdin (`-`, ends at end of input). A reading thread waits in `poll` and wakes for stop through a
/// pipe, so stopping never waits for the next byte.
public final class RawMIDISource: MIDISource, @unchecked Sendable {
    /// The path read, as given (`-` for stdin).
    public let path: String
    /// `rawmidi:PATH`.
    public var name: String { "rawmidi:\(path)" }

    private let lock = NSLock()
    private var thread: InputThread?  // guarded by lock

    /// A source reading `path` (`-` for stdin).
    public init(path: String) {
        self.path = path
    }

    /// Opens the path and starts the reading thread.
    /// - Throws: ``MIDIInputError/cannotOpen(path:errno:)``.
    public func start(_ handler: @escaping @Sendable (MIDIInput) -> Void) throws {
        let descriptor: Int32
        if path == "-" {
            descriptor = dup(STDIN_FILENO)
        } else {
            var status = stat()
            let isFIFO = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
            descriptor = open(path, (isFIFO ? O_RDWR : O_RDONLY) | O_CLOEXEC)
        }
        guard descriptor >= 0 else { throw MIDIInputError.cannotOpen(path: path, errno: errno) }
        let path = self.path
        do {
            let thread = try InputThread(name: "peach-midi-in") { wake in
                Self.readLoop(descriptor: descriptor, wake: wake, path: path, handler: handler)
                close(descriptor)
            }
            lock.withLock { self.thread = thread }
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Stops the reading thread and waits for it.
    public func stop() {
        let current = lock.withLock {
            defer { thread = nil }
            return thread
        }
        current?.stop()
    }

    private static func readLoop(
        descriptor: Int32, wake: Int32, path: String, handler: @Sendable (MIDIInput) -> Void
    ) {
        var parser = MIDIByteParser()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                handler(.failed(.readFailed(path: path, errno: errno)))
                return
            }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                handler(.failed(.readFailed(path: path, errno: errno)))
                return
            }
            if count == 0 {
                handler(.ended)
                return
            }
            let time = MonotonicTime.now()
            for message in parser.parse(buffer[0..<count]) {
                handler(.event(MIDIEvent(message, at: time)))
            }
        }
    }
}
