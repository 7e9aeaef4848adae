// SignalTrap: turns SIGINT and SIGTERM into inbox items, so every exit path runs Peach's clean-up.

import Foundation
import PeachSystem
import PeachTraining

/// The write end of the trap's pipe; the signal handler writes the signal's number into it. Set once, before
/// the handler is installed (``SignalTrap`` allows one trap per process).
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1

/// The signal handler: only `write(2)`, which is async-signal-safe.
private func forwardSignal(_ number: Int32) {
    WakePipe.wake(writer: signalPipeWriter, byte: UInt8(truncatingIfNeeded: number))
}

/// Catches SIGINT (Ctrl-C) and SIGTERM (systemd stopping Peach) and reports them through a handler on a
/// thread of its own instead of ending the process, so the command silences notes, restores the terminal
/// and exits with 130 or 143 itself.
///
/// The handler is installed with `sigaction` before the initializer returns, so a signal that arrives at
/// once is not lost; it writes the signal's number into a pipe (the self-pipe trick), and the thread reading
/// the pipe calls `handler`. One trap per process: a second is a programming error and stops Peach
/// (a precondition), since the handler has one pipe to write to. The pipe lives as long as the process.
public final class SignalTrap {
    /// Whether a trap was made in this process (set once, on the main thread).
    nonisolated(unsafe) private static var isInstalled = false

    /// Traps the signals; `handler` gets the signal number. Without a pipe (no descriptors left) the signals
    /// keep their default action, so Ctrl-C still ends Peach.
    /// - Precondition: no other trap was made in this process.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        precondition(!Self.isInstalled, "one SignalTrap per process: the signal handler has one pipe")
        Self.isInstalled = true
        guard let wakePipe = try? WakePipe(name: "signal pipe") else { return }
        signalPipeWriter = wakePipe.writer
        let reader = wakePipe.reader
        let thread = Thread {
            // The thread holds the pipe, and it reads for the process's life: the pipe is never closed.
            withExtendedLifetime(wakePipe) {}
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
}
