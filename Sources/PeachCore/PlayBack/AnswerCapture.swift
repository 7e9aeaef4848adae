// AnswerCapture: groups the notes played while answering into one answer by their onset stamps.

/// Collects the notes played while a question waits for its answer and groups them by onset time: the first
/// onset opens the answer, and every note whose onset (the kernel's stamp, not when Peach read it) lies within
/// the chord window of it belongs to the answer. Notes later than that are heard but not part of it.
public struct AnswerCapture: Sendable {
    /// The chord window, seconds.
    public let window: Double
    /// Every onset since the capture opened, in arrival order.
    public private(set) var onsets: [PlayedNote] = []

    /// A capture with `window` seconds for one answer's notes.
    public init(window: Double) {
        self.window = window
    }

    /// The onset of the answer's first note (the earliest stamp so far), or nil before any note.
    public var firstOnset: Double? { onsets.map(\.time).min() }

    /// Adds an onset; true when it is the first (the answer opened).
    @discardableResult
    public mutating func add(_ note: PlayedNote) -> Bool {
        onsets.append(note)
        return onsets.count == 1
    }

    /// The answer: the notes whose onsets lie within the window of the first, in onset order (ties by arrival).
    public var answer: [PlayedNote] {
        guard let first = firstOnset else { return [] }
        return onsets.enumerated()
            .filter { $0.element.time - first <= window + 1e-9 }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// Forgets everything played (a new question, or an answer set aside).
    public mutating func reset() { onsets.removeAll() }
}
