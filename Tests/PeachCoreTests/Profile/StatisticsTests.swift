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

extension WelfordAccumulatorTests {
    /// An accumulator as a snapshot saved it: `count`, `mean`, `sumOfSquares`.
    static func saved(_ count: Int, _ mean: Double, _ sumOfSquares: Double) throws -> WelfordAccumulator {
        var writer = SnapshotWriter()
        writer.write(count, mean, sumOfSquares)
        return try snapshotDecode(writer.bytes, as: WelfordAccumulator.self)
    }

    @Test("a saved accumulator is believed only with its mean among the values it may hold")
    func forged() throws {
        #expect(try Self.saved(3, 5, 8).isConsistent(maximumCount: 3, values: 0...10))
        #expect(try Self.saved(3, -5, 8).isConsistent(maximumCount: 3))
        #expect(
            try !Self.saved(3, -5, 8).isConsistent(maximumCount: 3, values: 0 ... .greatestFiniteMagnitude))
        #expect(try !Self.saved(3, 11, 8).isConsistent(maximumCount: 3, values: 0...10))
        let huge = Double.greatestFiniteMagnitude
        #expect(
            try Self.saved(3, huge, huge).likelyRangeOfMean?.upperBound == huge, "finite sums range in order")
    }
}

@Suite("PitchMatchingStatistics")
struct PitchMatchingStatisticsTests {
    @Test(
        "saved statistics with a negative mean absolute error are not believed (their range was upside down)")
    func forged() throws {
        var writer = SnapshotWriter()
        writer.write(
            try WelfordAccumulatorTests.saved(3, -5, 8), try WelfordAccumulatorTests.saved(3, 1, 8))
        let statistics = try snapshotDecode(writer.bytes, as: PitchMatchingStatistics.self)
        #expect(!statistics.isConsistent(maximumCount: 3))
        var sound = SnapshotWriter()
        sound.write(try WelfordAccumulatorTests.saved(3, 5, 8), try WelfordAccumulatorTests.saved(3, 1, 8))
        #expect(
            try snapshotDecode(sound.bytes, as: PitchMatchingStatistics.self).isConsistent(maximumCount: 3))
    }

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
