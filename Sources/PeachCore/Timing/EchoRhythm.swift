// EchoRhythm: a one-bar rhythm to echo on a pad: four beats, each a figure of rhythm echo's vocabulary.

/// A bar of four beats for rhythm echo, each beat a figure: a quarter, two eighths, or a pattern of the
/// catalogue (``TimingPattern``). Written as the beats' names separated by spaces: `4:x-xx 2:xx 3:xxx 1:x`.
///
/// The vocabulary grows in six levels, each adding figures to the ones before: 1 quarters and eighths;
/// 2 sixteenths (`4:xxxx`, `4:x-xx`, `4:xxx-`); 3 syncopated sixteenths (`4:xx-x`, `4:x--x`); 4 triplets;
/// 5 sextuplets and the dotted triplet figure; 6 quintuplets and septuplets. A bar of a level draws its beats
/// from the level's vocabulary with at least one of the figures the level adds.
public struct EchoRhythm: Hashable, Sendable, CustomStringConvertible {
    /// The beats of a bar.
    public static let beatsPerBar = 4
    /// The highest level.
    public static let maxLevel = 6

    /// The figures each level adds, level 1 first.
    static let additions: [[TimingPattern]] = [
        [.quarter, .eighths],
        ["4:xxxx", "4:x-xx", "4:xxx-"].compactMap(TimingPattern.named),
        ["4:xx-x", "4:x--x"].compactMap(TimingPattern.named),
        ["3:xxx", "3:xx-", "3:x-x"].compactMap(TimingPattern.named),
        ["6:x-x--x", "6:xxxxxx"].compactMap(TimingPattern.named),
        ["5:xxxxx", "7:xxxxxxx"].compactMap(TimingPattern.named),
    ]

    /// The four beats.
    public let beats: [TimingPattern]

    /// A bar of `beats` (four figures of the vocabulary); nil otherwise.
    public init?(beats: [TimingPattern]) {
        guard beats.count == Self.beatsPerBar, beats.allSatisfy({ Self.level(of: $0) != nil }) else {
            return nil
        }
        self.beats = beats
    }

    /// A bar as ``description`` writes it; nil for anything else.
    public init?(text: String) {
        let names = text.split(separator: " ").map(String.init)
        let beats = names.compactMap(TimingPattern.beat(named:))
        guard beats.count == names.count else { return nil }
        self.init(beats: beats)
    }

    /// `4:x-xx 2:xx 3:xxx 1:x`.
    public var description: String { beats.map(\.id).joined(separator: " ") }

    /// The figures `level` adds to the vocabulary (none outside 1 … ``maxLevel``).
    public static func additions(level: Int) -> [TimingPattern] {
        (1...maxLevel).contains(level) ? additions[level - 1] : []
    }

    /// The level a figure belongs to (1–6), nil for one outside the vocabulary.
    public static func level(of figure: TimingPattern) -> Int? {
        additions.firstIndex { $0.contains(figure) }.map { $0 + 1 }
    }

    /// Every figure up to `level`.
    public static func vocabulary(level: Int) -> [TimingPattern] {
        additions.prefix(max(1, min(level, maxLevel))).flatMap { $0 }
    }

    /// The bar's level: its hardest figure's.
    public var level: Int { beats.compactMap(Self.level(of:)).max() ?? 1 }

    /// The family of the bar's hardest figure (the one the profile counts it under).
    public var family: TimingPattern.Family {
        beats.max { (Self.level(of: $0) ?? 0) < (Self.level(of: $1) ?? 0) }?.family ?? .simple
    }

    /// Every note's place in the bar, beats from its start (0, 0.5, 1.25 …), in order.
    public var onsets: [Double] {
        beats.enumerated().flatMap { beat, figure in
            figure.notes.map { Double(beat) + Double($0) / Double(figure.steps) }
        }
    }

    /// The shortest distance between two notes, beats, counting the next bar's first note.
    public var shortestGap: Double {
        let onsets = self.onsets
        return zip(onsets, onsets.dropFirst() + [Double(Self.beatsPerBar)]).map { $1 - $0 }.min() ?? 1
    }

    /// A random bar of `level`: four figures of its vocabulary, at least one of them one the level adds.
    public static func random(level: Int, using generator: inout some RandomNumberGenerator) -> EchoRhythm {
        let level = max(1, min(level, maxLevel))
        let vocabulary = vocabulary(level: level)
        var beats = (0..<beatsPerBar).map { _ in vocabulary.randomElement(using: &generator) ?? .quarter }
        let newest = additions[level - 1]
        if !beats.contains(where: newest.contains) {
            beats[Int.random(in: 0..<beatsPerBar, using: &generator)] =
                newest.randomElement(using: &generator) ?? .quarter
        }
        return EchoRhythm(uncheckedBeats: beats)
    }

    private init(uncheckedBeats beats: [TimingPattern]) { self.beats = beats }
}
