// TerminalKeyboard: reads keys from the terminal in raw mode (no echo, no line buffering) on its own thread.

import Foundation
import PeachMIDI

/// The computer keyboard as an input: switches the terminal on stdin to raw mode (keeping Ctrl-C as a
/// signal), reads keys on a thread and reports them through ``KeyboardMapper``. ``stop()`` restores the
/// terminal exactly as it was.
final class TerminalKeyboard: @unchecked Sendable {
    private let lock = NSLock()
    private var saved: termios?  // guarded by lock
    private var thread: InputThread?  // guarded by lock

    /// Whether stdin is a terminal (else there is no keyboard to read).
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    /// Starts reading; `handler` gets the keys as they are typed.
    func start(_ handler: @escaping @Sendable ([KeyboardKey]) -> Void) {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        do {
            let started = try InputThread(name: "peach-keyboard") { wake in
                Self.readLoop(wake: wake, handler: handler)
            }
            lock.withLock {
                saved = original
                thread = started
            }
        } catch {
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
        }
    }

    /// Stops reading and restores the terminal. Idempotent.
    func stop() {
        let (current, original) = lock.withLock {
            defer {
                thread = nil
                saved = nil
            }
            return (thread, saved)
        }
        current?.stop()
        if var original { tcsetattr(STDIN_FILENO, TCSANOW, &original) }
    }

    private static func readLoop(wake: Int32, handler: @Sendable ([KeyboardKey]) -> Void) {
        var mapper = KeyboardMapper()
        var buffer = [UInt8](repeating: 0, count: 64)
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, 50)
            if ready < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if ready == 0 {
                let keys = mapper.flush()
                if !keys.isEmpty { handler(keys) }
                continue
            }
            guard fds[0].revents != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count <= 0 {
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return
            }
            let keys = mapper.keys(for: buffer[0..<count])
            if !keys.isEmpty { handler(keys) }
        }
    }
}
