// ALSALibrary: facts about the alsa-lib Peach is linked against, and its error texts.

import CALSA
import Foundation
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

/// Called by the shim's silent handler with each diagnostic of alsa-lib, formatted. It keeps those of the main
/// thread (where devices are opened) and never waits: a record found busy, or past the first four (what led to
/// an error comes first), drops the diagnostic.
@_cdecl("peach_record_alsa_diagnostic")
func recordALSADiagnostic(_ text: UnsafePointer<CChar>?) {
    // Only the main thread opens devices (and reads the diagnostics); the audio thread's writes must not
    // allocate, so what alsa-lib says on another thread is dropped here, before a String is made.
    guard let text, Thread.isMainThread else { return }
    let diagnostic = String(cString: text)
    _ = ALSALibrary.diagnostics.withLockIfAvailable { list in
        if list.count < 4, !list.contains(diagnostic) { list.append(diagnostic) }
    }
}
