// KeyboardMapper: the computer keyboard as a controller: bytes from a terminal in raw mode to actions.

import PeachCore

/// A key the terminal keyboard knows, with what it does.
public struct KeyboardKey: Hashable, Sendable {
    /// The key's name, e.g. `Up`, `Enter`, `h`.
    public var name: String
    /// What it does.
    public var actions: [ControllerAction]
    /// When it was read, seconds on the monotonic clock (nil when unknown): a key's time is when Peach read it,
    /// not when it was pressed, so it is late by the terminal's buffering (a few milliseconds).
    public var time: Double?

    /// A key.
    public init(name: String, actions: [ControllerAction], time: Double? = nil) {
        self.name = name
        self.actions = actions
        self.time = time
    }
}

/// Turns bytes typed in a terminal (raw mode) into actions, so Peach works without a controller:
///
/// | key | action |
/// |---|---|
/// | ↑ or `h` | Higher; tunes up 1 cent while matching |
/// | ↓ or `l` | Lower; tunes down 1 cent while matching |
/// | → or `+` (`=`) | tunes up 10 cents; Late in timing |
/// | ← or `-` | tunes down 10 cents; Early in timing |
/// | Enter | Commit |
/// | Space or `r` | Replay |
/// | `c` / `m` | start comparison / pitch matching training |
/// | `q`, Esc, Ctrl-C | Stop |
///
/// A session takes the actions that fit its state (a comparison ignores tuning, matching ignores answers).
/// Escape sequences may arrive split across reads; a lone Esc counts when the next read starts anew.
public struct KeyboardMapper: Sendable {
    /// The fine tuning step, cents.
    public static let fineStep: Cents = 1
    /// The coarse tuning step, cents.
    public static let coarseStep: Cents = 10

    private var pending: [UInt8] = []

    /// A mapper with nothing pending.
    public init() {}

    /// The keys completed by `bytes`, in order.
    public mutating func keys(for bytes: some Sequence<UInt8>) -> [KeyboardKey] {
        var result: [KeyboardKey] = []
        for byte in bytes {
            if !pending.isEmpty {
                pending.append(byte)
                if pending.count == 2 {
                    guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") else {
                        // Esc then another key: Esc stops, the key counts on its own.
                        pending.removeAll()
                        result.append(Self.stop(named: "Esc"))
                        result += keys(for: [byte])
                        continue
                    }
                    continue
                }
                // CSI / SS3: parameters until a final byte 0x40–0x7E.
                if (0x40...0x7E).contains(byte) {
                    if let key = Self.escapeKey(final: byte) { result.append(key) }
                    pending.removeAll()
                } else if pending.count > 16 {
                    pending.removeAll()
                }
                continue
            }
            if byte == 0x1B {
                pending = [byte]
                continue
            }
            if let key = Self.plainKey(byte) { result.append(key) }
        }
        return result
    }

    /// A lone Esc waiting for more bytes: call when no more came (a read returned without any).
    public mutating func flush() -> [KeyboardKey] {
        guard pending == [0x1B] else {
            pending.removeAll()
            return []
        }
        pending.removeAll()
        return [Self.stop(named: "Esc")]
    }

    private static func stop(named name: String) -> KeyboardKey {
        KeyboardKey(name: name, actions: [.press(.stop, input: .keyboard)])
    }

    private static func tune(_ cents: Cents, name: String, answer: SwitchAction? = nil) -> KeyboardKey {
        KeyboardKey(
            name: name,
            actions: (answer.map { [.press($0, input: .keyboard)] } ?? []) + [.tune(cents, input: .keyboard)])
    }

    private static func escapeKey(final: UInt8) -> KeyboardKey? {
        switch final {
        case UInt8(ascii: "A"): tune(fineStep, name: "Up", answer: .higher)
        case UInt8(ascii: "B"): tune(-fineStep, name: "Down", answer: .lower)
        case UInt8(ascii: "C"): tune(coarseStep, name: "Right", answer: .late)
        case UInt8(ascii: "D"): tune(-coarseStep, name: "Left", answer: .early)
        default: nil
        }
    }

    private static func plainKey(_ byte: UInt8) -> KeyboardKey? {
        let press = { (action: SwitchAction, name: String) in
            KeyboardKey(name: name, actions: [.press(action, input: .keyboard)])
        }
        switch byte {
        case UInt8(ascii: "h"), UInt8(ascii: "H"): return tune(fineStep, name: "h", answer: .higher)
        case UInt8(ascii: "l"), UInt8(ascii: "L"): return tune(-fineStep, name: "l", answer: .lower)
        case UInt8(ascii: "+"), UInt8(ascii: "="): return tune(coarseStep, name: "+")
        case UInt8(ascii: "-"), UInt8(ascii: "_"): return tune(-coarseStep, name: "-")
        case 0x0D, 0x0A: return press(.commit, "Enter")
        case UInt8(ascii: " "): return press(.replay, "Space")
        case UInt8(ascii: "r"), UInt8(ascii: "R"): return press(.replay, "r")
        case UInt8(ascii: "c"), UInt8(ascii: "C"): return press(.startComparison, "c")
        case UInt8(ascii: "m"), UInt8(ascii: "M"): return press(.startPitchMatching, "m")
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return stop(named: "q")
        case 0x03: return stop(named: "Ctrl-C")
        default: return nil
        }
    }
}
