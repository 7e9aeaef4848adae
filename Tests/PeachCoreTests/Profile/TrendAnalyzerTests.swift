// TrendAnalyzerTests: the minimum count and the ±5 % boundaries of the trend.

import PeachCore
import Testing

@Suite("TrendAnalyzer")
struct TrendAnalyzerTests {
    /// An analyzer with `earlier` for the first half and `later` for the second, `count` values in all.
    func analyzer(earlier: Double, later: Double, count: Int = 20) -> TrendAnalyzer {
        var analyzer = TrendAnalyzer()
        for index in 0..<count { analyzer.add(threshold: index < count / 2 ? earlier : later) }
        return analyzer
    }

    @Test("no trend before 20 answers")
    func minimum() {
        #expect(analyzer(earlier: 20, later: 5, count: 19).trend == nil)
        #expect(analyzer(earlier: 20, later: 5, count: 20).trend == .improving)
    }

    @Test(
        "boundaries at ±5 %",
        arguments: [
            (94.9, Trend.improving), (95.0, .stable), (100.0, .stable), (105.0, .stable), (105.1, .declining),
        ])
    func boundaries(later: Double, expected: Trend) {
        #expect(analyzer(earlier: 100, later: later).trend == expected)
    }

    @Test("odd counts give the middle answer to the later half")
    func oddCount() throws {
        var analyzer = TrendAnalyzer()
        for value in Array(repeating: 10.0, count: 10) + Array(repeating: 12.0, count: 11) {
            analyzer.add(threshold: value)
        }
        #expect(try #require(analyzer.relativeChange) == 0.2)
    }

    @Test("reset forgets everything; rebuild equals incremental")
    func resetAndRebuild() {
        let comparisons = (0..<40).map { Fixtures.comparison(cents: Double(40 - $0)) }
        var incremental = TrendAnalyzer()
        for comparison in comparisons { incremental.add(comparison) }
        #expect(incremental == TrendAnalyzer(comparisons: comparisons))
        #expect(incremental.trend == .improving)
        incremental.reset()
        #expect(incremental.count == 0 && incremental.trend == nil)
    }
}
