// BoxStatusFile: the practice box's status as a small JSON file in the data folder, for the dashboard.

import Foundation
import PeachSystem

/// `box-status.json` in the data folder: what `peach serve` is doing now (``BoxStatus``), replaced atomically
/// at every change (a handful of writes a session: a start, a mode, a controller, a problem), so a reader
/// never sees half a file. Writing is best effort, like the status log: a file that cannot be written never
/// stops the box. A reader believes the file only while its writer runs (``current(in:)``). The format lives
/// here, beside ``BoxStatus``, for every reader (`peach serve --status`, the dashboard); the words for it are
/// PeachText's (`Texts.boxFacts(_:time:)`).
public enum BoxStatusFile {
    /// The file's name in the data folder.
    public static let fileName = "box-status.json"

    /// The largest file read (a status is a few hundred bytes).
    static let readLimit = 64 * 1024

    /// Writes `status` to the file in `directory` (mode 0640, as the status log); failures are ignored.
    public static func write(_ status: BoxStatus, in directory: String) {
        guard let bytes = try? encoder.encode(status) else { return }
        try? FileSystem.writeAtomically(
            Array(bytes) + [0x0A], to: directory + "/" + fileName, directory: directory, permissions: 0o640,
            durable: false)
    }

    /// The status in `directory`'s file as written, or nil when there is none or it does not read.
    public static func read(in directory: String) -> BoxStatus? {
        guard let bytes = try? SystemFile.readRegularFile(directory + "/" + fileName, limit: readLimit) else {
            return nil
        }
        return try? decoder.decode(BoxStatus.self, from: Data(bytes))
    }

    /// What a reader learns from the folder: the box runs with this status, or it last said this and is gone
    /// (stopped, killed, or from before the machine booted), or no box has written here.
    public enum Reading: Equatable, Sendable {
        /// `peach serve` runs and this is what it does.
        case running(BoxStatus)
        /// The box that wrote this no longer runs.
        case gone(BoxStatus)
        /// No box status in this folder.
        case none
    }

    /// The lock file's name in the data folder: `peach serve` holds it for its whole life (``holdLock(in:)``).
    public static let lockName = "box.lock"

    /// Takes the box's lock in `directory` (waiting while a box that is stopping still holds it) and returns the
    /// open file, which holds it until it is closed or the process ends; nil when it cannot be had (the status is
    /// then believed by its process alone).
    public static func holdLock(in directory: String) -> SystemFile? {
        guard
            let file = try? SystemFile(
                path: directory + "/" + lockName, flags: O_RDWR | O_CREAT, permissions: 0o640),
            (try? file.lockExclusivelyWaiting()) != nil
        else { return nil }
        return file
    }

    /// Whether a box holds the lock in `directory` now.
    static func lockIsHeld(in directory: String) -> Bool {
        guard let file = try? SystemFile(path: directory + "/" + lockName, flags: O_RDONLY | O_NOFOLLOW)
        else {
            return false
        }
        defer { file.close() }
        return (try? file.isLockedByAnother()) ?? false
    }

    /// The status in `directory`, checked against the writer: running only while it has not said it stopped, and
    /// its process exists (the same process: its pid and start time as the status recorded them, not a pid used
    /// again, started after this boot) or the box's lock is held. The lock answers where a sandbox hides the
    /// box's process (the dashboard's service: `ProtectProc=invisible` with `PrivateUsers` shows it no other
    /// process); a box writes its status only while it holds the lock, so a held lock vouches for the status.
    public static func current(in directory: String) -> Reading {
        guard let status = read(in: directory) else { return .none }
        guard status.activity != .stopped else { return .gone(status) }
        let bootedBefore = ProcessLiveness.bootTime().map { status.started.timeIntervalSince1970 >= $0 - 1 }
        if bootedBefore ?? true, ProcessLiveness.isRunning(status.processID),
            let recorded = status.processStart,
            ProcessLiveness.startTicks(of: status.processID) == recorded
        {
            return .running(status)
        }
        return lockIsHeld(in: directory) ? .running(status) : .gone(status)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
