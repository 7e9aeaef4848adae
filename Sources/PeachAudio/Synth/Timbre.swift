// Timbre: the internal synth's sounds, as sets of harmonic partials with matched loudness.

/// A sound of the internal synth: harmonic partials with relative amplitudes, optionally decaying (higher
/// partials faster) towards a sustained floor. Amplitudes are normalised so that every timbre has the RMS level
/// of a sine at the same gain (loudness matched at the onset). Partials at or above 0.45 × the sample rate are
/// left out for each note, so nothing aliases.
public struct Timbre: Hashable, Sendable {
    /// The timbre's name, as in settings (`sine`, `piano`, `organ`).
    public let name: String
    /// Amplitude of partial k+1 (index 0 is the fundamental), normalised to a sum of squares of 1.
    let amplitudes: [Double]
    /// Decay time constant of the fundamental in seconds, or nil for a sustained sound.
    let decayTime: Double?
    /// The level the partials decay towards (fraction of their onset amplitude), so long notes stay audible.
    let sustainFloor: Double

    init(name: String, amplitudes: [Double], decayTime: Double? = nil, sustainFloor: Double = 1) {
        let norm = amplitudes.reduce(0) { $0 + $1 * $1 }.squareRoot()
        self.name = name
        self.amplitudes = amplitudes.map { $0 / norm }
        self.decayTime = decayTime
        self.sustainFloor = sustainFloor
    }

    /// A pure sine: the default, and the sound of the original app.
    public static let sine = Timbre(name: "sine", amplitudes: [1])
    /// A soft piano-like tone: ten partials falling off as 1/k^1.5, decaying (higher partials faster) towards
    /// a quarter of their onset level.
    public static let piano = Timbre(
        name: "piano", amplitudes: (1...10).map { 1 / (Double($0) * Double($0).squareRoot()) },
        decayTime: 1.2, sustainFloor: 0.25)
    /// A sustained organ / clarinet-like tone: odd harmonics 1, 3, 5, 7, 9 at 1/k (even ones silent).
    public static let organ = Timbre(
        name: "organ", amplitudes: (1...9).map { $0 % 2 == 1 ? 1 / Double($0) : 0 })

    /// Every timbre, in the order `peach tone --help` lists them.
    public static let all: [Timbre] = [.sine, .piano, .organ]

    /// The timbre called `name`, or nil.
    public static func named(_ name: String) -> Timbre? { all.first { $0.name == name } }
}
