// SeededRandomGenerator: a small, fast, reproducible random number generator (xoshiro256**).

/// A reproducible random number generator (xoshiro256**, seeded through SplitMix64). The same seed gives
/// the same sequence on every machine, so simulations and tests can be replayed.
public struct SeededRandomGenerator: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator from a seed.
    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}

/// A type-erased random number generator, so a session can keep any generator it is given.
public struct AnyRandomNumberGenerator: RandomNumberGenerator {
    private var base: any RandomNumberGenerator

    /// Wraps `base`.
    public init(_ base: some RandomNumberGenerator) { self.base = base }

    /// The next 64 random bits of the wrapped generator.
    public mutating func next() -> UInt64 { base.next() }
}

extension RandomNumberGenerator {
    /// A normally distributed number (Box–Muller) with the given mean and standard deviation.
    public mutating func nextGaussian(mean: Double = 0, standardDeviation: Double = 1) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        let radius = (-2 * logDouble(u1)).squareRoot()
        return mean + standardDeviation * radius * cosDouble(2 * Double.pi * u2)
    }
}
