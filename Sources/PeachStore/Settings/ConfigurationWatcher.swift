// ConfigurationWatcher: what a running session reads before each trial, read again when the settings file changes.

/// The one way a running session re-reads its configuration, for `peach train` (and its siblings) and for the
/// practice box alike: the settings and the controller profile they name. Before each trial (and each session on
/// the box) the session asks ``refresh()``; when the settings file changed (``FileChangeWatch``: one `stat`,
/// which notices a file put back with an old modification time too) the configuration is loaded again, so
/// `peach settings set`, the dashboard or an edit in a text editor applies to the next trial, a new
/// `controllerProfile` with it. SIGHUP on the box reads at once (``reload()``). A broken edit keeps the last good
/// configuration and is reported once: the file is taken as read, so it is not read again until it changes.
@MainActor
public final class ConfigurationWatcher<Configuration> {
    /// What a look at the settings found.
    public enum Change {
        /// The file did not change: ``current`` is as it was.
        case unchanged
        /// The file changed and was read: ``current`` is new.
        case reloaded
        /// The file changed (or SIGHUP came) but could not be read: ``current`` is the last good one.
        case failed(any Error)
    }

    /// The configuration read last (or the initial one).
    public private(set) var current: Configuration
    private let changed: @MainActor () -> Bool
    private let load: @MainActor (Configuration) throws -> Configuration

    /// Watches with `changed` (asked at each ``refresh()``; true when the settings changed since it last said so),
    /// starting from `initial`; `load` reads the configuration again, given the current one (so a profile whose
    /// setting did not change need not be read again).
    public init(
        changed: @escaping @MainActor () -> Bool, initial: Configuration,
        load: @escaping @MainActor (Configuration) throws -> Configuration
    ) {
        self.changed = changed
        self.current = initial
        self.load = load
    }

    /// Watches the settings file at `path` (taking it as read now), starting from `initial`.
    public convenience init(
        settingsFile path: String, initial: Configuration,
        load: @escaping @MainActor (Configuration) throws -> Configuration
    ) {
        let watch = FileChangeWatch(path: path)
        self.init(changed: { watch.changed() }, initial: initial, load: load)
    }

    /// Reads the configuration again if the settings changed since the last look.
    @discardableResult
    public func refresh() -> Change {
        changed() ? read() : .unchanged
    }

    /// Reads the configuration again now (SIGHUP), taking the settings as read; a failure keeps ``current``.
    @discardableResult
    public func reload() -> Change {
        _ = changed()
        return read()
    }

    private func read() -> Change {
        do {
            current = try load(current)
            return .reloaded
        } catch {
            return .failed(error)
        }
    }
}
