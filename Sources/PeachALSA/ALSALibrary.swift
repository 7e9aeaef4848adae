// ALSALibrary: facts about the alsa-lib Peach is linked against, and its error texts.

import CALSA

/// The alsa-lib Peach runs with.
public enum ALSALibrary {
    /// The library's version, e.g. `1.2.8`.
    public static var version: String { String(cString: peach_asoundlib_version()) }

    /// Stops (or, with `false`, restarts) alsa-lib printing its own diagnostics to stderr, such as
    /// `ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM nonsense`. Peach reports the errors itself in one
    /// line, so the command line silences them unless the log level is `debug` or `trace`.
    public static func printsDiagnostics(_ enabled: Bool) {
        if enabled { peach_restore_alsa_errors() } else { peach_silence_alsa_errors() }
    }

    /// ALSA's text for a negative error code, e.g. `No such file or directory` for −2.
    public static func errorText(_ code: Int32) -> String { String(cString: snd_strerror(code)) }
}
