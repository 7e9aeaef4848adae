// RawMIDISource: MIDI input from raw bytes: a rawmidi device, a FIFO, a file or stdin.

import Foundation
import PeachSystem
import Synchronization

/// A ``MIDISource`` that reads raw MIDI 1.0 bytes and parses them with ``MIDIByteParser``:
/// a rawmidi device (`/dev/snd/midiC1D0`), a FIFO (kept open as writers come and go), a file (ends at its
/// end) or stdin (`-`, ends at end of input). A reading thread waits in `poll` and wakes for stop through a
/// pipe, so stopping never waits for the next byte.
public final class RawMIDISource: MIDISource, @unchecked Sendable {
    /// The path read, as given (`-` for stdin).
    public let path: String
    /// `rawmidi:PATH`.
    public var name: String { "rawmidi:\(path)" }

    /// The reading thread, while started.
    private let thread = Mutex<InputThread?>(nil)

    /// A source reading `path` (`-` for stdin).
    public init(path: String) {
        self.path = path
    }

    /// Opens the path and starts the reading thread.
    /// - Throws: ``MIDIInputError/cannotOpen(_:)``, or a ``FileError`` when no thread can be started.
    public func start(_ handler: @escaping @Sendable (MIDIInput) -> Void) throws {
        let file: SystemFile
        do {
            if path == "-" {
                file = try SystemFile(duplicating: STDIN_FILENO, path: path)
            } else {
                let isFIFO = FileSystem.status(path)?.kind == .fifo
                // A FIFO is opened read-write so it never reports its end when a writer closes: a controller
                // script may come and go.
                file = try SystemFile(path: path, flags: isFIFO ? O_RDWR : O_RDONLY)
            }
        } catch {
            throw MIDIInputError.cannotOpen(error)
        }
        let thread = try InputThread(name: "peach-midi-in", priority: RealTimePriority.midiInput) { wake in
            Self.readLoop(file, wake: wake, handler: handler)
            file.close()
        }
        self.thread.withLock { $0 = thread }
    }

    /// Stops the reading thread and waits for it.
    public func stop() {
        thread.withLock { $0.take() }?.stop()
    }

    private static func readLoop(_ file: SystemFile, wake: Int32, handler: @Sendable (MIDIInput) -> Void) {
        var parser = MIDIByteParser()
        var buffer = [UInt8](repeating: 0, count: 4096)
        do {
            while try file.waitReadable(orWake: wake) == .ready {
                let read = try buffer.withUnsafeMutableBytes { raw throws(FileError) in
                    try file.read(into: raw)
                }
                guard let count = read else { continue }
                if count == 0 {
                    handler(.ended)
                    return
                }
                let time = MonotonicTime.now()
                buffer.withUnsafeBufferPointer { bytes in
                    parser.parse(UnsafeBufferPointer(rebasing: bytes[0..<count])) { message in
                        handler(.event(MIDIEvent(message, at: time)))
                    }
                }
            }
        } catch let error as FileError {
            handler(.failed(.readFailed(error)))
        } catch {
            handler(.failed(.readFailed(FileError(path: file.path, operation: .read, code: EIO))))
        }
    }
}
