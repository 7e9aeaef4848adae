// ReportCache: the report and its words and charts kept until the store changes, so a busy page is cheap.

import Synchronization

/// The parts of the pages that are computed from the whole store, kept per language and note range until the
/// store's generation changes (an answer stored, the store read anew): the report itself (a
/// ``PeachText/ProfileReport``: its fits are what costs), made once a generation whatever parts are asked, and
/// each part made from it (a summary, a chart's SVG). Under load every request after the first of a generation
/// is a lookup; two requests that miss at once may both compute (as many as Swift's task threads), never more.
final class ReportCache<Report: Sendable>: Sendable {
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

    private struct Scope: Hashable {
        let language: String
        let range: String
    }

    private struct Key: Hashable {
        let scope: Scope
        let item: Item
    }

    private struct Kept: Sendable {
        var generation = -1
        var reports: [Scope: Report] = [:]
        var entries: [Key: [String]] = [:]

        /// Starts `generation` when it is newer; whether what is kept is of it.
        mutating func enter(_ generation: Int) -> Bool {
            if self.generation < generation { self = Kept(generation: generation) }
            return self.generation == generation
        }
    }

    private let state = Mutex(Kept())

    /// An empty cache.
    init() {}

    /// `item` for `generation` of the store in `language` over `range`: kept, or made by `make` from the
    /// generation's report (kept, or made by `report` and kept), and kept.
    func value(
        generation: Int, language: String, range: String, item: Item, report: () -> Report,
        make: (Report) -> [String]
    ) -> [String] {
        let scope = Scope(language: language, range: range)
        let key = Key(scope: scope, item: item)
        let kept = state.withLock { kept -> (value: [String]?, report: Report?) in
            guard kept.generation == generation else { return (nil, nil) }
            return (kept.entries[key], kept.reports[scope])
        }
        if let value = kept.value { return value }
        let made = kept.report ?? report()
        let value = make(made)
        state.withLock { kept in
            guard kept.enter(generation) else { return }
            kept.reports[scope] = made
            kept.entries[key] = value
        }
        return value
    }
}
