// SimulationTests: the virtual clock, the seeded generator and the simulated listener.

import Foundation
import PeachCore
import PeachTestSupport
import Testing

@MainActor
@Suite("VirtualClock")
struct VirtualClockTests {
    @Test("fires due timers in time order, ties in scheduling order, each at its own time")
    func order() {
        let clock = VirtualClock()
        var fired: [(String, Double)] = []
        clock.schedule(after: .seconds(2)) { fired.append(("b", clock.elapsed.seconds)) }
        clock.schedule(after: .seconds(1)) { fired.append(("a", clock.elapsed.seconds)) }
        clock.schedule(after: .seconds(2)) { fired.append(("c", clock.elapsed.seconds)) }
        clock.advance(by: .seconds(1.5))
        #expect(fired.map(\.0) == ["a"])
        clock.advance(by: .seconds(10))
        #expect(fired.map(\.0) == ["a", "b", "c"])
        #expect(fired.map(\.1) == [1, 2, 2])
        #expect(clock.elapsed == .seconds(11.5))
    }

    @Test("cancelled timers never fire; timers scheduled by timers fire within the window")
    func cancelAndChain() {
        let clock = VirtualClock()
        var fired: [String] = []
        let cancelled = clock.schedule(after: .seconds(1)) { fired.append("cancelled") }
        clock.schedule(after: .seconds(1)) {
            fired.append("first")
            clock.schedule(after: .seconds(1)) { fired.append("second") }
        }
        cancelled.cancel()
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(2))
        #expect(fired == ["first", "second"])
    }

    @Test("run(until:) jumps from timer to timer")
    func runUntil() {
        let clock = VirtualClock()
        var count = 0
        func tick() {
            count += 1
            clock.schedule(after: .seconds(1)) { tick() }
        }
        tick()
        #expect(clock.run(until: { count == 100 }))
        #expect(clock.elapsed == .seconds(99))
        #expect(!clock.run(until: { false }, limit: .seconds(5)))
        #expect(clock.now == Date(timeIntervalSince1970: 1_767_225_600 + 104))
    }
}

@Suite("SeededRandomGenerator")
struct SeededRandomGeneratorTests {
    @Test("the same seed gives the same sequence; different seeds differ")
    func reproducible() {
        var a = SeededRandomGenerator(seed: 99)
        var b = SeededRandomGenerator(seed: 99)
        var c = SeededRandomGenerator(seed: 100)
        let first = (0..<10).map { _ in a.next() }
        #expect(first == (0..<10).map { _ in b.next() })
        #expect(first != (0..<10).map { _ in c.next() })
    }

    @Test("gaussian numbers have the requested mean and spread")
    func gaussian() throws {
        var generator = SeededRandomGenerator(seed: 4)
        let values = WelfordAccumulator(
            (0..<20_000).map { _ in generator.nextGaussian(mean: 3, standardDeviation: 2) })
        #expect(abs(values.mean - 3) < 0.05)
        #expect(abs(try #require(values.sampleStandardDeviation) - 2) < 0.05)
    }
}

@MainActor
@Suite("SimulatedListener")
struct SimulatedListenerTests {
    @Test(
        "the psychometric function: chance at 0, 75 % at the threshold (lapses included), 1 − λ/2 far above")
    func psychometric() {
        let listener = SimulatedListener(
            parameters: .init(threshold: 8, lapseRate: 0.04), clock: VirtualClock(),
            generator: SeededRandomGenerator(seed: 1))
        #expect(listener.probabilityCorrect(at: 0) == 0.5)
        #expect(abs(listener.probabilityCorrect(at: 8) - 0.75) < 1e-12)
        #expect(abs(listener.probabilityCorrect(at: -8) - 0.75) < 1e-12)
        #expect(abs(listener.probabilityCorrect(at: 1000) - 0.98) < 1e-12)
        #expect(listener.probabilityCorrect(at: 4) < listener.probabilityCorrect(at: 6))
    }

    /// Runs `trials` comparisons answered by a listener with `threshold`; returns the stored results.
    func run(trials: Int, threshold: Double, seed: UInt64) -> [CompletedComparison] {
        let clock = VirtualClock()
        let store = InMemoryTrainingStore()
        let tracker = ProfileTracker()
        let session = ComparisonSession(
            notePlayer: FakeNotePlayer(), profile: { tracker.profile }, settings: { .defaults }, clock: clock,
            observers: [store, tracker], generator: SeededRandomGenerator(seed: seed))
        let listener = SimulatedListener(
            parameters: .init(threshold: threshold), clock: clock,
            generator: SeededRandomGenerator(seed: seed &+ 1))
        listener.answer(session)
        session.start()
        #expect(clock.run(until: { store.comparisons.count >= trials }))
        session.stop()
        return store.comparisons
    }

    @Test("1,000 trials in virtual time: the staircase settles below the listener's threshold")
    func thousandTrials() {
        let results = run(trials: 1000, threshold: 10, seed: 2026)
        #expect(results.count == 1000)
        // Each trial takes 1 s (note 1) + 0.4 s (answer during note 2) + 0.4 s feedback = 1.8 s of virtual time.
        let span = results.last!.timestamp.timeIntervalSince(results.first!.timestamp)
        #expect(abs(span - 999 * 1.8) < 1e-5)
        let late = results.suffix(500)
        let level = WelfordAccumulator(late.map(\.comparison.centDifference.magnitude)).mean
        let correctRate = Double(late.count(where: \.isCorrect)) / Double(late.count)
        // Kazez's steps balance near 64 % correct, which this listener gives at about 0.7 × its threshold.
        #expect((5...9).contains(level), "settled at \(level)")
        #expect((0.56...0.72).contains(correctRate), "correct rate \(correctRate)")
        #expect(results.allSatisfy { $0.inputKind == .simulated && abs($0.responseTime - 0.4) < 1e-6 })
    }

    @Test("a finer listener settles lower; the same seed replays exactly")
    func deterministic() {
        let fine = run(trials: 600, threshold: 3, seed: 7)
        let coarse = run(trials: 600, threshold: 25, seed: 7)
        let fineLevel = WelfordAccumulator(fine.suffix(300).map(\.comparison.centDifference.magnitude)).mean
        let coarseLevel = WelfordAccumulator(coarse.suffix(300).map(\.comparison.centDifference.magnitude))
            .mean
        #expect(fineLevel * 4 < coarseLevel)
        #expect(run(trials: 200, threshold: 10, seed: 5) == run(trials: 200, threshold: 10, seed: 5))
    }

    @Test("the session keeps an attached listener alive")
    func lifetime() {
        let clock = VirtualClock()
        let store = InMemoryTrainingStore()
        let session = ComparisonSession(
            notePlayer: FakeNotePlayer(), profile: { PerceptualProfile() }, settings: { .defaults },
            clock: clock,
            observers: [store], generator: SeededRandomGenerator(seed: 1))
        SimulatedListener(parameters: .init(), clock: clock, generator: SeededRandomGenerator(seed: 2))
            .answer(session)
        session.start()
        #expect(clock.run(until: { store.comparisons.count == 3 }, limit: .seconds(60)))
    }

    @Test("pitch matching: errors follow the listener's bias and spread")
    func matching() throws {
        let clock = VirtualClock()
        let tracker = ProfileTracker()
        let session = PitchMatchingSession(
            notePlayer: FakeNotePlayer(), settings: { .defaults }, clock: clock, observers: [tracker],
            generator: SeededRandomGenerator(seed: 8))
        let listener = SimulatedListener(
            parameters: .init(matchingBias: 3, matchingSpread: 6), clock: clock,
            generator: SeededRandomGenerator(seed: 9))
        listener.match(session)
        session.start()
        #expect(clock.run(until: { session.committedCount >= 2000 }))
        let statistics = tracker.profile.matching
        #expect(statistics.count == 2000)
        #expect(abs(try #require(statistics.bias) - 3) < 0.5)
        #expect(abs(try #require(statistics.spread) - 6) < 0.5)
    }
}
