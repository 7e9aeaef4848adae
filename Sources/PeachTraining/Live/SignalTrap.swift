// SignalTrap: turns SIGINT and SIGTERM into inbox items, so every exit path runs Peach's clean-up.

import Foundation
import PeachSystem

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
public final class SignalTrap {
    /// Traps the signals; `handler` gets the signal number.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)  // a full pipe must never block the handler
        signalPipeWriter = ends[1]
        let reader = ends[0]
        let thread = Thread {
            let pipe = SystemFile(borrowing: reader, path: "signal pipe")
            var byte: [UInt8] = [0]
            while let count = try? byte.withUnsafeMutableBytes({ raw throws(FileError) in
                try pipe.read(into: raw)
            }),
                count == 1
            {
                handler(Int32(byte[0]))
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

    /// Every signal that would end Peach and can be caught: each is turned into a clean stop, so no note is
    /// left sounding on an external synth.
    public static let terminating: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    ]

    /// The exit status for a signal: 128 + its number.
    public static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }
}
