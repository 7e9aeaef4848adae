// SynthEngine: the internal synth's control side: instruments, voice ids and the one producer of commands.

import Synchronization

/// Peach's own synth, as the control side sees it: players (``SynthNotePlayer``, ``SynthClickPlayer``) install
/// instruments, take voice ids and send commands here, on the main actor; the samples are made by its
/// ``renderer``, which belongs to the one thread that renders (an ``AudioOutput``'s audio thread, or an
/// ``OfflineRenderer``'s caller).
///
/// The two sides share nothing but the command queue: bounded single-producer/single-consumer rings allocated
/// here. The main actor is the one producer of the first, and the compiler holds every sender to it (``send(_:)``
/// and ``install(_:)`` are `@MainActor`); the keys played through on the input thread (``keys``) fill the
/// second; its one consumer is the renderer. Nothing the control side keeps (the
/// installed instruments, the last voice id) is read by the render side, and nothing of the render side
/// (voices, frames, clicks) is read here — as FluidSynth keeps its `synth/` API and its `rvoice/` mixer apart.
public final class SynthEngine: Sendable {
    /// Frames per second.
    public let sampleRate: Double
    /// The peak amplitude of a sine at 0 dB (−12 dBFS).
    public static let nominalPeak = 0.25
    /// The attack and release ramp, seconds (10 ms: no click, still a crisp onset).
    public static let rampDuration = 0.010
    /// The time a frequency change takes, seconds (5 ms: no zipper noise, no audible slide).
    public static let glideDuration = 0.005
    /// The most voices that can sound at once (a new note takes the quietest releasing voice, else the oldest,
    /// if all are busy): 24, for play-back, where a seventh chord's question, the player's chord and the notes
    /// the sustain pedal holds sound together.
    public static let voiceCount = 24

    /// The render side: hand it to the thread that renders, and to nobody else.
    public let renderer: SynthRenderer
    private let commands: CommandQueue
    /// The player's keys sounding from the input thread (play-through without the main actor).
    let keys: SynthKeys
    /// The installed instruments by slot, kept alive for the engine's life.
    @MainActor private var installed: [SampledInstrument] = []

    /// An engine rendering at `sampleRate` (8 kHz … 384 kHz).
    public convenience init(sampleRate: Double) { self.init(sampleRate: sampleRate, rest: nil) }

    /// An engine whose commands wake `rest`'s output (``AudioOutput`` makes its engine so).
    init(sampleRate: Double, rest: OutputRest?) {
        precondition(sampleRate >= 8000 && sampleRate <= 384_000, "unsupported sample rate")
        self.sampleRate = sampleRate
        commands = CommandQueue(capacity: 256, rest: rest)
        renderer = SynthRenderer(sampleRate: sampleRate, commands: commands)
        keys = SynthKeys(commands: commands)
    }

    /// Sends `command` to the renderer; false when the queue is full (the renderer is not keeping up) or closed
    /// (its output stopped).
    @MainActor
    @discardableResult
    func send(_ command: SynthCommand) -> Bool { commands.push(command) }

    /// Makes `instrument` playable on this engine and returns its slot for ``SynthCommand/startSampled`` (the
    /// same slot when it is already installed). Its regions are converted to this engine's rate here, never on
    /// the render thread, and reach the renderer through the queue ahead of any note of it.
    /// - Throws: ``SynthError/tooManyInstruments`` when every slot is taken, ``SynthError/outputNotRunning``
    ///   when the renderer takes no more commands.
    @MainActor
    func install(_ instrument: SampledInstrument) throws(SynthError) -> Int {
        if let slot = installed.firstIndex(where: { $0 === instrument }) { return slot }
        guard installed.count < SynthRenderer.instrumentSlots else { throw .tooManyInstruments }
        let slot = installed.count
        let regions = UnsafeMutablePointer<RenderRegion>.allocate(capacity: instrument.regions.count)
        for (index, region) in instrument.regions.enumerated() {
            (regions + index).initialize(
                to: RenderRegion(region, gain: instrument.loudnessGain, outputRate: sampleRate))
        }
        guard send(.install(slot: slot, regions: regions, count: instrument.regions.count)) else {
            regions.deallocate()
            throw .outputNotRunning
        }
        installed.append(instrument)
        return slot
    }

    /// A voice id no other note of this engine has.
    func newVoiceID() -> Int32 { commands.newVoiceID() }

    /// The index of `timbre` in the engine's table (``Timbre/all``, which the renderer's tables follow), or nil
    /// when the engine does not have it.
    func timbreIndex(of timbre: Timbre) -> Int? { Timbre.all.firstIndex(of: timbre) }
}
