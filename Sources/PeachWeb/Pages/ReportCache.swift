// ReportCache: the report's words and charts kept until the store changes, so a busy page is cheap.

import Synchronization

/// The parts of the pages that are computed from the whole store (a ``PeachText/ProfileReport``: tens of
/// milliseconds for a lifetime of answers), kept per language and note range until the store's generation
/// changes (an answer stored, the store read anew). Under load every request after the first of a generation
/// is a lookup; two requests that miss at once may both compute (as many as Swift's task threads), never more.
final class ReportCache: Sendable {
    /// What is kept.
    enum Item: Hashable, Sendable {
        /// The report's title and its summary lines.
        case summary
        /// `peach profile --progress`'s lines for so many weeks.
        case progressLines(weeks: Int)
        /// The profile chart's SVG, drawn for a desktop's page or a phone's (`phone`).
        case profileChart(phone: Bool)
        /// The progress chart's SVG for so many weeks, drawn for a desktop's page or a phone's.
        case progressChart(weeks: Int, phone: Bool)
    }

    private struct Key: Hashable {
        let language: String
        let range: String
        let item: Item
    }

    private let state = Mutex<(generation: Int, entries: [Key: [String]])>((-1, [:]))

    /// An empty cache.
    init() {}

    /// `item` for `generation` of the store in `language` over `range`: kept, or made by `make` and kept.
    func value(
        generation: Int, language: String, range: String, item: Item, make: () -> [String]
    ) -> [String] {
        let key = Key(language: language, range: range, item: item)
        let kept = state.withLock { state -> [String]? in
            if state.generation != generation { return nil }
            return state.entries[key]
        }
        if let kept { return kept }
        let made = make()
        state.withLock { state in
            if state.generation < generation { state = (generation, [:]) }
            if state.generation == generation { state.entries[key] = made }
        }
        return made
    }
}
