// PlayBackReport: the play-back section of `peach profile`: accuracy, weak spots, confusions, weeks; JSON; SVG.

import Foundation
import PeachCore
import PeachTraining

/// The play-back section of the profile, per kind: answers and accuracy (with its likely range), the items in
/// play and how many are mastered, the weak spots first (lowest estimate, with accuracy and median response time), the confusion
/// table (what each item was heard as when it was wrong), and the answers week by week. As lines, as JSON, and
/// as an SVG confusion table.
public struct PlayBackReport: Sendable {
    /// The play-back history.
    public let history: PlayBackHistory
    /// The language.
    public let texts: Texts

    /// How many weak spots and confusions the profile's lines show per kind.
    public static let shownPerKind = 4

    /// A report of `history`.
    public init(history: PlayBackHistory, texts: Texts) {
        self.history = history
        self.texts = texts
    }

    /// The kinds with answers.
    public var kinds: [PlayBackKind] { PlayBackKind.allCases.filter { history.totals(of: $0).answers > 0 } }

    /// `73 %`.
    func percent(_ correct: Int, of answers: Int) -> String {
        answers == 0 ? "–" : "\(Int((Double(correct) / Double(answers) * 100).rounded())) %"
    }

    /// `65–79 %`: the likely range of the accuracy behind `correct` of `answers` (``AccuracyEstimate``), in whole
    /// percents; it holds the share ``percent(_:of:)`` shows.
    func likelyRange(_ correct: Int, of answers: Int) -> String {
        texts.likelyPercents(AccuracyEstimate(correct: correct, of: answers))
    }

    /// The section's lines (none without play-back answers); `all` lists every item and confusion; `only`
    /// shows one kind.
    public func lines(all: Bool = false, only: PlayBackKind? = nil) -> [String] {
        var result: [String] = []
        for kind in kinds where only == nil || only == kind {
            let totals = history.totals(of: kind)
            let active = inPlay(kind)
            let mastered = active.count { history.items[$0]?.mastery.isMastered == true }
            result.append(
                texts.tr(
                    "\(texts.playBackKindName(kind)): \(texts.answers(totals.answers)), "
                        + "\(percent(totals.correct, of: totals.answers)) right "
                        + "(likely range \(likelyRange(totals.correct, of: totals.answers))) · "
                        + "\(mastered) of \(active.count) items mastered"))
            let weak = history.weakest(of: kind)
            for (item, record) in all ? weak : Array(weak.prefix(Self.shownPerKind)) {
                let median =
                    record.medianResponseTime.map { texts.tr(", median \(texts.format($0, 1)) s") } ?? ""
                let mark = record.mastery.isMastered ? " ✔" : ""
                result.append(
                    "  " + texts.itemName(item) + ": "
                        + texts.tr(
                            "\(percent(record.correct, of: record.answers)) of \(texts.answers(record.answers)) "
                                + "(likely range \(likelyRange(record.correct, of: record.answers)))\(median)"
                        )
                        + mark)
            }
            let elsewhere = history.elsewhere(of: kind)
            if elsewhere > 0 {
                result.append(
                    "  "
                        + texts.tr(
                            "The right item in another octave, voicing or on another root: \(texts.answers(elsewhere))"
                        ))
            }
            if kind == .melodies, !history.melodyPositions.isEmpty {
                // Where memory gives out: the share of notes right at each place in the phrase.
                let places = history.melodyPositions.sorted { $0.key < $1.key }.map {
                    "\($0.key) \(percent($0.value.correct, of: $0.value.answers)) "
                        + "(\(likelyRange($0.value.correct, of: $0.value.answers)))"
                }
                result.append(
                    "  " + texts.tr("Notes right by place in the phrase: \(places.joined(separator: " · "))"))
            }
            if kind == .melodies, !history.melodyTiming.isEmpty {
                // In tempo: how far from the grid, on mean, the notes at each place were played, each mean with
                // its likely range (`2 +4 (+1 to +7)`).
                var places: [String] = []
                for (place, offsets) in history.melodyTiming.sorted(by: { $0.key < $1.key }) {
                    guard let mean = offsets.mean else { continue }
                    var text = String(place) + " " + texts.signedWholeMilliseconds(mean)
                    if let range = offsets.likelyRangeOfMean {
                        let (low, high) = (
                            texts.signedWholeMilliseconds(range.lowerBound),
                            texts.signedWholeMilliseconds(range.upperBound)
                        )
                        text += " " + texts.tr("(\(low) to \(high))")
                    }
                    places.append(text)
                }
                result.append(
                    "  " + texts.tr("In tempo, mean offset by place (ms): \(places.joined(separator: " · "))")
                )
            }
            let confusions = kind == .melodies ? [] : history.confusions(of: kind)
            if !confusions.isEmpty {
                result.append("  " + texts.tr("Heard as:"))
                for confusion in all ? confusions : Array(confusions.prefix(Self.shownPerKind)) {
                    result.append(
                        "    "
                            + texts.tr(
                                "\(texts.itemName(confusion.asked)) → \(texts.heardAsName(confusion.heardAs)) "
                                    + "(\(confusion.count)×)"))
                }
            }
        }
        return result.isEmpty ? [] : [texts.tr("Play back:")] + result
    }

    /// The items of `kind` in play: the adaptive pace's, and every item answered (also one practised with
    /// `--items` outside them), in the catalogue's order.
    func inPlay(_ kind: PlayBackKind) -> [PlayBackItem] {
        let adaptive = Set(PlayBackScheduler(options: PlayBackOptions(kind: kind)).activeItems(history))
        let answered = Set(history.items.keys.filter { $0.kind == kind })
        return adaptive.union(answered).sorted { PlayBackReport.order($0) < PlayBackReport.order($1) }
    }

    /// The weeks of each kind (`peach profile --progress`): the last ``shownWeeks`` with answers, with their
    /// answers and share right.
    public var weekLines: [String] {
        var result: [String] = []
        for kind in kinds {
            let weeks = (history.weeks[kind] ?? [:]).sorted { $0.key < $1.key }.suffix(Self.shownWeeks)
            result.append("  " + texts.playBackKindName(kind) + ":")
            for (week, tally) in weeks {
                result.append(
                    "    " + ProgressHistory.Week.isoWeek(number: week) + "  "
                        + texts.tr(
                            "\(texts.answers(tally.answers)), \(percent(tally.correct, of: tally.answers)) right"
                        ))
            }
        }
        return result.isEmpty ? [] : [texts.tr("Play back, week by week:")] + result
    }

    /// How many weeks `--progress` lists per kind.
    public static let shownWeeks = 26

    /// The headline for the start screen: `Play back: intervals 82 % (likely range 75–87 %, 40 answers)` of each
    /// kind trained, every share with its likely range as the profile gives it.
    public var summary: String? {
        let parts = kinds.map { kind -> String in
            let totals = history.totals(of: kind)
            let (share, likely) = (
                percent(totals.correct, of: totals.answers), likelyRange(totals.correct, of: totals.answers)
            )
            return texts.tr(
                "\(texts.playBackKindName(kind)) \(share) (likely range \(likely), \(texts.answers(totals.answers)))"
            )
        }
        return parts.isEmpty ? nil : texts.tr("Play back: ") + parts.joined(separator: " · ")
    }

    /// The numbers.
    public var model: [PlayBackJSON] {
        kinds.map { kind in
            let totals = history.totals(of: kind)
            let active = Set(inPlay(kind))
            let range = AccuracyEstimate(correct: totals.correct, of: totals.answers).likelyRange
            var json = PlayBackJSON(
                kind: kind.rawValue, answers: totals.answers, correct: totals.correct,
                lower68: range.lowerBound, upper68: range.upperBound, elsewhere: history.elsewhere(of: kind),
                items: history.weakest(of: kind).map { item, record in
                    let range = AccuracyEstimate(correct: record.correct, of: record.answers).likelyRange
                    return PlayBackJSON.Item(
                        item: item.id, answers: record.answers, correct: record.correct,
                        lower68: range.lowerBound, upper68: range.upperBound, elsewhere: record.elsewhere,
                        estimate: record.mastery.estimate, mastered: record.mastery.isMastered,
                        inPlay: active.contains(item), medianResponseTime: record.medianResponseTime)
                },
                confusions: history.confusions(of: kind).map {
                    PlayBackJSON.Confusion(asked: $0.asked.id, heardAs: $0.heardAs, count: $0.count)
                },
                weeks: (history.weeks[kind] ?? [:]).sorted { $0.key < $1.key }.map { week, tally in
                    PlayBackJSON.Week(
                        week: ProgressHistory.Week.isoWeek(number: week), answers: tally.answers,
                        correct: tally.correct)
                })
            if kind == .melodies {
                json.positions = history.melodyPositions.sorted { $0.key < $1.key }.map {
                    let range = AccuracyEstimate(correct: $0.value.correct, of: $0.value.answers).likelyRange
                    var position = PlayBackJSON.Position(
                        position: $0.key, answers: $0.value.answers, correct: $0.value.correct,
                        lower68: range.lowerBound, upper68: range.upperBound)
                    let offsets = history.melodyTiming[$0.key]
                    position.meanOffsetMs = offsets?.mean
                    position.offsetLower68 = offsets?.likelyRangeOfMean?.lowerBound
                    position.offsetUpper68 = offsets?.likelyRangeOfMean?.upperBound
                    position.meanAbsoluteOffsetMs = offsets?.meanAbsolute
                    return position
                }
            }
            return json
        }
    }

    /// The confusion table of `kind` as a standalone SVG document: a row per item asked, a column per item
    /// answered (the same items, then `incomplete`, `extra`, `far` and `other` for the misses that are no item,
    /// then `elsewhere` for the right item in another octave, voicing or on another root when there are such
    /// answers); each cell's shade is the share of the row's answers, green on the diagonal (right), amber for
    /// elsewhere, red for the rest (heard as), with the count written in it. Every answer is in one cell: a row's
    /// cells add up to its answers.
    public func svg(kind: PlayBackKind) -> String {
        let escape = SVGChartRenderer.escape
        let rows = history.items.filter { $0.key.kind == kind }.map(\.key)
            .sorted { PlayBackReport.order($0) < PlayBackReport.order($1) }
        var columns = rows.map(\.id)
        for row in rows {
            for heard in history.items[row]?.heardAs.keys.sorted() ?? [] where !columns.contains(heard) {
                columns.append(heard)
            }
        }
        let elsewhereColumn = "=elsewhere"
        if rows.contains(where: { (history.items[$0]?.elsewhere ?? 0) > 0 }) {
            columns.append(elsewhereColumn)
        }
        let title = texts.tr("Peach: what you hear as what (\(texts.playBackTitle(kind)))")
        let rowNames = rows.map(texts.itemName)
        let labelWidth = (rowNames.map { ChartLayout.textWidth($0, size: 10) }.max() ?? 60) + 16
        let cell = 30.0
        let top = 130.0
        let width = max(
            labelWidth + cell * Double(columns.count) + 20, ChartLayout.textWidth(title, size: 13) + 16)
        let height = top + cell * Double(max(rows.count, 1)) + 60
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="10">
            <title>\(escape(title))</title>
            <rect width="100%" height="100%" fill="white"/>
            <text x="8" y="20" font-size="13" font-weight="bold">\(escape(title))</text>
            <rect x="8" y="30" width="12" height="12" fill="rgb(49,163,84)"/>
            <text x="24" y="40">\(escape(texts.tr("right (row: the item asked)")))</text>
            <rect x="8" y="46" width="12" height="12" fill="rgb(222,45,38)"/>
            <text x="24" y="56">\(escape(texts.tr("heard as (column: what you played); darker = more often")))</text>
            <rect x="8" y="62" width="12" height="12" fill="rgb(230,145,20)"/>
            <text x="24" y="72">\(escape(texts.tr("elsewhere: the right item in another octave, voicing or on another root")))</text>

            """
        for (index, id) in columns.enumerated() {
            let x = labelWidth + cell * Double(index) + cell / 2
            let label =
                id == elsewhereColumn ? texts.tr("elsewhere") : texts.heardAsLabel(id)
            svg +=
                "<text x=\"\(x)\" y=\"\(top - 6)\" transform=\"rotate(-45 \(x) \(top - 6))\">\(escape(label))</text>\n"
        }
        for (rowIndex, item) in rows.enumerated() {
            let y = top + cell * Double(rowIndex)
            let record = history.items[item]
            svg += "<text x=\"8\" y=\"\(y + cell / 2 + 4)\">\(escape(rowNames[rowIndex]))</text>\n"
            let answers = max(record?.answers ?? 0, 1)
            for (columnIndex, id) in columns.enumerated() {
                let x = labelWidth + cell * Double(columnIndex)
                let count: Int
                let colour: String
                switch id {
                case item.id: (count, colour) = (record?.correct ?? 0, "49,163,84")
                case elsewhereColumn: (count, colour) = (record?.elsewhere ?? 0, "230,145,20")
                default: (count, colour) = (record?.heardAs[id] ?? 0, "222,45,38")
                }
                let share = Double(count) / Double(answers)
                svg += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(cell - 2)\" height=\"\(cell - 2)\" "
                svg +=
                    "fill=\"rgb(\(colour))\" fill-opacity=\"\(count == 0 ? 0.04 : 0.15 + 0.85 * share)\"/>\n"
                if count > 0 {
                    svg +=
                        "<text x=\"\(x + cell / 2 - 1)\" y=\"\(y + cell / 2 + 3)\" text-anchor=\"middle\">\(count)</text>\n"
                }
            }
        }
        if rows.isEmpty {
            svg +=
                "<text x=\"8\" y=\"\(top + 14)\">\(escape(texts.tr("No answers of this kind yet; try 'peach play'.")))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// An item's place in its kind's catalogue (rows and columns follow the order items unlock in).
    static func order(_ item: PlayBackItem) -> Int {
        PlayBackItem.catalogue(of: item.kind).firstIndex(of: item) ?? Int.max
    }
}

/// The play-back numbers of one kind in `peach profile --json`.
public struct PlayBackJSON: Encodable, Sendable {
    /// One item.
    public struct Item: Encodable, Sendable {
        /// Its id (`M3down`, `minor/1`).
        public let item: String
        /// Answers given.
        public let answers: Int
        /// Right answers.
        public let correct: Int
        /// The likely range of its accuracy, shares 0–1 (``AccuracyEstimate``).
        public let lower68, upper68: Double
        /// Answers that were the right item in another octave, voicing or on another root (no confusion).
        public let elsewhere: Int
        /// The mastery estimate: the Beta posterior mean of the recent accuracy.
        public let estimate: Double
        /// Whether it is mastered.
        public let mastered: Bool
        /// Whether the adaptive choice asks it now.
        public let inPlay: Bool
        /// The median of its recent response times, seconds.
        public let medianResponseTime: Double?
    }

    /// What an item was heard as, and how often.
    public struct Confusion: Encodable, Sendable {
        /// The item asked.
        public let asked: String
        /// The item the notes played are, or the kind of miss (`?incomplete`, `?extra`, `?far`, `?`:
        /// ``PlayBackHistory/heardAsKey(_:)``).
        public let heardAs: String
        /// How often.
        public let count: Int
    }

    /// One week.
    public struct Week: Encodable, Sendable {
        /// `2026-W47`.
        public let week: String
        /// Answers given.
        public let answers: Int
        /// Right answers.
        public let correct: Int
    }

    /// Melodies: one place in the phrase.
    public struct Position: Encodable, Sendable {
        /// The place, 1 for the first note.
        public let position: Int
        /// Notes asked there.
        public let answers: Int
        /// Notes played right there.
        public let correct: Int
        /// The likely range of the share right there, 0–1 (``AccuracyEstimate``).
        public let lower68, upper68: Double
        /// In tempo: the mean signed offset of the notes played there, ms (absent without such notes).
        public var meanOffsetMs: Double?
        /// In tempo: the likely range of that mean, ms (± one standard error; absent below two notes).
        public var offsetLower68, offsetUpper68: Double?
        /// In tempo: the mean size of their offsets, ms.
        public var meanAbsoluteOffsetMs: Double?
    }

    /// `notes`, `intervals`, `chords`, `degrees` or `melodies`.
    public let kind: String
    /// Answers given.
    public let answers: Int
    /// Right answers.
    public let correct: Int
    /// The likely range of the kind's accuracy, shares 0–1 (``AccuracyEstimate``).
    public let lower68, upper68: Double
    /// Answers that were the right item in another octave, voicing or on another root.
    public let elsewhere: Int
    /// The items answered, weakest first.
    public let items: [Item]
    /// The confusions, most often first.
    public let confusions: [Confusion]
    /// The weeks with answers, oldest first.
    public let weeks: [Week]
    /// Melodies: the accuracy at each place in the phrase, first note first (absent for the other kinds).
    public var positions: [Position]?
}
