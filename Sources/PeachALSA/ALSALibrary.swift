// ALSALibrary: facts about the alsa-lib Peach is linked against, and its error texts.

import CALSA
import Synchronization

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

    /// The diagnostics alsa-lib gave while silenced (``printsDiagnostics(_:)``) since they were last taken, the
    /// first few joined (`cannot access file /nonexistent/alsa.conf; Unknown SEQ default`), or nil; taking them
    /// forgets them.
    static func takeDiagnostic() -> String? {
        diagnostics.withLock { list in
            defer { list = [] }
            return list.isEmpty ? nil : list.joined(separator: "; ")
        }
    }

    /// What the shim's silent handler handed over since the last ``takeDiagnostic()``: the first few.
    static let diagnostics = Mutex<[String]>([])

    /// ALSA's text for a negative error code, e.g. `No such file or directory` for −2.
    public static func errorText(_ code: Int32) -> String { String(cString: snd_strerror(code)) }
}

/// Called by the shim's silent handler with each diagnostic of alsa-lib, formatted. It never waits: on a thread
/// that finds the record busy (an audio thread, say) the diagnostic is dropped rather than waited for; past the
/// first four (what led to an error comes first) they are dropped too.
@_cdecl("peach_record_alsa_diagnostic")
func recordALSADiagnostic(_ text: UnsafePointer<CChar>?) {
    guard let text else { return }
    let diagnostic = String(cString: text)
    _ = ALSALibrary.diagnostics.withLockIfAvailable { list in
        if list.count < 4, !list.contains(diagnostic) { list.append(diagnostic) }
    }
}
