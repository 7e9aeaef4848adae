// JACKCycleClockTests: a JACK client's cycle starts from its callbacks' wake-ups, also across an xrun.

import PeachCore
import PeachJACK
import Testing

@Suite("JACK cycle clock")
struct JACKCycleClockTests {
    /// Callbacks of 256-frame cycles at 48 kHz on a grid starting at `origin`, each waking 20–900 µs late
    /// (seeded), the cycle's start and its estimate; `jumpAt` moves the grid later by `jump` seconds from that
    /// cycle on (an xrun: jackd restarts the card on a new grid, the frames counted by the client go on).
    private func run(cycles: Int, jumpAt: Int = .max, jump: Double = 0) -> [(truth: Double, estimate: Double)]
    {
        var clock = JACKCycleClock(sampleRate: 48_000, periodFrames: 256)
        var random = SeededRandomGenerator(seed: 11)
        let period = 256.0 / 48_000
        var results: [(truth: Double, estimate: Double)] = []
        for cycle in 0..<cycles {
            let truth = 100 + Double(cycle) * period + (cycle >= jumpAt ? jump : 0)
            // Mostly prompt, sometimes a scheduler's hiccup.
            let late = Double.random(in: 0...1, using: &random) < 0.9 ? 0.000_02 : 0.000_9
            let estimate = clock.start(
                ofCycle: 256, wokeAt: truth + late * Double.random(in: 0.5...1, using: &random))
            results.append((truth, estimate))
        }
        return results
    }

    @Test(
        "the start is the earliest wake-up's grid: never early, within 20 µs once a quarter second has passed"
    )
    func steadyCycles() {
        let results = run(cycles: 2_000)
        for (truth, estimate) in results {
            #expect(estimate >= truth, "a callback never wakes before its cycle")
        }
        let settled = results.dropFirst(50)  // 0.27 s
        let worst = settled.map { $0.estimate - $0.truth }.max() ?? .infinity
        #expect(worst < 0.000_02 + 1e-9, "worst \(worst * 1e6) µs")
    }

    @Test(
        "after an xrun moves the cycles 7 ms later, the start follows within a quarter second and stays exact"
    )
    func followsAnXrun() {
        let results = run(cycles: 2_000, jumpAt: 500, jump: 0.007)
        let period = 256.0 / 48_000
        // From a quarter second and the slip window after the jump on, exact again.
        let after = results[(500 + Int(0.3 / period))...]
        let worst = after.map { abs($0.estimate - $0.truth) }.max() ?? .infinity
        #expect(worst < 0.000_02 + 1e-9, "worst \(worst * 1e6) µs after the jump")
        // Before the jump, as in the steady case.
        let before = results[50..<500].map { abs($0.estimate - $0.truth) }.max() ?? .infinity
        #expect(before < 0.000_02 + 1e-9)
    }
}
