// RawMIDIDestination: MIDI output as raw bytes: a rawmidi device, a FIFO, a file or stdout.

import Foundation

/// A ``MIDIDestination`` that writes MIDI 1.0 bytes (full status bytes, no running status) to a rawmidi
/// device (`/dev/snd/midiC1D0`), a FIFO, a file (created or truncated) or stdout (`-`).
public final class RawMIDIDestination: MIDIDestination {
    /// The path written, as given.
    public let path: String
    /// `rawmidi:PATH`.
    public var name: String { "rawmidi:\(path)" }

    private let descriptor: Int32

    /// Opens `path` for writing.
    /// - Throws: ``MIDIInputError/cannotOpen(path:errno:)``.
    public init(path: String) throws(MIDIInputError) {
        self.path = path
        if path == "-" {
            descriptor = dup(STDOUT_FILENO)
        } else {
            var status = stat()
            let isRegular = stat(path, &status) != 0 || (status.st_mode & S_IFMT) == S_IFREG
            descriptor = open(path, O_WRONLY | O_CLOEXEC | (isRegular ? O_CREAT | O_TRUNC : 0), 0o644)
        }
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
    }

    deinit { close(descriptor) }

    /// Writes the messages' bytes.
    /// - Throws: ``MIDIInputError/writeFailed(path:errno:)``.
    public func send(_ messages: [MIDIMessage]) throws {
        let bytes = messages.flatMap(\.bytes)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw MIDIInputError.writeFailed(path: path, errno: errno)
            }
            offset += written
        }
    }
}
