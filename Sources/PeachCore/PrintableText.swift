// PrintableText: text from a device or a file made safe to print: no control characters reach a terminal.

/// Text from outside Peach (a controller's USB name, a line of a log file) as it may be printed: every control
/// character (C0, DEL, C1: among them ESC, which starts a terminal's escape sequences) becomes `?`, so a device
/// named to move the cursor or retitle the window prints as a plain name.
public enum PrintableText {
    /// `text` with each control character replaced by `?` (line breaks too: one name, one line).
    public static func of(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(isControl(scalar) ? "?" : scalar) }
        return String(scalars)
    }

    /// `text` line by line (its line breaks kept, every other control character replaced).
    public static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { of(String($0)) }
            .joined(separator: "\n")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
