// SignalTrap: turns SIGINT and SIGTERM into inbox items, so every exit path runs Peach's clean-up.

import Foundation

/// Catches SIGINT (Ctrl-C) and SIGTERM (systemd stopping Peach) and reports them through a handler on a
/// background queue instead of ending the process, so the command silences notes, restores the terminal
/// and exits with 130 or 143 itself.
final class SignalTrap {
    private var sources: [any DispatchSourceSignal] = []

    /// Traps the signals; `handler` gets the signal number.
    init(_ signals: [Int32] = [SIGINT, SIGTERM], handler: @escaping @Sendable (Int32) -> Void) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals {
            signal(number, SIG_IGN)
            sigaddset(&mask, number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
        // A parent (a test runner, a service manager) may have left them blocked.
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// The exit status for a signal: 128 + its number.
    static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }
}
