// PlayBackScheduler: the adaptive choice of the next play-back item: weak and stale items first, new ones unlocked.

/// Chooses what to ask next. With a fixed item list (`--items`) every item is active. Otherwise the kind's
/// catalogue (``PlayBackItem/catalogue(of:)``) is unlocked in order: a new player starts with its first
/// ``PlayBackItem/startingCount(of:)`` items, and whenever every active item is mastered (``ItemMastery``: at
/// least 6 recent answers with a posterior mean accuracy of at least 0.8) the next item joins them.
///
/// Among the active items the next is drawn at random with weight `(1 − estimate) + 0.5 × staleness + 0.05`:
/// the estimate is the item's posterior mean accuracy; staleness grows from 0 (asked just now) to 1 (not asked
/// for as many answers as there are active items, or never). A new item is thus asked soon and often until it
/// is learnt, a weak one comes back, a mastered one still now and then. The same item is not asked twice in a
/// row when there is another.
public struct PlayBackScheduler: Sendable {
    /// The options (kind and a fixed item list, if any).
    public let options: PlayBackOptions

    /// A scheduler for `options`.
    public init(options: PlayBackOptions) {
        self.options = options
    }

    /// The items that may be asked now.
    public func activeItems(_ history: PlayBackHistory) -> [PlayBackItem] {
        if let items = options.items, !items.isEmpty { return items }
        let catalogue = PlayBackItem.catalogue(of: options.kind)
        var count = min(PlayBackItem.startingCount(of: options.kind), catalogue.count)
        while count < catalogue.count,
            catalogue[..<count].allSatisfy({
                (history.items[$0]?.mastery ?? ItemMastery(recent: [])).isMastered
            })
        {
            count += 1
        }
        return Array(catalogue[..<count])
    }

    /// The next item to ask, given the history and the item asked last.
    public func next(
        _ history: PlayBackHistory, after previous: PlayBackItem?,
        using generator: inout some RandomNumberGenerator
    ) -> PlayBackItem? {
        var active = activeItems(history)
        if active.count > 1, let previous { active.removeAll { $0 == previous } }
        guard !active.isEmpty else { return nil }
        let span = Double(max(active.count, 1))
        let weights = active.map { item -> Double in
            let record = history.items[item]
            let estimate = record?.mastery.estimate ?? 0.5
            let staleness =
                record.map { min(1, Double(history.answerCount - $0.lastAnswer) / span) } ?? 1
            return (1 - estimate) + 0.5 * staleness + 0.05
        }
        var point = Double.random(in: 0..<weights.reduce(0, +), using: &generator)
        for (item, weight) in zip(active, weights) {
            if point < weight { return item }
            point -= weight
        }
        return active.last
    }
}
