// ToneCommand: `peach tone`: one note of the internal synth, with an optional glide, live or into a WAV file.

import ArgumentParser
import PeachALSA
import PeachCore
import PeachLive
import PeachMIDI
import PeachStore
import PeachTraining

/// `peach tone`: plays one note on the internal synth (or an external one), to check a pitch, a timbre, the
/// sound device or the smoothness of a glide. To `alsa:` it plays live through the audio thread; to `wav:` and
/// `null` it renders offline (faster than real time, sample-exact). The reference pitch and the timbre come
/// from the settings unless the options say otherwise.
struct ToneCommand: ParsableCommand {
    static let configuration = CommandConfiguration.peach(
        "tone", abstract: .toneAbstract, discussion: .toneDiscussion)

    @Argument(help: ArgumentHelp(CLI.texts.help(.note)))
    var note: MIDINote

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(CLI.texts.help(.cents)))
    var cents: Cents = 0

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.duration)))
    var duration = 1.0

    @Option(name: .setting(.timbre), help: CLI.help(.timbre))
    var timbre: TimbreName?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(CLI.texts.help(.gain)))
    var gain = SignedNumber(0)

    @Option(
        name: .setting(.referencePitch), help: CLI.help(.referencePitch))
    var referencePitch: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(CLI.texts.help(.sweep)))
    var sweep: Cents?

    @Option(name: .long, help: ArgumentHelp(CLI.texts.help(.sweepTime)))
    var sweepTime = 1.0

    @OptionGroup var output: AudioOutputOptions
    @OptionGroup var midiOutput: MIDIOutputOptions
    @OptionGroup var instrument: InstrumentOptions

    func validate() throws {
        let pitches = TrainingSettings.referencePitchRange
        try CommandError.checkRanges(
            [
                ("--cents", cents.rawValue, -1200...1200, .number(-1200...1200, .cents)),
                ("--sweep", sweep?.rawValue ?? 0, -1200...1200, .number(-1200...1200, .cents)),
                ("--duration", duration, 0.05...60, .number(0.05...60, .seconds)),
                ("--sweep-time", sweepTime, 0.01...60, .number(0.01...60, .seconds)),
                ("--reference-pitch", referencePitch ?? 440, pitches, .number(pitches, .hertz)),
                ("--gain", gain.value, AmplitudeDB.validRange, .number(AmplitudeDB.validRange, .decibels)),
            ], number: CLI.texts.shortest)
        _ = try OptionOverrides.apply([(.timbre, timbre?.name)], to: PeachSettings.defaults)
    }

    func run() throws {
        let settings = try CLI.loadSettings()
        for path in [output.audioOut?.wavPath, midiOutput.output?.rawPath] {
            if let path { try CLI.checkOutput(path, dataDirectory: nil) }
        }
        let pitch = referencePitch.map { Frequency(hertz: $0) } ?? settings.training.referencePitch
        let script = ToneScript(
            note: note, offset: cents, sweep: sweep, duration: duration, sweepTime: sweepTime,
            tuning: EqualTemperament(referencePitch: pitch))
        let texts = CLI.texts
        let midiSpec = try midiOutput.spec(settings: settings)
        let sound = timbre?.name ?? settings.training.timbre
        let (sampled, problem) = midiSpec == .internalSynth ? instrument.load(settings: settings) : (nil, nil)
        if let problem { Terminal.emitError(texts.notice(.soundFontProblem(problem, timbre: sound))) }
        let player = TonePlayer(
            script: script, gain: AmplitudeDB(gain.value), timbre: sound, instrument: sampled)
        try MainActor.assumeIsolated {
            let route: TonePlayer.Route
            if midiSpec != .internalSynth {
                let destination = try midiOutput.destination(for: midiSpec)
                let synth = try MIDINotePlayer(
                    destination: destination, configuration: midiOutput.configuration)
                route = .midi(synth, name: destination.name)
            } else {
                let spec = try output.spec(settings: settings)
                switch spec {
                case .alsa, .jack:
                    route = .live(try output.makeSink(for: spec), spec: "\(spec)") { sink in
                        let pcm = sink as? ALSAPCMSink
                        return (pcm?.sampleFormat.rawValue, pcm?.recoveryCount ?? 0)
                    }
                case .wav, .null: route = .offline(wavPath: spec.wavPath)
                }
            }
            let (summary, caught) = try player.play(route, texts: texts)
            Terminal.show(summary)
            if let caught { throw ExitCode(TrainingEnding.exitStatus(forSignal: caught)) }
        }
    }
}
