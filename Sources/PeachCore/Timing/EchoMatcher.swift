// EchoMatcher: pairs the strikes of an echo with the notes of its rhythm, in order, nearest first.

/// Pairs an echo's strikes with the rhythm's notes: both in time order, a strike pairs with at most one note
/// and only within `tolerance` of it, pairs never cross (the n-th note's strike is before the (n+1)-th's),
/// as many pairs as possible and, among those, the smallest sum of distances (an alignment by dynamic
/// programming, so one strike early does not shift every pair after it). The notes left are missed, the
/// strikes left are extra. A `lag` (what the player's chain adds to every strike: the timing calibration) is
/// taken off each strike before it is paired; the offsets handed back stay raw.
public enum EchoMatcher {
    /// For each note (seconds, in order), its strike's signed raw offset in seconds or nil (missed), and the
    /// number of strikes that matched no note; strikes are paired `lag` seconds earlier than they landed.
    public static func match(
        notes: [Double], strikes: [Double], tolerance: Double, lag: Double = 0
    ) -> (offsets: [Double?], extras: Int) {
        let strikes = strikes.sorted()
        /// How far strike `j` is from note `i` once the lag is taken off.
        func apart(_ i: Int, _ j: Int) -> Double { abs(strikes[j] - lag - notes[i]) }
        let n = notes.count
        let m = strikes.count
        // best[i][j]: the best alignment of the first i notes with the first j strikes: (pairs, −distance).
        var best = [[(pairs: Int, cost: Double)]](
            repeating: [(pairs: Int, cost: Double)](repeating: (0, 0), count: m + 1), count: n + 1)
        func better(_ a: (pairs: Int, cost: Double), _ b: (pairs: Int, cost: Double)) -> Bool {
            a.pairs != b.pairs ? a.pairs > b.pairs : a.cost < b.cost
        }
        for i in 0...n {
            for j in 0...m where i > 0 || j > 0 {
                var candidate: (pairs: Int, cost: Double) = (-1, .infinity)
                if i > 0, better(best[i - 1][j], candidate) { candidate = best[i - 1][j] }
                if j > 0, better(best[i][j - 1], candidate) { candidate = best[i][j - 1] }
                if i > 0, j > 0 {
                    let distance = apart(i - 1, j - 1)
                    if distance <= tolerance {
                        let paired = (
                            pairs: best[i - 1][j - 1].pairs + 1, cost: best[i - 1][j - 1].cost + distance
                        )
                        if better(paired, candidate) { candidate = paired }
                    }
                }
                best[i][j] = candidate
            }
        }
        var offsets = [Double?](repeating: nil, count: n)
        var (i, j) = (n, m)
        while i > 0, j > 0 {
            let distance = apart(i - 1, j - 1)
            let diagonal = (pairs: best[i - 1][j - 1].pairs + 1, cost: best[i - 1][j - 1].cost + distance)
            if distance <= tolerance, diagonal.pairs == best[i][j].pairs, diagonal.cost == best[i][j].cost {
                offsets[i - 1] = strikes[j - 1] - notes[i - 1]
                i -= 1
                j -= 1
            } else if best[i - 1][j].pairs == best[i][j].pairs, best[i - 1][j].cost == best[i][j].cost {
                i -= 1
            } else {
                j -= 1
            }
        }
        return (offsets, m - offsets.count { $0 != nil })
    }
}
