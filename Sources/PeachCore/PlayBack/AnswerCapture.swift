// AnswerCapture: groups the notes played while answering into one answer by their onset stamps.

/// Collects the notes played while a question waits for its answer and groups them by onset time: the first
/// counted onset opens the answer, and every counted note whose onset (the kernel's stamp, not when Peach read
/// it) lies within the chord window of it belongs to the answer.
///
/// Two kinds of note are heard but not part of the answer, and are named so the player learns why:
/// - a **late** note: its onset is after the chord window, but within ``lateSpan`` after it (a chord rolled a
///   little too slowly; the verdict names the window that would take it). Later notes are not looked at.
/// - a **grazed** key: struck at a velocity of at most ``grazeVelocity`` and released within ``grazeDuration`` of
///   its onset (a neighbouring key brushed on the way). A soft note held longer counts; `grazeVelocity` 0 counts
///   every note.
public struct AnswerCapture: Sendable {
    /// How long after the chord window a note is still named as late, seconds.
    public static let lateSpan = 0.15
    /// A note released sooner than this after its onset, and struck softly, is a grazed key, seconds.
    public static let grazeDuration = 0.06

    /// The chord window, seconds.
    public let window: Double
    /// The highest velocity a grazed key has (0: no note is a graze).
    public let grazeVelocity: Int
    /// Every onset since the capture opened, in arrival order.
    public private(set) var onsets: [PlayedNote] = []
    /// When each onset's key was let go (by its index in ``onsets``), on the same timeline.
    private var releases: [Int: Double] = [:]

    /// A capture with `window` seconds for one answer's notes, taking notes at most `grazeVelocity` and shorter
    /// than ``grazeDuration`` for grazed keys.
    public init(window: Double, grazeVelocity: Int = 0) {
        self.window = window
        self.grazeVelocity = grazeVelocity
    }

    /// The onset of the answer's first counted note, or nil before any.
    public var firstOnset: Double? { counted.map(\.time).min() }

    /// When the chord window of the first counted onset closes (nil before any).
    public var closesAt: Double? { firstOnset.map { $0 + window } }

    /// Adds an onset; true when it is the first (the answer may have opened).
    @discardableResult
    public mutating func add(_ note: PlayedNote) -> Bool {
        onsets.append(note)
        return onsets.count == 1
    }

    /// The key of `note` was let go at `time`: the release of its latest onset not yet released.
    public mutating func release(_ note: MIDINote, at time: Double) {
        guard let index = onsets.indices.last(where: { onsets[$0].note == note && releases[$0] == nil })
        else {
            return
        }
        releases[index] = time
    }

    /// The answer: the counted notes whose onsets lie within the window of the first, in onset order (ties by
    /// arrival).
    public var answer: [PlayedNote] { within { $0 <= window + 1e-9 } }

    /// The counted notes after the chord window but within ``lateSpan`` of its end, in onset order.
    public var late: [PlayedNote] {
        within { $0 > window + 1e-9 && $0 <= window + Self.lateSpan + 1e-9 }
    }

    /// The grazed keys among the onsets, in arrival order.
    public var grazed: [PlayedNote] {
        onsets.indices.filter(isGrazed).map { onsets[$0] }
    }

    /// Forgets everything played (a new question, or an answer set aside).
    public mutating func reset() {
        onsets.removeAll()
        releases.removeAll()
    }

    private func isGrazed(_ index: Int) -> Bool {
        guard let release = releases[index] else { return false }
        let note = onsets[index]
        return Int(note.velocity.rawValue) <= grazeVelocity && release - note.time < Self.grazeDuration
    }

    private var counted: [PlayedNote] {
        onsets.indices.filter { !isGrazed($0) }.map { onsets[$0] }
    }

    /// The counted notes whose onset after the first counted one passes `test`, in onset order.
    private func within(_ test: (Double) -> Bool) -> [PlayedNote] {
        guard let first = firstOnset else { return [] }
        return onsets.enumerated()
            .filter { !isGrazed($0.offset) && test($0.element.time - first) }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }
}
