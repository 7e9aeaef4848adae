// SimulatedListener: a model listener that answers comparisons and matches pitch in virtual time.

/// A model listener for tests, benchmarks and `peach simulate`: it answers a ``ComparisonSession`` through a
/// psychometric function and tunes a ``PitchMatchingSession`` with a normally distributed error, using the
/// session's own clock, so a ``VirtualClock`` runs thousands of trials per second.
///
/// Discrimination follows a ``PsychometricFunction`` for a two-alternative task:
/// P(correct | d) = ½ + ½ · (1 − λ) · F(d), a lapse being a guess (the ceiling is 1 − λ/2), with F a Weibull
/// or a cumulative Gaussian on log cents (``Parameters/shape``), slope ``Parameters/slope``, placed so that
/// P = 75 % at d = ``Parameters/threshold``: the listener's true threshold T75, lapses included.
@MainActor
public final class SimulatedListener {
    /// How the simulated listener hears and responds.
    public struct Parameters: Hashable, Sendable {
        /// The cent difference answered correctly 75 % of the time (T75, lapses included).
        public var threshold: Double
        /// The slope β of the psychometric function.
        public var slope: Double
        /// The share of trials the listener is inattentive on (λ) and guesses; it caps correctness at 1 − λ/2.
        public var lapseRate: Double
        /// The shape of the psychometric function.
        public var shape: PsychometricShape
        /// Seconds from the start of note 2 to the answer.
        public var responseTime: Double
        /// The listener's mean pitch-matching error (bias), cents.
        public var matchingBias: Double
        /// The standard deviation of the pitch-matching error, cents.
        public var matchingSpread: Double
        /// Seconds from the start of the tunable note to the commit.
        public var tuningTime: Double
        /// Fill the gap's silent bars: how far the player's strikes drift per bar while the loop is silent, ms
        /// (positive: dragging).
        public var silentDrift: Double

        /// Creates parameters; the defaults model an amateur musician (10-cent threshold, 2 % lapses, 5-cent
        /// matching spread).
        public init(
            threshold: Double = 10, slope: Double = 2, lapseRate: Double = 0.02,
            shape: PsychometricShape = .weibull,
            responseTime: Double = 0.4, matchingBias: Double = 0, matchingSpread: Double = 5,
            tuningTime: Double = 2, silentDrift: Double = 0
        ) {
            self.threshold = threshold
            self.slope = slope
            self.lapseRate = lapseRate
            self.shape = shape
            self.responseTime = responseTime
            self.matchingBias = matchingBias
            self.matchingSpread = matchingSpread
            self.tuningTime = tuningTime
            self.silentDrift = silentDrift
        }
    }

    /// How the listener hears and responds.
    public let parameters: Parameters
    let clock: any SessionClock
    var generator: AnyRandomNumberGenerator
    private let psychometric: PsychometricFunction

    /// Creates a listener that acts on `clock`, drawing its randomness from `generator`.
    public init(parameters: Parameters, clock: any SessionClock, generator: some RandomNumberGenerator) {
        precondition(parameters.threshold > 0 && parameters.slope > 0, "threshold and slope must be positive")
        precondition((0..<0.5).contains(parameters.lapseRate), "lapse rate must be 0…0.5 (less than 0.5)")
        self.parameters = parameters
        psychometric = PsychometricFunction(
            shape: parameters.shape, threshold: parameters.threshold, slope: parameters.slope,
            lapseRate: parameters.lapseRate)
        self.clock = clock
        self.generator = AnyRandomNumberGenerator(generator)
    }

    /// The listener's psychometric function.
    public var function: PsychometricFunction { psychometric }

    /// The probability of a correct answer at an unsigned difference of `cents`.
    public func probabilityCorrect(at cents: Double) -> Double { psychometric.probabilityCorrect(at: cents) }

    /// Makes the listener answer every comparison of `session`, `responseTime` after note 2 starts.
    /// The session keeps the listener alive; the listener does not keep the session.
    public func answer(_ session: ComparisonSession) {
        session.addEventHandler { [weak session] event in
            guard let session, case .note2Started(let comparison) = event else { return }
            self.clock.schedule(after: .seconds(self.parameters.responseTime)) { [weak session] in
                guard let session, session.currentComparison == comparison else { return }
                session.answer(self.judge(comparison), input: .simulated)
            }
        }
    }

    /// Makes the listener tune and commit every challenge of `session`, `tuningTime` after the tunable note
    /// starts. The session keeps the listener alive; the listener does not keep the session.
    public func match(_ session: PitchMatchingSession) {
        session.addEventHandler { [weak session] event in
            guard let session, case .tunableStarted(let challenge) = event else { return }
            self.clock.schedule(after: .seconds(self.parameters.tuningTime)) { [weak session] in
                guard let session, session.currentChallenge == challenge else { return }
                let error = self.generator.nextGaussian(
                    mean: self.parameters.matchingBias, standardDeviation: self.parameters.matchingSpread)
                session.adjustPitch(to: Cents(error), input: .simulated)
                session.commit(input: .simulated)
            }
        }
    }

    /// The listener's answer to `comparison`: correct with ``probabilityCorrect(at:)``.
    public func judge(_ comparison: Comparison) -> ComparisonAnswer {
        let correct =
            Double.random(in: 0..<1, using: &generator)
            < probabilityCorrect(at: comparison.centDifference.magnitude)
        let right = comparison.correctAnswer ?? .higher
        return correct ? right : (right == .higher ? .lower : .higher)
    }
}
