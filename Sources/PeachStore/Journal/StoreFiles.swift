// StoreFiles: the store's calls on paths (PeachSystem.FileSystem), errors as StoreError, and its folder checks.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's view of ``FileSystem``: the same calls with a failure as ``StoreError/io(_:)``, and the checks
/// that a folder is safe to keep answers or settings in.
enum StoreFiles {
    /// Whether something exists at `path` (not following a final link); only "no such file" is absence.
    /// - Throws: ``StoreError/io(_:)`` (`stat`) for any other failure, e.g. permission denied.
    static func exists(_ path: String) throws(StoreError) -> Bool {
        do { return try FileSystem.exists(path) } catch { throw .io(error) }
    }

    /// The identity (device and inode) of what `path` names now, following links; nil when nothing is there.
    static func identity(_ path: String) -> FileIdentity? {
        FileSystem.status(path).map { FileIdentity(device: $0.device, inode: $0.inode) }
    }

    /// The permission bits of `path` (following links), or nil when it does not exist.
    static func permissions(_ path: String) -> mode_t? {
        FileSystem.status(path).map { mode_t($0.permissions) }
    }

    /// Throws unless `directory` is owned by this user and not writable by others: another user's folder, or one
    /// anybody may write into, could have its files swapped under Peach.
    /// - Throws: ``StoreError/unsafeDirectory(path:owner:writableByOthers:)``, ``StoreError/io(_:)`` (`stat`).
    static func requireSafeDirectory(_ directory: String) throws(StoreError) {
        let status: FileStatus
        do { status = try FileSystem.requiredStatus(directory) } catch { throw .io(error) }
        let mine = status.owner == FileSystem.effectiveUser
        guard mine, !status.isWritableByOthers else {
            throw .unsafeDirectory(
                path: directory, owner: mine ? nil : Int(status.owner),
                writableByOthers: status.isWritableByOthers)
        }
    }

    /// Throws when the settings folder `directory` belongs to a user who is neither this one nor root, or anybody
    /// may write into it (as sshd's StrictModes asks of `~/.ssh`): a root-owned `/etc/peach` read by a service
    /// user is trusted. A folder that does not exist holds no settings and passes.
    /// - Throws: ``StoreError/unsafeSettingsDirectory(path:owner:writableByOthers:)``.
    static func requireTrustedSettingsDirectory(_ directory: String) throws(StoreError) {
        guard let status = FileSystem.status(directory) else { return }
        let trustedOwner = status.owner == FileSystem.effectiveUser || status.owner == 0
        guard trustedOwner, !status.isWritableByOthers else {
            throw .unsafeSettingsDirectory(
                path: directory, owner: trustedOwner ? nil : Int(status.owner),
                writableByOthers: status.isWritableByOthers)
        }
    }

    /// Creates `path` and its parents with mode 0700 when missing.
    /// - Throws: ``StoreError/io(_:)`` (`makeDirectory`).
    static func createDirectory(_ path: String) throws(StoreError) {
        do { try FileSystem.createDirectory(path) } catch { throw .io(error) }
    }

    /// Renames `source` to `destination` atomically and makes the rename durable.
    /// - Throws: ``StoreError/io(_:)``.
    static func renameDurably(_ source: String, to destination: String, directory: String) throws(StoreError)
    {
        do { try FileSystem.renameDurably(source, to: destination, directory: directory) } catch {
            throw .io(error)
        }
    }

    /// Flushes a directory's entries (new and renamed files) to stable storage.
    /// - Throws: ``StoreError/io(_:)``.
    static func syncDirectory(_ directory: String) throws(StoreError) {
        do { try FileSystem.syncDirectory(directory) } catch { throw .io(error) }
    }

    /// Writes `bytes` to `path` atomically (``FileSystem/writeAtomically(_:to:directory:permissions:)``).
    /// - Throws: ``StoreError/io(_:)``.
    static func writeAtomically(
        _ bytes: [UInt8], to path: String, directory: String, permissions: mode_t = 0o600
    ) throws(StoreError) {
        do {
            try FileSystem.writeAtomically(bytes, to: path, directory: directory, permissions: permissions)
        } catch {
            throw .io(error)
        }
    }

    /// The whole regular file at `path`, at most `limit` bytes (``SystemFile/readRegularFile(_:limit:followingLinks:)``:
    /// never waits on a FIFO or a device).
    /// - Throws: ``StoreError/io(_:)``: EINVAL when it is not a regular file, EFBIG when larger than `limit`.
    static func readRegularFile(
        _ path: String, limit: Int, followingLinks: Bool = true
    ) throws(StoreError) -> [UInt8] {
        do {
            return try SystemFile.readRegularFile(path, limit: limit, followingLinks: followingLinks)
        } catch {
            throw .io(error)
        }
    }

    /// Removes the name `path`; nothing there is not an error.
    /// - Throws: ``StoreError/io(_:)`` (`unlink`).
    static func remove(_ path: String) throws(StoreError) {
        do { try FileSystem.remove(path) } catch { throw .io(error) }
    }
}
