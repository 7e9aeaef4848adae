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

    /// Creates a context.
    public init(
        referencePitch: Frequency, timbre: String, noteDuration: Double, gap: Double, velocity: MIDIVelocity
    ) {
        self.referencePitch = referencePitch
        self.timbre = timbre
        self.noteDuration = noteDuration
        self.gap = gap
        self.velocity = velocity
    }

    /// The context of a trial played with `settings`.
    public init(settings: TrainingSettings) {
        self.init(
            referencePitch: settings.referencePitch, timbre: settings.timbre,
            noteDuration: settings.noteDuration,
            gap: settings.gapBetweenNotes, velocity: settings.velocity)
    }
}
