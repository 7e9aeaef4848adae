// EchoLevel: rhythm echo's difficulty, following the player's scores.

/// The level rhythm echo draws its bars at (``EchoRhythm``): three echoes in a row scoring at least
/// ``promotion`` move it up a level, two in a row below ``demotion`` move it down; it starts where the store's
/// last echo left it.
public struct EchoLevel: Hashable, Sendable {
    /// The score that counts towards the next level.
    public static let promotion = 0.8
    /// The score that counts towards the level below.
    public static let demotion = 0.5
    /// Echoes in a row at or above ``promotion`` to move up.
    public static let upStreak = 3
    /// Echoes in a row below ``demotion`` to move down.
    public static let downStreak = 2

    /// The level, 1 … ``EchoRhythm/maxLevel``.
    public private(set) var level: Int
    private var good = 0
    private var poor = 0

    /// A level to start at (clamped to 1 … ``EchoRhythm/maxLevel``).
    public init(level: Int = 1) { self.level = max(1, min(level, EchoRhythm.maxLevel)) }

    /// Counts a scored echo; returns whether the level changed.
    @discardableResult
    public mutating func count(score: Double) -> Bool {
        good = score >= Self.promotion ? good + 1 : 0
        poor = score < Self.demotion ? poor + 1 : 0
        if good >= Self.upStreak, level < EchoRhythm.maxLevel {
            level += 1
            good = 0
            return true
        }
        if poor >= Self.downStreak, level > 1 {
            level -= 1
            poor = 0
            return true
        }
        return false
    }
}
