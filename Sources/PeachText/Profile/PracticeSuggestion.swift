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
        // The history's own confusion tables, most often heard first (ties: the first kind, the first item).
        let confusions = PlayBackKind.allCases.flatMap { history.confusions(of: $0) }
            .filter { $0.count >= Self.leastConfusions }
            .compactMap { entry in PlayBackItem(id: entry.heardAs).map { (entry.asked, $0, entry.count) } }
        if let (asked, heard, count) = confusions.max(by: { $0.2 < $1.2 }) {
            let command = Self.command(asked.kind, items: [asked, heard])
            sentence = texts.tr(
                "Next: tell \(texts.itemPhrase(asked)) from \(texts.itemPhrase(heard)) — you heard the one as the other \(count) times: \(command)"
            )
            return
        }
        let weak = PlayBackKind.allCases.flatMap { history.weakest(of: $0) }
            .filter { $0.record.answers >= Self.leastAnswers && !$0.record.mastery.isMastered }
            .filter { Self.share($0.record) < Self.weakShare }
            .min { Self.share($0.record) < Self.share($1.record) }
        if let (item, record) = weak {
            let share = texts.format(Self.share(record) * 100, 0)
            sentence = texts.tr(
                "Next: practise \(texts.itemPhrase(item)) on its own — \(share) % of \(texts.answers(record.answers)) right so far: \(Self.command(item.kind, items: [item]))"
            )
            return
        }
        sentence = nil
    }

    /// The share of an item's answers that were right.
    static func share(_ record: PlayBackHistory.ItemRecord) -> Double {
        Double(record.correct) / Double(max(record.answers, 1))
    }

    /// `peach play --kind degrees --items 5-major,b6-major`.
    static func command(_ kind: PlayBackKind, items: [PlayBackItem]) -> String {
        "peach play --kind \(kind.rawValue) --items \(items.map(\.id).joined(separator: ","))"
    }
}
