// StatisticsTests: Welford accumulation and pitch-matching statistics.

import PeachCore
import Testing

@Suite("WelfordAccumulator")
struct WelfordAccumulatorTests {
    @Test("mean and sample standard deviation")
    func known() throws {
        let accumulator = WelfordAccumulator([2, 4, 4, 4, 5, 5, 7, 9])
        #expect(accumulator.count == 8)
        #expect(accumulator.mean == 5)
        #expect(abs(try #require(accumulator.sampleStandardDeviation) - 2.138_089_935) < 1e-9)
    }

    @Test("empty and single values")
    func small() {
        #expect(WelfordAccumulator().meanIfAny == nil)
        #expect(WelfordAccumulator([3]).meanIfAny == 3)
        #expect(WelfordAccumulator([3]).sampleStandardDeviation == nil)
    }

    @Test("stable for large offsets")
    func stability() throws {
        let accumulator = WelfordAccumulator((0..<1000).map { 1e9 + Double($0 % 2) })
        #expect(abs(try #require(accumulator.sampleVariance) - 0.25025) < 1e-6)
    }
}

extension WelfordAccumulatorTests {
    @Test("the mean's likely range is ± one standard error, from two values on")
    func likelyRangeOfMean() throws {
        #expect(WelfordAccumulator([5]).likelyRangeOfMean == nil)
        // 2, 4, 6, 8: mean 5, sample standard deviation √(20/3), standard error √(20/3) / 2.
        let range = try #require(WelfordAccumulator([2, 4, 6, 8]).likelyRangeOfMean)
        let standardError = (20.0 / 3).squareRoot() / 2
        #expect(abs(range.lowerBound - (5 - standardError)) < 1e-12)
        #expect(abs(range.upperBound - (5 + standardError)) < 1e-12)
    }
}

@Suite("PitchMatchingStatistics")
struct PitchMatchingStatisticsTests {
    @Test("mean absolute error, bias and spread")
    func statistics() throws {
        var statistics = PitchMatchingStatistics()
        #expect(statistics.meanAbsoluteError == nil && statistics.bias == nil && statistics.count == 0)
        for error in [4.0, -2, 6, -8] { statistics.add(error: Cents(error)) }
        #expect(statistics.count == 4)
        #expect(statistics.meanAbsoluteError == 5)
        #expect(statistics.bias == 0)
        #expect(abs(try #require(statistics.spread) - (120.0 / 3).squareRoot()) < 1e-12)
        #expect(
            abs(try #require(statistics.absoluteError.sampleStandardDeviation) - (20.0 / 3).squareRoot())
                < 1e-12)
    }
}
