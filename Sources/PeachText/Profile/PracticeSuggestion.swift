// PracticeSuggestion: one thing to practise next, from the profile's confusions and weak spots, with its command.

import PeachCore

/// What to practise next, said as a teacher would, with the command that does it. From the play-back history:
/// first the confusion heard most often (at least ``leastConfusions`` times): the two items side by side
/// (`peach play --items` with both); else the weakest item in play not yet mastered after at least
/// ``leastAnswers`` answers, alone. Nil when neither stands out (a player with only pitch training is told
/// nothing: its threshold and trend speak already).
public struct PracticeSuggestion: Sendable {
    /// How often a confusion must have been heard to be suggested.
    public static let leastConfusions = 2
    /// How many answers an item needs before it can be called weak.
    public static let leastAnswers = 6
    /// The share right below which an item in play is weak.
    public static let weakShare = 0.6

    /// The sentence; nil when nothing stands out.
    public let sentence: String?

    /// The suggestion for `history` in `texts`' language.
    public init(history: PlayBackHistory, texts: Texts) {
        var confusion: (item: PlayBackItem, heard: PlayBackItem, count: Int)?
        for (item, record) in history.items {
            for (id, count) in record.heardAs where count >= Self.leastConfusions {
                guard let heard = PlayBackItem(id: id), heard.kind == item.kind else { continue }
                if let best = confusion, (best.count, best.item.id) >= (count, item.id) { continue }
                confusion = (item, heard, count)
            }
        }
        if let confusion {
            let command = Self.command(confusion.item.kind, items: [confusion.item, confusion.heard])
            sentence = texts.tr(
                "Next: tell \(texts.itemName(confusion.item)) from \(texts.itemName(confusion.heard)) — you heard the one as the other \(confusion.count) times: \(command)"
            )
            return
        }
        // The lowest share right, then the first id: plain steps (a tuple of products is slow to type-check).
        var weak: (item: PlayBackItem, record: PlayBackHistory.ItemRecord)?
        for (item, record) in history.items where record.answers >= Self.leastAnswers {
            let share: Double = Double(record.correct) / Double(record.answers)
            guard share < Self.weakShare, !record.mastery.isMastered else { continue }
            if let best = weak {
                let bestShare: Double = Double(best.record.correct) / Double(best.record.answers)
                if bestShare < share || (bestShare == share && best.item.id < item.id) { continue }
            }
            weak = (item, record)
        }
        if let (item, record) = weak {
            let share = texts.format(Double(record.correct) / Double(record.answers) * 100, 0)
            sentence = texts.tr(
                "Next: practise \(texts.itemName(item)) on its own — \(share) % of \(texts.answers(record.answers)) right so far: \(Self.command(item.kind, items: [item]))"
            )
            return
        }
        sentence = nil
    }

    /// `peach play --kind degrees --items 5-major,b6-major`.
    static func command(_ kind: PlayBackKind, items: [PlayBackItem]) -> String {
        "peach play --kind \(kind.rawValue) --items \(items.map(\.id).joined(separator: ","))"
    }
}
