// StoreFile: an open file of the store, through the file funnel (PeachSystem.SystemFile), its errors as StoreError.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file of the store. Every call goes through ``SystemFile`` (one EINTR policy); a failure is a
/// ``StoreError/io(_:)`` carrying the ``FileError``.
final class StoreFile {
    let file: SystemFile

    /// The path.
    var path: String { file.path }
    /// The raw descriptor (for `flock`, `fdatasync`, `pread` in the journal scan).
    var descriptor: Int32 { file.descriptor.rawValue }

    /// Opens `path` with `flags`; new files get mode 0600 (only the owner can read the answers).
    init(path: String, flags: Int32, mode: mode_t = 0o600) throws(StoreError) {
        do { file = try SystemFile(path: path, flags: flags, permissions: mode) } catch { throw .io(error) }
    }

    /// Writes all of `bytes`.
    func writeAll(_ bytes: [UInt8]) throws(StoreError) {
        do { try file.writeAll(bytes) } catch { throw .io(error) }
    }

    /// Sets the file's permission bits to exactly `mode` (the umask does not apply).
    func setPermissions(_ mode: mode_t) throws(StoreError) {
        do { try file.setPermissions(mode) } catch { throw .io(error) }
    }

    /// Flushes the file's data to stable storage.
    func sync() throws(StoreError) {
        do { try file.sync() } catch { throw .io(error) }
    }

    /// Flushes the file's data (not its metadata) to stable storage.
    func syncData() throws(StoreError) {
        do { try file.syncData() } catch { throw .io(error) }
    }

    /// The file's size in bytes.
    func size() throws(StoreError) -> Int {
        do { return try file.size() } catch { throw .io(error) }
    }

    /// The open file's identity: its device and inode.
    func identity() throws(StoreError) -> FileIdentity {
        do {
            let status = try file.fileStatus()
            return FileIdentity(device: status.device, inode: status.inode)
        } catch {
            throw .io(error)
        }
    }

    /// Throws unless this is a regular file (a journal must not be a device, a FIFO or a folder).
    func requireRegularFile() throws(StoreError) {
        let regular: Bool
        do { regular = try file.isRegularFile() } catch { throw .io(error) }
        guard regular else { throw .io(path, .open, EINVAL) }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws(StoreError) {
        do { try file.truncate(to: length) } catch { throw .io(error) }
    }

    /// Reads the whole file from the start.
    func readAll() throws(StoreError) -> [UInt8] {
        do { return try file.readAll() } catch { throw .io(error) }
    }

    /// Reads up to `bytes.count` bytes at `offset` into `bytes` (0 at the end of the file).
    func read(into bytes: inout [UInt8], at offset: Int) throws(StoreError) -> Int {
        do {
            return try bytes.withUnsafeMutableBytes { try file.read(into: $0, atOffset: offset) }
        } catch let error as FileError {
            throw .io(error)
        } catch {
            throw .io(path, .read, EIO)  // only the read throws
        }
    }

    /// Reads up to `buffer.count` bytes at `offset` (0 at the end of the file).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(StoreError) -> Int {
        do { return try file.read(into: buffer, atOffset: offset) } catch { throw .io(error) }
    }
}
