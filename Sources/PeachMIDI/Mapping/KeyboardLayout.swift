// KeyboardLayout: which letters sit where on the computer keyboard, so its piano is played by place (QWERTY, QWERTZ).

import Foundation

/// The computer keyboard's layout, as far as its piano (``PianoKey``) cares: a terminal sends letters, not places,
/// so the piano must know which letter sits where. On a German, Austrian or Swiss keyboard (QWERTZ) `z` and `y`
/// trade places and `ö` sits right of `l`: the piano's G♯ is `z`, its top E `ö`, and `y`/`x` move it an octave,
/// in the same places as `y`, `;` and `z`/`x` on QWERTY. (Other QWERTZ layouts, Czech or Hungarian, have another
/// letter right of `l`; they are taken as QWERTY, unless `PEACH_KEYBOARD_LAYOUT` says otherwise.)
public enum KeyboardLayout: String, CaseIterable, Hashable, Sendable {
    /// English and most others: `z` at the bottom left.
    case qwerty
    /// German, Austrian and Swiss: `z` in the top row, `y` at the bottom left, `ö` right of `l`.
    case qwertz

    /// The XKB layouts (as in `/etc/default/keyboard`'s `XKBLAYOUT`) whose letters sit as on QWERTZ.
    static let qwertzLayouts: Set<String> = ["de", "at", "ch"]

    /// The layout of an XKB layout list (`de`, `de,us`: the first one counts); QWERTY for any other.
    public init(xkbLayout: String) {
        let first =
            xkbLayout.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        self = Self.qwertzLayouts.contains(first.lowercased()) ? .qwertz : .qwerty
    }

    /// The layout this machine's keyboard has: `PEACH_KEYBOARD_LAYOUT` (`qwerty` or `qwertz`) when set, else the
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
    /// `… g z h … p ö`.
    public var pianoLetters: [String] {
        let black: String = self == .qwertz ? "z" : "y"
        let top: String = self == .qwertz ? "ö" : ";"
        return ["a", "w", "s", "e", "d", "f", "t", "g", black, "h", "u", "j", "k", "o", "l", "p", top]
    }

    /// The keys that move the piano an octave down and up: `z`/`x`, QWERTZ `y`/`x`.
    public var octaveLetters: (down: String, up: String) {
        (self == .qwertz ? "y" : "z", "x")
    }
}
