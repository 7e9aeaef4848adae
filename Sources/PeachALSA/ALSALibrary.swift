// ALSALibrary: facts about the alsa-lib Peach is linked against, and its error texts.

import CALSA

/// The alsa-lib Peach runs with.
public enum ALSALibrary {
    /// The library's version, e.g. `1.2.8`.
    public static var version: String { String(cString: peach_asoundlib_version()) }

    /// ALSA's text for a negative error code, e.g. `No such file or directory` for −2.
    public static func errorText(_ code: Int32) -> String { String(cString: snd_strerror(code)) }
}
