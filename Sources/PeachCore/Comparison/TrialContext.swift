// TrialContext: the conditions a trial was played under, kept with its result.

/// The conditions a trial was played under, kept with its result so later analysis is honest about them.
public struct TrialContext: Hashable, Sendable, Codable {
    /// The frequency of A4.
    public let referencePitch: Frequency
    /// The timbre both notes were played with.
    public let timbre: String
    /// How long each note sounded (the second note of a comparison may be cut short by the answer), seconds.
    public let noteDuration: Double
    /// The silence between the notes, seconds.
    public let gap: Double
    /// The velocity the notes were played at.
    public let velocity: MIDIVelocity
    /// Whether the trial was training or part of a measurement (`peach measure`).
    public let procedure: TrialProcedure

    /// Creates a context.
    public init(
        referencePitch: Frequency, timbre: String, noteDuration: Double, gap: Double, velocity: MIDIVelocity,
        procedure: TrialProcedure = .training
    ) {
        self.procedure = procedure
        self.referencePitch = referencePitch
        self.timbre = timbre
        self.noteDuration = noteDuration
        self.gap = gap
        self.velocity = velocity
    }

    /// The context of a trial played with `settings` in `procedure`.
    public init(settings: TrainingSettings, procedure: TrialProcedure = .training) {
        self.init(
            referencePitch: settings.referencePitch, timbre: settings.timbre,
            noteDuration: settings.noteDuration,
            gap: settings.gapBetweenNotes, velocity: settings.velocity, procedure: procedure)
    }
}

/// What a trial was for.
public enum TrialProcedure: String, Hashable, Sendable, Codable {
    /// Training: a Kazez staircase (or pitch matching).
    case training
    /// A measurement: the Psi procedure placed the difference (`peach measure`).
    case measurement
}

/// Written as the procedure's name.
extension TrialProcedure: SnapshotCodable {}
