// SynthCommand: a message from the control side to the render thread.

/// A message to the render thread. Plain values only, so it can sit in the lock-free queue.
enum SynthCommand {
    /// Start voice `voice` at `frequency` Hz with linear gain `gain` and timbre index `timbre`.
    case start(voice: Int32, frequency: Double, gain: Double, timbre: Int)
    /// Start voice `voice` at `frequency` Hz with linear gain `gain` on the SoundFont instrument in slot
    /// `instrument`, with the regions for MIDI velocity `velocity`.
    case startSampled(voice: Int32, frequency: Double, gain: Double, instrument: Int, velocity: Int)
    /// Glide voice `voice` to `frequency` Hz.
    case retune(voice: Int32, frequency: Double)
    /// Release voice `voice` (raised-cosine ramp to silence).
    case release(voice: Int32)
    /// Release every voice, and drop the notes placed ahead.
    case releaseAll
    /// Place a note `delay` frames after the frame this command is taken on, sounding `length` frames: voice
    /// `voice` at `frequency` Hz with linear gain `gain`, on the SoundFont instrument in slot `instrument` with
    /// the regions for MIDI velocity `velocity`, or (`instrument` negative) on timbre index `timbre`. Notes
    /// pushed together are taken together, so their spacing is counted in frames.
    case place(
        voice: Int32, frequency: Double, gain: Double, timbre: Int, instrument: Int, velocity: Int,
        delay: Int,
        length: Int)
    /// Start a click (timing training) on output frame `frame`, counted from the engine's first frame.
    case click(frame: Int, accent: Bool)
    /// Drop every click that has not started.
    case cancelClicks
    /// Make the SoundFont instrument in slot `slot` playable: its `count` regions, converted to the renderer's
    /// rate on the control side, in a slot never used before. The renderer owns them from here (frees them when it
    /// goes, never on the render thread).
    case install(slot: Int, regions: UnsafeMutablePointer<RenderRegion>, count: Int)
}
