// InputThread: a thread that waits in poll for input and can be woken to stop, for every input source.

import Foundation
import Synchronization

/// A thread for reading input (a MIDI device, the sequencer, the computer keyboard in a terminal). Its body
/// waits in `poll` on its own descriptors plus ``wakeDescriptor``, and returns when that becomes readable.
/// ``stop()`` wakes it, waits for it to end and closes the wake-up pipe; it is idempotent, and safe after the
/// body has already returned by itself (the pipe stays open until then, so waking never writes into a closed
/// pipe). Part of the system layer, beside the ``WakePipe`` it is woken through: every input source above uses
/// it, the keyboard's as the controllers'.
public final class InputThread: Sendable {
    /// The wake-up pipe until ``stop()`` takes it.
    private let pipe: Mutex<WakePipe?>
    private let finished = DispatchSemaphore(value: 0)

    /// Starts a thread named `name` running `body(wakeDescriptor)`, at the real-time `priority` when given and
    /// allowed (``RealTimePriority``).
    /// - Throws: ``FileError`` (`pipe`) naming `name` when no pipe can be made.
    public init(
        name: String, priority: Int32? = nil, body: @escaping @Sendable (_ wakeDescriptor: Int32) -> Void
    ) throws {
        let pipe = try WakePipe(name: name)
        let reader = pipe.reader
        self.pipe = Mutex(pipe)
        let finished = self.finished
        let thread = Thread {
            if let priority { RealTimePriority.raise(to: priority) }
            body(reader)
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Wakes the thread, waits for its body to return and closes the pipe. Idempotent.
    public func stop() {
        guard let pipe = self.pipe.withLock({ $0.take() }) else { return }
        pipe.wake()
        finished.wait()
        pipe.close()
    }

    deinit { stop() }
}
