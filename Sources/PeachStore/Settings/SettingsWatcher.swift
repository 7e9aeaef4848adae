// SettingsWatcher: the current settings for a running session, re-read when the file changes.

import PeachCore

/// The settings a running session reads at the start of every trial. Re-reads `settings.json` when it changed
/// (``FileChangeWatch``: one `stat` per trial, which notices a file put back with an old modification time too),
/// so `peach settings set`, the dashboard or an edit in a text editor applies to the next trial (and a new
/// `controllerProfile` with it, through the launcher). A broken edit keeps the last good settings and is
/// reported once.
@MainActor
public final class SettingsWatcher {
    private let file: SettingsFile
    private let watch: FileChangeWatch
    private var reportedError: StoreError?
    private var latest: PeachSettings
    private let onError: @MainActor (StoreError) -> Void

    /// Watches `file`, starting from `initial` (as loaded at start-up).
    public init(
        file: SettingsFile, initial: PeachSettings, onError: @escaping @MainActor (StoreError) -> Void
    ) {
        self.file = file
        self.latest = initial
        self.onError = onError
        watch = FileChangeWatch(path: file.path)
    }

    /// The current settings, re-read if the file changed since the last call.
    public var current: PeachSettings {
        guard watch.changed() else { return latest }
        do {
            latest = try file.load().settings
            reportedError = nil
        } catch {
            if reportedError != error {
                reportedError = error
                onError(error)
            }
        }
        return latest
    }
}
