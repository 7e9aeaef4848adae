// AudioStack: what an audio output plays through: the sound card directly, ALSA's plugins, or a sound server.

/// What an output's sound goes through on its way to the speakers. Timing depends on it: a sound card played
/// directly reports a delay Peach can trust to the sample; a sound server (PipeWire, PulseAudio, JACK) adds
/// buffers of its own, reports them less exactly and may hide an underrun, so timing training refuses it
/// (``AudioSink/reportsExactDelay``). Peach says which stack an output goes through (`peach devices`, a timing
/// run's start, `tone`, the events).
public enum AudioStack: String, Hashable, Sendable, CaseIterable {
    /// A sound card played directly (`hw:`), or through ALSA's converting plugins only (`plughw:`).
    case hardware
    /// ALSA's dmix: a sound card shared between programs without a server.
    case dmix
    /// The PipeWire sound server, through its ALSA plugin (`alsa:pipewire`, a desktop's `default`).
    case pipeWire
    /// The PulseAudio sound server, through ALSA's `pulse` plugin.
    case pulseAudio
    /// A JACK server: through ALSA's `jack` plugin, or Peach's own JACK client (`--audio-out jack:`).
    case jack
    /// Nothing: ALSA's `null` plugin, or `--audio-out null`.
    case null
    /// A file: ALSA's `file` plugin, or `--audio-out wav:`.
    case file
    /// An ALSA plugin chain Peach does not know.
    case other
}
