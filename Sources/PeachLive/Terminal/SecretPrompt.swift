// SecretPrompt: a password read from the terminal without showing it (or a line from a pipe).

import Foundation
import PeachSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a secret: at a terminal, after `prompt` on standard error with echo off (restored however the read
/// ends); from a pipe or file, the next line as it is (for scripts: `echo … | peach web --set-password`).
public enum SecretPrompt {
    /// Whether standard input is a terminal (a secret is then asked twice).
    public static var isInteractive: Bool { FileSystem.isTerminal(STDIN_FILENO) }

    /// The next secret (without its newline), or nil at the end of the input.
    public static func read(prompt: String) -> String? {
        guard isInteractive else { return readLine(strippingNewline: true) }
        FileHandle.standardError.write(Data(prompt.utf8))
        var original = termios()
        let saved = tcgetattr(STDIN_FILENO, &original) == 0
        if saved {
            var quiet = original
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if saved { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
