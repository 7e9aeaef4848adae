// TerminalKeyboard: reads keys from the terminal in raw mode (no echo, no line buffering) on its own thread.

import Foundation
import PeachMIDI
import PeachSystem
import PeachTraining
import Synchronization

/// The computer keyboard as an input: switches the terminal on stdin to raw mode (keeping Ctrl-C as a
/// signal), reads keys on a thread and reports them through ``KeyboardMapper``. ``stop()`` restores the
/// terminal exactly as it was.
public final class TerminalKeyboard: @unchecked Sendable {
    /// The terminal's settings before raw mode and the reading thread, while started.
    private struct State {
        var saved: termios?
        var thread: InputThread?
    }

    private let state = Mutex(State())
    /// Where its letters sit (its piano is played by place).
    private let layout: KeyboardLayout

    /// A keyboard of `layout`, not yet reading.
    public init(layout: KeyboardLayout = .qwerty) { self.layout = layout }

    /// Whether stdin is a terminal (else there is no keyboard to read).
    public static var isAvailable: Bool { FileSystem.isTerminal(STDIN_FILENO) }

    /// Starts reading; `handler` gets the keys as they are typed.
    public func start(_ handler: @escaping @Sendable ([KeyboardKey]) -> Void) {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = Self.raw(original)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        do {
            let started = try InputThread(name: "peach-keyboard") { [layout] wake in
                Self.readLoop(wake: wake, layout: layout, handler: handler)
            }
            state.withLock { $0 = State(saved: original, thread: started) }
        } catch {
            tcsetattr(STDIN_FILENO, TCSANOW, &original)
        }
    }

    /// Gives the terminal back as it was (before the process stops on Ctrl-Z); reading goes on.
    public func suspend() {
        guard var original = state.withLock({ $0.saved }) else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }

    /// Takes the terminal into raw mode again (after `fg`).
    public func resume() {
        guard let original = state.withLock({ $0.saved }) else { return }
        var raw = Self.raw(original)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    }

    /// `original` without line editing and echo, one byte at a time (Ctrl-C stays a signal).
    static func raw(_ original: termios) -> termios {
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// Stops reading and restores the terminal. Idempotent.
    public func stop() {
        let (current, original) = state.withLock { state in
            defer { state = State() }
            return (state.thread, state.saved)
        }
        current?.stop()
        if var original { tcsetattr(STDIN_FILENO, TCSANOW, &original) }
    }

    private static func readLoop(
        wake: Int32, layout: KeyboardLayout, handler: @Sendable ([KeyboardKey]) -> Void
    ) {
        let stdin = SystemFile(borrowing: STDIN_FILENO, path: "-")
        var mapper = KeyboardMapper(layout: layout)
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            // 50 ms without a byte ends an escape sequence (a lone Esc is a key of its own).
            guard let readiness = try? stdin.waitReadable(orWake: wake, milliseconds: 50) else { return }
            switch readiness {
            case .woken: return
            case .timedOut:
                let keys = mapper.flush()
                if !keys.isEmpty { handler(keys) }
            case .ready:
                let read: Int?
                do {
                    read = try buffer.withUnsafeMutableBytes { raw throws(FileError) in
                        try stdin.read(into: raw)
                    }
                } catch {
                    return  // stdin failed: no more keys
                }
                guard let count = read else { continue }
                if count == 0 { return }
                let readAt = MonotonicTime.now()  // a key's time, for timing answers and strikes
                let keys = mapper.keys(for: buffer[0..<count]).map { key in
                    var stamped = key
                    stamped.time = readAt
                    return stamped
                }
                if !keys.isEmpty { handler(keys) }
            }
        }
    }
}
