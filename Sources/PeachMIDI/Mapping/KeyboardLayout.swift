// KeyboardLayout: which letters sit where on the computer keyboard, so its piano is played by place (QWERTY, QWERTZ, AZERTY).

import Foundation

/// The computer keyboard's layout, as far as its piano (``PianoKey``) cares: a terminal sends letters, not places,
/// so the piano must know which letter sits where. On a German, Austrian or Swiss keyboard (QWERTZ) `z` and `y`
/// trade places and `ö` sits right of `l`: the piano's G♯ is `z`, its top E `ö`, and `y`/`x` move it an octave,
/// in the same places as `y`, `;` and `z`/`x` on QWERTY. On a French or Belgian keyboard (AZERTY) `q` sits where
/// `a` does, `z` where `w` does, `m` right of `l` and `w` at the bottom left: the piano starts on `q`. (Other
/// QWERTZ layouts, Czech or Hungarian, have another letter right of `l`; they are taken as QWERTY, unless
/// `PEACH_KEYBOARD_LAYOUT` says otherwise.)
public enum KeyboardLayout: String, CaseIterable, Hashable, Sendable {
    /// English and most others: `z` at the bottom left.
    case qwerty
    /// German, Austrian and Swiss: `z` in the top row, `y` at the bottom left, `ö` right of `l`.
    case qwertz
    /// French and Belgian: `a` and `q`, `z` and `w` trade places with QWERTY's, `m` right of `l`.
    case azerty

    /// The XKB layouts (as in `/etc/default/keyboard`'s `XKBLAYOUT`) whose letters sit as on QWERTZ.
    static let qwertzLayouts: Set<String> = ["de", "at", "ch"]
    /// The XKB layouts whose letters sit as on AZERTY.
    static let azertyLayouts: Set<String> = ["fr", "be"]

    /// The layout of an XKB layout list (`de`, `de,us`: the first one counts); QWERTY for any other.
    public init(xkbLayout: String) {
        let first =
            (xkbLayout.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
            .lowercased()
        self =
            Self.qwertzLayouts.contains(first)
            ? .qwertz : Self.azertyLayouts.contains(first) ? .azerty : .qwerty
    }

    /// The layout this machine's keyboard has: `PEACH_KEYBOARD_LAYOUT` (`qwerty`, `qwertz` or `azerty`) when set, else the
    /// keyboard configuration's `XKBLAYOUT` (`keyboardFile`, as Debian and Raspberry Pi OS keep it), else QWERTY.
    public static func detected(
        environment: [String: String], keyboardFile: String = "/etc/default/keyboard"
    ) -> KeyboardLayout {
        if let named = environment["PEACH_KEYBOARD_LAYOUT"].flatMap({
            KeyboardLayout(rawValue: $0.lowercased())
        }) {
            return named
        }
        guard let text = try? String(contentsOfFile: keyboardFile, encoding: .utf8) else { return .qwerty }
        return configured(text)
    }

    /// The layout a keyboard configuration file names (`XKBLAYOUT="de"`), QWERTY when it names none.
    static func configured(_ text: String) -> KeyboardLayout {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XKBLAYOUT=") else { continue }
            let value = trimmed.dropFirst("XKBLAYOUT=".count).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"'"))
            return KeyboardLayout(xkbLayout: value)
        }
        return .qwerty
    }

    /// The piano's seventeen keys from C as this layout writes them: `a w s e d f t g y h u j k o l p ;`, QWERTZ
    /// `… g z h … p ö`, AZERTY `q z s … p m`.
    public var pianoLetters: [String] {
        let (c, cSharp, gSharp, top): (String, String, String, String) =
            switch self {
            case .qwerty: ("a", "w", "y", ";")
            case .qwertz: ("a", "w", "z", "ö")
            case .azerty: ("q", "z", "y", "m")
            }
        return [c, cSharp, "s", "e", "d", "f", "t", "g", gSharp, "h", "u", "j", "k", "o", "l", "p", top]
    }

    /// The keys that move the piano an octave down and up: `z`/`x`, QWERTZ `y`/`x`, AZERTY `w`/`x`.
    public var octaveLetters: (down: String, up: String) {
        switch self {
        case .qwerty: ("z", "x")
        case .qwertz: ("y", "x")
        case .azerty: ("w", "x")
        }
    }

    /// The key that stops play-back, where the letters are a piano: `q`, but on AZERTY `q` is the piano's C, so
    /// `Esc` (which stops on every layout).
    public var playBackStopKey: String {
        self == .azerty ? "Esc" : "q"
    }
}
