// PlayBackScheduler: a teacher's pace for play-back: new items as the newest are learnt, spaced review of the rest.

/// Chooses what to ask next, as a teacher paces a student. With a fixed item list (`--items`) every item is in
/// play. Otherwise the kind's catalogue (``PlayBackItem/catalogue(of:)``) is opened in order:
///
/// - **Widening.** A new player starts with the first ``PlayBackItem/startingCount(of:)`` items. The next item
///   joins when at most one of the **newest** ``newestCount`` items in play is not yet mastered (``ItemMastery``:
///   at least 6 recent answers with a posterior mean accuracy of at least 0.8), so two new items are learnt side
///   by side, and when the player's level (``PlayBackHistory/level(of:)``: the share right of the kind's last 48
///   answers, at least 24 of them) is at least ``levelNeeded`` — not when every item is mastered at the same
///   moment, which a good player's ups and downs rarely allow. An item once asked stays in play (the set never
///   shrinks when an old item slips), so a placement (``placementItem(_:skipping:)``, one question per item in
///   order) starts the set further on.
/// - **Learning first, review spaced.** An item in play that is not mastered is *learning*; a mastered one is
///   reviewed. While any item is learning, a question is a review with probability ``reviewShare`` (else a
///   learning item), so a strong player spends most of the time on what is new. A learning item is drawn with
///   weight `(1 − estimate) + 0.5 × staleness + 0.05`; a review item with weight `staleness`, where a mastered
///   item grows stale over twice as many answers as there are items in play (spaced review: the more items in
///   play, the longer between reviews of each). Staleness grows from 0 (asked just now) to 1 (or never asked).
///   A review answered wrong makes the item learning again.
/// - The same item is not asked twice in a row when there is another.
public struct PlayBackScheduler: Sendable {
    /// The options (kind and a fixed item list, if any).
    public let options: PlayBackOptions
    /// The newest items in play of which all but one must be mastered before the next one joins.
    public static let newestCount = 3
    /// The share right of the kind's recent answers the player needs before the next item joins.
    public static let levelNeeded = 0.8
    /// The share of questions that review a mastered item while others are being learnt.
    public static let reviewShare = 0.15

    /// A scheduler for `options`.
    public init(options: PlayBackOptions) {
        self.options = options
    }

    /// A placement's next item: the first of the catalogue not answered yet and not in `asked`; nil when none is
    /// left (or with a fixed list).
    public func placementItem(_ history: PlayBackHistory, skipping asked: Set<PlayBackItem>) -> PlayBackItem?
    {
        guard options.items?.isEmpty ?? true else { return nil }
        return PlayBackItem.catalogue(of: options.kind).first {
            history.items[$0] == nil && !asked.contains($0)
        }
    }

    /// The items that may be asked now, in the catalogue's order: the starting set and every item answered so far
    /// (also one practised with `--items`), then each next item of the catalogue while the player is ready for it.
    public func activeItems(_ history: PlayBackHistory) -> [PlayBackItem] {
        if let items = options.items, !items.isEmpty { return items }
        let catalogue = PlayBackItem.catalogue(of: options.kind)
        let start = PlayBackItem.startingCount(of: options.kind)
        var active = catalogue.enumerated().filter { $0.offset < start || history.items[$0.element] != nil }
            .map(\.element)
        while let next = catalogue.first(where: { !active.contains($0) }),
            Self.isReadyForMore(active[...], of: options.kind, history)
        {
            active.append(next)
        }
        return active
    }

    /// Whether the player may take a new item of `kind`: all but one of the newest items in play mastered, the
    /// level high enough.
    static func isReadyForMore(
        _ active: ArraySlice<PlayBackItem>, of kind: PlayBackKind, _ history: PlayBackHistory
    ) -> Bool {
        func mastery(_ item: PlayBackItem) -> ItemMastery {
            history.items[item]?.mastery ?? ItemMastery(recent: [])
        }
        guard !active.isEmpty, active.suffix(newestCount).count(where: { !mastery($0).isMastered }) <= 1
        else {
            return false
        }
        let level = history.level(of: kind)
        return level.answers >= PlayBackHistory.levelLength / 2 && level.share >= levelNeeded
    }

    /// The next item to ask, given the history and the item asked last, among the items in play that `allowed`
    /// lets through (degrees: the block's mode); nil when none is.
    public func next(
        _ history: PlayBackHistory, after previous: PlayBackItem?,
        using generator: inout some RandomNumberGenerator,
        allowing allowed: (PlayBackItem) -> Bool = { _ in true }
    ) -> PlayBackItem? {
        var active = activeItems(history).filter(allowed)
        if active.count > 1, let previous { active.removeAll { $0 == previous } }
        guard !active.isEmpty else { return nil }
        let span = Double(max(active.count, 1))
        func staleness(_ item: PlayBackItem, over answers: Double) -> Double {
            history.items[item].map { min(1, Double(history.answerCount - $0.lastAnswer) / answers) } ?? 1
        }
        let isMastered = { (item: PlayBackItem) in history.items[item]?.mastery.isMastered == true }
        let learning = active.filter { !isMastered($0) }
        let review = active.filter(isMastered)
        let reviewing =
            learning.isEmpty
            || (!review.isEmpty && Double.random(in: 0..<1, using: &generator) < Self.reviewShare)
        let pool = reviewing ? review : learning
        let weights = pool.map { item -> Double in
            if reviewing { return staleness(item, over: 2 * span) + 0.01 }
            let estimate = history.items[item]?.mastery.estimate ?? 0.5
            return (1 - estimate) + 0.5 * staleness(item, over: span) + 0.05
        }
        var point = Double.random(in: 0..<weights.reduce(0, +), using: &generator)
        for (item, weight) in zip(pool, weights) {
            if point < weight { return item }
            point -= weight
        }
        return pool.last
    }
}
