// NoteSchedule: the synth's notes placed ahead by frame (an earcon's figure), started and released on time.

/// Notes placed ahead on the render side of a ``SynthEngine``: each entry is a command (a note's start or its
/// release) due on an output frame. The engine takes the due entries before each chunk it renders, so a note
/// starts within one chunk (``SynthEngine/chunkFrames``, 5.3 ms at 48 kHz) of its frame and the spacing of
/// notes placed together holds to the chunk however late the control side or the render thread ran.
///
/// Real-time rules: storage is allocated in `init`; ``place(_:frame:)``, ``takeDue(before:)`` and
/// ``removeAll()`` run on the render thread and never allocate, lock or wait. When ``capacity`` entries
/// wait, a further note is dropped whole (its start and its release).
final class NoteSchedule {
    /// The most entries that can wait (eight notes: a start and a release each).
    static let capacity = 16

    private let frames: UnsafeMutablePointer<Int>
    private let commands: UnsafeMutablePointer<SynthCommand>
    private(set) var count = 0

    init() {
        frames = .allocate(capacity: Self.capacity)
        commands = .allocate(capacity: Self.capacity)
    }

    deinit {
        commands.deinitialize(count: count)
        frames.deallocate()
        commands.deallocate()
    }

    /// Whether `entries` more entries fit.
    func hasRoom(for entries: Int) -> Bool { count + entries <= Self.capacity }

    /// Places `command` to be applied on `frame` (render side). Returns false, placing nothing, when full.
    @discardableResult
    func place(_ command: SynthCommand, frame: Int) -> Bool {
        guard count < Self.capacity else { return false }
        frames[count] = frame
        (commands + count).initialize(to: command)
        count += 1
        return true
    }

    /// The earliest entry due before `frame`, removed; nil when none is (render side). Entries due on the same
    /// frame come in the order they were placed.
    func takeDue(before frame: Int) -> SynthCommand? {
        var earliest = -1
        for index in 0..<count
        where frames[index] < frame && (earliest < 0 || frames[index] < frames[earliest]) {
            earliest = index
        }
        guard earliest >= 0 else { return nil }
        let command = (commands + earliest).move()
        // Keep the order of the rest (entries on one frame stay in placing order).
        for index in earliest..<(count - 1) {
            frames[index] = frames[index + 1]
            (commands + index).moveInitialize(from: commands + index + 1, count: 1)
        }
        count -= 1
        return command
    }

    /// Drops every entry (render side): a release of every voice also cancels the notes placed ahead.
    func removeAll() {
        commands.deinitialize(count: count)
        count = 0
    }
}
