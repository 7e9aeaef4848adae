// TimingPattern: a one-beat rhythm of offset detection, from the catalogue: its grid and which steps sound.

/// A one-beat rhythm that offset detection loops: the beat is cut into ``steps`` equal steps (4 for
/// sixteenths, 3 for triplets, 5 for quintuplets …) and some of them sound.
///
/// A pattern is named by its notation, which is also what the store keeps: the steps per beat, a colon, then
/// one character a step, `x` a note and `-` a rest. `4:xxxx` is four straight sixteenths, `4:x-xx` an eighth
/// and two sixteenths, `3:x-x` a triplet with its middle note left out. Every pattern of the
/// ``catalogue`` starts on the beat and has two notes one step apart somewhere in its loop (counting the next
/// beat's first note), so its shortest step is the grid step: the offset's size is a share of that step
/// (``stepDuration(at:)``), as it was a share of a sixteenth for straight sixteenths.
public struct TimingPattern: Hashable, Sendable, CustomStringConvertible {
    /// The family a pattern belongs to: thresholds are kept per family in the profile.
    public enum Family: String, CaseIterable, Hashable, Sendable {
        /// Four steps a beat: straight and gapped sixteenths.
        case sixteenths
        /// Three steps a beat (and the dotted triplet figure on six): triplets.
        case triplets
        /// Six steps a beat.
        case sextuplets
        /// Five steps a beat: a figure across the beat's natural divisions.
        case quintuplets
        /// Seven steps a beat.
        case septuplets
        /// A quarter or two eighths: the plainest beats of rhythm echo (not played by offset detection).
        case simple

        /// The families offset detection and fill the gap play: those of the ``catalogue``.
        public static let catalogued: [Family] = allCases.filter { $0 != .simple }
    }

    /// The steps a beat is cut into.
    public let steps: Int
    /// The steps that sound, from 0, in order; the first is 0 (the beat).
    public let notes: [Int]
    /// The family.
    public let family: Family

    private init(_ steps: Int, _ rhythm: String, _ family: Family) {
        self.steps = steps
        notes = rhythm.enumerated().filter { $0.element == "x" }.map(\.offset)
        self.family = family
    }

    /// A quarter: the beat alone (rhythm echo's plainest beat).
    public static let quarter = TimingPattern(1, "x", .simple)
    /// Two eighths (rhythm echo).
    public static let eighths = TimingPattern(2, "xx", .simple)

    /// Four straight sixteenths: what Peach on iOS played, and what a record without a pattern was.
    public static let straightSixteenths = TimingPattern(4, "xxxx", .sixteenths)

    /// The steps a beat and the family of `pattern`, straight sixteenths' where there is none (a record written
    /// before patterns): all of a pattern the timing profile files.
    @inline(__always)
    public static func grid(of pattern: TimingPattern?) -> (steps: Int, family: Family) {
        guard let pattern else { return (straightSixteenths.steps, straightSixteenths.family) }
        return (pattern.steps, pattern.family)
    }

    /// Every pattern offset detection plays, family by family, in the order `all` rotates through them.
    public static let catalogue: [TimingPattern] = [
        straightSixteenths,
        TimingPattern(4, "x-xx", .sixteenths),
        TimingPattern(4, "xx-x", .sixteenths),
        TimingPattern(4, "xxx-", .sixteenths),
        TimingPattern(4, "x--x", .sixteenths),
        TimingPattern(3, "xxx", .triplets),
        TimingPattern(3, "xx-", .triplets),
        TimingPattern(3, "x-x", .triplets),
        // The dotted triplet figure: a triplet eighth, a dotted triplet eighth, a triplet sixteenth.
        TimingPattern(6, "x-x--x", .triplets),
        TimingPattern(6, "xxxxxx", .sextuplets),
        TimingPattern(5, "xxxxx", .quintuplets),
        TimingPattern(7, "xxxxxxx", .septuplets),
    ]

    /// The pattern's name and notation, e.g. `4:x-xx`.
    public var id: String {
        "\(steps):" + String((0..<steps).map { notes.contains($0) ? "x" : "-" })
    }

    /// `4:x-xx`.
    public var description: String { id }

    /// The pattern of the catalogue named `id`, nil for any other.
    public static func named(_ id: String) -> TimingPattern? {
        catalogue.first { $0.id == id }
    }

    /// The pattern of the catalogue, or a quarter or two eighths, named `id` (rhythm echo's beats).
    public static func beat(named id: String) -> TimingPattern? {
        [quarter, eighths].first { $0.id == id } ?? named(id)
    }

    /// Reads a list of patterns as a user types it: pattern names (`4:x-xx`), family names (`triplets`) or
    /// `all`, separated by commas; each pattern once, in the catalogue's order.
    /// - Throws: ``DomainValueError/invalidTimingPatterns(_:)`` when a part names nothing, or nothing is named.
    public static func parseList(_ text: String) throws(DomainValueError) -> [TimingPattern] {
        var chosen = Set<TimingPattern>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmingWhitespace()
            if name == "all" {
                chosen.formUnion(catalogue)
            } else if let family = Family(rawValue: name), family != .simple {
                chosen.formUnion(catalogue.filter { $0.family == family })
            } else if let pattern = named(name) {
                chosen.insert(pattern)
            } else {
                throw .invalidTimingPatterns(text)
            }
        }
        guard !chosen.isEmpty else { throw .invalidTimingPatterns(text) }
        return catalogue.filter(chosen.contains)
    }

    /// A list of patterns as ``parseList(_:)`` reads it back: `all`, whole families by name, the rest by id.
    public static func listText(_ patterns: [TimingPattern]) -> String {
        let chosen = Set(patterns)
        if chosen == Set(catalogue) { return "all" }
        var parts: [String] = []
        for family in Family.catalogued {
            let members = catalogue.filter { $0.family == family }
            if Set(members).isSubset(of: chosen) {
                parts.append(family.rawValue)
            } else {
                parts += members.filter(chosen.contains).map(\.id)
            }
        }
        return parts.joined(separator: ",")
    }

    /// The steps (from 1) where the pattern rests: fill the gap's gaps, when it plays the pattern.
    public var rests: [Int] { (0..<steps).filter { !notes.contains($0) }.map { $0 + 1 } }

    /// The patterns of the catalogue fill the gap can play: those with a rest to strike.
    public static var withRests: [TimingPattern] { catalogue.filter { !$0.rests.isEmpty } }

    /// The positions (steps from 1) the offset note may fall on: every note but the first, which sets the time
    /// the others are heard against.
    public var offsetPositions: [Int] { notes.dropFirst().map { $0 + 1 } }

    /// The offset position nearest to `requested` (a step from 1): `requested` itself when a note other than
    /// the first sounds there, else the nearest such note, the later one on a tie.
    public func offsetPosition(nearest requested: Int) -> Int {
        offsetPositions.min { first, second in
            let (a, b) = (abs(first - requested), abs(second - requested))
            return a != b ? a < b : first > second
        } ?? requested
    }

    /// The length of one step at `tempo`, seconds: the beat over ``steps`` (187.5 ms for a sixteenth at 80 BPM).
    public func stepDuration(at tempo: Tempo) -> Double { tempo.beat / Double(steps) }
}
