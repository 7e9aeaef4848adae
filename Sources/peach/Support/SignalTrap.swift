// SignalTrap: turns SIGINT and SIGTERM into inbox items, so every exit path runs Peach's clean-up.

import Foundation

/// The write end of the trap's pipe; the signal handler writes the signal's number into it.
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1

/// The signal handler: only `write(2)`, which is async-signal-safe.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriter, &byte, 1)
}

/// Catches SIGINT (Ctrl-C) and SIGTERM (systemd stopping Peach) and reports them through a handler on a
/// thread of its own instead of ending the process, so the command silences notes, restores the terminal
/// and exits with 130 or 143 itself.
///
/// The handler is installed with `sigaction` before the initializer returns, so a signal that arrives at
/// once is not lost; it writes the signal's number into a pipe (the self-pipe trick), and the thread reading
/// the pipe calls `handler`. One trap per process.
final class SignalTrap {
    /// Traps the signals; `handler` gets the signal number.
    init(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)  // a full pipe must never block the handler
        signalPipeWriter = ends[1]
        let reader = ends[0]
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count == 1 {
                    handler(Int32(byte))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.name = "peach-signals"
        thread.start()
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardSignal
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
            sigaddset(&mask, number)
        }
        // A parent (a test runner, a service manager) may have left them blocked.
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// The exit status for a signal: 128 + its number.
    static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }
}
