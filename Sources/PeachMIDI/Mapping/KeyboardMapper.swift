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
    /// What the key is on the computer keyboard's piano (``PianoKey``), which play-back uses instead of its
    /// actions; nil for a key that is no piano key.
    public var piano: PianoKey?

    /// A key.
    public init(name: String, actions: [ControllerAction], time: Double? = nil, piano: PianoKey? = nil) {
        self.name = name
        self.actions = actions
        self.time = time
        self.piano = piano
    }
}

/// The computer keyboard as a piano, as digital audio workstations lay it out: the home row `a s d f g h j k l ;`
/// is the white keys from C (C D E F G A B C D E), the row above, `w e  t y u  o p`, the black keys between
/// them, one and a half octaves from the piano's C; `z` and `x` move it an octave down or up. The keys are
/// played by place: on QWERTZ (``KeyboardLayout``) the same places are `z` for `y`, `ö` for `;` and `y` for `z`;
/// on AZERTY `q` for `a`, `z` for `w`, `m` for `;` and `w` for `z`.
public enum PianoKey: Hashable, Sendable {
    /// A note, semitones above the piano's C (0 for `a` … 16 for `;`).
    case note(Int)
    /// The piano an octave lower (`z`) or higher (`x`).
    case octave(Int)

    /// The letters every layout has in the same places, and their semitones above C.
    static let letters: [UInt8: Int] = [
        UInt8(ascii: "s"): 2, UInt8(ascii: "e"): 3, UInt8(ascii: "d"): 4, UInt8(ascii: "f"): 5,
        UInt8(ascii: "t"): 6, UInt8(ascii: "g"): 7, UInt8(ascii: "h"): 9, UInt8(ascii: "u"): 10,
        UInt8(ascii: "j"): 11, UInt8(ascii: "k"): 12, UInt8(ascii: "o"): 13, UInt8(ascii: "l"): 14,
        UInt8(ascii: "p"): 15,
    ]

    /// The piano key of `byte` on `layout` (lower case only: Caps Lock or Shift keeps the other meanings), nil for
    /// others. (`ö`, two bytes in UTF-8, is ``KeyboardMapper``'s to find.)
    static func of(_ byte: UInt8, on layout: KeyboardLayout) -> PianoKey? {
        if let semitones = letters[byte] { return .note(semitones) }
        // The letters whose places differ, as ``KeyboardLayout/pianoLetters`` and ``KeyboardLayout/octaveLetters``
        // name them (QWERTZ's top E, `ö`, is two bytes; `;` plays it too).
        let (c, cSharp, gSharp, top, down): (Character, Character, Character, Character, Character) =
            switch layout {
            case .qwerty: ("a", "w", "y", ";", "z")
            case .qwertz: ("a", "w", "z", ";", "y")
            case .azerty: ("q", "z", "y", "m", "w")
            }
        switch Character(UnicodeScalar(byte)) {
        case c: return .note(0)
        case cSharp: return .note(1)
        case gSharp: return .note(8)
        case top: return .note(16)
        case down: return .octave(-1)
        case "x": return .octave(1)
        default: return nil
        }
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
/// In play-back the letters are a piano instead (``PianoKey``): `a w s e d f t g y h u j k o l p ;` from C,
/// `z`/`x` an octave down/up; every key read carries its piano meaning, and the run takes whichever its mode
/// uses.
///
/// A session takes the actions that fit its state (a comparison ignores tuning, matching ignores answers).
/// Escape sequences may arrive split across reads; a lone Esc counts when the next read starts anew.
public struct KeyboardMapper: Sendable {
    /// The fine tuning step, cents.
    public static let fineStep: Cents = 1
    /// The coarse tuning step, cents.
    public static let coarseStep: Cents = 10

    private var pending: [UInt8] = []
    /// Where the letters sit (the piano is played by place).
    public let layout: KeyboardLayout
    /// The first byte of a two-byte UTF-8 letter (QWERTZ's `ö`), waiting for its second.
    private var lead: UInt8?

    /// A mapper with nothing pending, for a keyboard of `layout`.
    public init(layout: KeyboardLayout = .qwerty) { self.layout = layout }

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
            // QWERTZ's `ö` (UTF-8 C3 B6) is the piano's top E, where QWERTY has `;`; other letters of two or
            // more bytes mean nothing here.
            if let first = lead {
                lead = nil
                if layout == .qwertz, first == 0xC3, byte == 0xB6 {
                    result.append(KeyboardKey(name: "ö", actions: [], piano: .note(16)))
                    continue
                }
            }
            if byte >= 0xC0 {
                lead = byte
                continue
            }
            if var key = Self.plainKey(byte) {
                key.piano = PianoKey.of(byte, on: layout)
                result.append(key)
            } else if let piano = PianoKey.of(byte, on: layout) {
                result.append(KeyboardKey(name: String(UnicodeScalar(byte)), actions: [], piano: piano))
            }
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
