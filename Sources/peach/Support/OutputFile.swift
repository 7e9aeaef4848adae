// OutputFile: opens a file the user named for writing, in place (a device or a FIFO stays what it is).

import Foundation

/// Opens files the user names for output (`--events FILE`, `--svg FILE`). They are opened in place with
/// `open(2)` (created or truncated), never written aside and renamed over, so `/dev/stdout`, a FIFO or a
/// symbolic link stays what it is.
enum OutputFile {
    /// The file at `path` opened for writing; `what` names it in the error (e.g. `the events file`).
    /// - Throws: ``CommandFailure`` naming the path and the system's reason.
    static func open(_ path: String, what: String) throws -> FileHandle {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw CommandFailure(
                message: Messages.pick(
                    "\(path): cannot write \(what) (\(reason)).",
                    "\(path): kann \(what) nicht schreiben (\(reason))."),
                status: 1)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
