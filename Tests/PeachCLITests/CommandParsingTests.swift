// CommandParsingTests: every subcommand of `peach` parsed in process (argument-parser's AssertParse idiom).

import ArgumentParser
import PeachCore
import PeachStore
import PeachText
import PeachTraining
import Testing

@testable import PeachCLI

/// Parses `arguments` as `peach` does (validation included) and returns the command, which must be a `T`.
func parse<T: ParsableCommand>(_ arguments: [String], as type: T.Type = T.self) throws -> T {
    let command = try PeachCommand.parseAsRoot(arguments)
    return try #require(command as? T, "\(arguments) parsed as \(Swift.type(of: command))")
}

/// The message argument-parser (in Peach's words) gives for `arguments`, which must not parse.
func refusal(_ arguments: [String]) -> String? {
    do {
        _ = try PeachCommand.parseAsRoot(arguments)
        return nil
    } catch {
        return PeachCommand.message(for: ParserErrors.unparsableValue(in: error) ?? error)
    }
}

/// Peach's own words (English) for `arguments` refused by a command's validation; nil when they parse.
func ownRefusal(_ arguments: [String]) -> String? {
    do {
        _ = try PeachCommand.parseAsRoot(arguments)
        return nil
    } catch {
        return Texts(language: .english).message(for: ParserErrors.ownError(in: error))
    }
}

@Suite("peach's command line, parsed in process")
struct CommandParsingTests {
    @Test("no arguments: the start screen; every subcommand by its name")
    func subcommands() throws {
        _ = try parse([], as: PeachCommand.self)
        let names = PeachCommand.configuration.subcommands.map { $0._commandName }
        #expect(
            names == [
                "train", "match", "measure", "timing", "tap", "echo", "play", "profile", "simulate", "tone",
                "monitor", "learn", "devices", "sounds", "settings", "data", "info", "serve", "web",
            ])
        #expect(refusal(["trian"]) != nil)
    }

    @Test("every command names its word: none is derived from its type's name (a reflection on every run)")
    func everyCommandNamed() {
        var unnamed: [String] = []
        var visited = 0
        func visit(_ command: any ParsableCommand.Type, path: String) {
            visited += 1
            let name = command.configuration.commandName
            if name == nil { unnamed.append("\(path) \(command)") }
            for subcommand in command.configuration.subcommands {
                visit(subcommand, path: "\(path) \(name ?? "?")")
            }
        }
        visit(PeachCommand.self, path: "")
        #expect(visited > 25)
        #expect(unnamed.isEmpty, "\(unnamed)")
    }

    @Test("train, match and measure: the settings' options and the live run's")
    func pitchTraining() throws {
        let train = try parse(
            [
                "train", "--range", "C3-C5", "--note-duration", "0.5", "--gap", "0.1", "--reference-pitch",
                "442",
                "--timbre", "piano", "--midi-in", "keyboard", "--audio-out", "null", "--events", "-",
                "--data-dir", "/tmp/peach-data", "--profile", "pads",
            ], as: TrainCommand.self)
        #expect(train.overrides.sound.range?.description == "C3-C5")
        #expect(train.overrides.sound.noteDuration == 0.5 && train.overrides.sound.gap == 0.1)
        #expect(train.overrides.sound.referencePitch == 442)
        #expect(train.live.events == "-" && train.live.data.dataDir == "/tmp/peach-data")
        #expect(train.live.profile.profile == "pads")
        #expect(train.live.controller.midiIn != nil && train.live.audio.audioOut != nil)
        _ = try parse(["match", "--feedback-duration", "0.3"], as: MatchCommand.self)
        let measure = try parse(["measure", "--trials", "40", "--precision", "0.2"], as: MeasureCommand.self)
        #expect(measure.trials == 40 && measure.precision == 0.2)
        #expect(refusal(["train", "--range", "C9-C1"]) != nil)
        #expect(refusal(["train", "--note-duration", "-1"]) != nil)
    }

    @Test("timing, tap, echo and timing calibrate: tempo, clicks, gaps and the loop's shape")
    func timing() throws {
        let timing = try parse(["timing", "--tempo", "90", "--offset-click", "2"], as: TimingCommand.self)
        #expect(timing.tempo.tempo == 90 && timing.offsetClick == 2)
        let tap = try parse(
            ["tap", "--gap-positions", "2,4", "--silent-bars", "1", "--silent-every", "4"],
            as: TapCommand.self)
        #expect(tap.gapPositions == "2,4" && tap.loopShape.silentBars == 1 && tap.loopShape.silentEvery == 4)
        let echo = try parse(["echo", "--tempo", "80"], as: EchoCommand.self)
        #expect(echo.tempo.tempo == 80)
        _ = try parse(["timing", "calibrate"], as: TimingCalibrateCommand.self)
        // A ramp down is a negative number, not an option.
        #expect(try parse(["tap", "--ramp", "-5"], as: TapCommand.self).loopShape.ramp == -5)
        #expect(refusal(["timing", "--tempo", "1000"]) != nil)
    }

    @Test("a word that names no command is refused with the nearest (peach trian: train), also after help")
    func unknownCommand() {
        func refused(_ arguments: [String]) -> CommandError? {
            do {
                try PeachCommand.checkCommandWord(arguments)
                return nil
            } catch { return error }
        }
        #expect(refused(["trian"]) == .unknownCommand("trian", nearest: "train"))
        #expect(refused(["help", "plya"]) == .unknownCommand("plya", nearest: "play"))
        #expect(refused(["help", "nonsense"]) == .unknownCommand("nonsense", nearest: nil))
        #expect(refused(["help", "train"]) == nil && refused(["settings", "set", "tempo", "90"]) == nil)
        #expect(refused([]) == nil && refused(["--version"]) == nil && refused(["help"]) == nil)
        #expect(
            Texts(language: .english).failure(for: CommandError.unknownCommand("trian", nearest: "train"))?
                .message
                == "'trian' is no command of peach; did you mean 'train'? ('peach help' lists them)")
    }

    @Test("play: the kind and its items, written with blanks after the commas as a player types them")
    func play() throws {
        let play = try parse(
            ["play", "--kind", "intervals", "--items", "M3, P5", "--any-octave", "--chord-window", "80"],
            as: PlayCommand.self)
        #expect(play.kind == .intervals && play.anyOctave && play.chordWindow == 80)
        #expect(try play.playBackOptions().items?.map(\.id) == ["M3", "P5"])
        #expect(refusal(["play", "--kind", "chords", "--items", "M3"]) != nil)
        #expect(refusal(["play", "--kind", "chords", "--items", "sus4/1"]) != nil, "sus2 on another root")
        // Play back sounds in equal temperament and asks no pitch-training intervals: those options are not its.
        for option in [["--tuning", "just"], ["--intervals", "M3"], ["--vary-loudness", "0.5"]] {
            #expect(refusal(["play"] + option) != nil, "\(option)")
        }
        #expect(
            try parse(["play", "--range", "C3-C5", "--timbre", "piano"], as: PlayCommand.self).overrides
                .timbre != nil)
        #expect(try parse(["play", "--placement"], as: PlayCommand.self).playBackOptions().placement)
        #expect(
            ownRefusal(["play", "--placement", "--items", "M3"])
                == "--placement places you in the kind's whole list; leave out --items, or --placement.")
    }

    @Test("play: --key is for degrees and melodies, --cadence-every and the other degree options for degrees")
    func keyedOptions() throws {
        let degrees = try parse(
            ["play", "--kind", "degrees", "--key", "Eb", "--cadence-every", "3"], as: PlayCommand.self)
        #expect(degrees.key == "Eb" && degrees.cadenceEvery == 3)
        #expect(try parse(["play", "--kind", "melodies", "--key", "D"], as: PlayCommand.self).key == "D")
        func said(_ arguments: [String]) -> String? { ownRefusal(["play"] + arguments) }
        #expect(
            said(["--kind", "chords", "--key", "Eb"])
                == "--key is for --kind degrees or melodies, not --kind chords; it would do nothing there.")
        #expect(
            said(["--key", "Eb"])
                == "--key is for --kind degrees or melodies, not --kind intervals; it would do nothing there."
        )
        for option in [
            ["--cadence-every", "3"], ["--degree-names", "solfege"], ["--degree-context", "drone"],
            ["--degree-notes", "2"],
        ] {
            #expect(
                said(["--kind", "melodies"] + option)
                    == "\(option[0]) is for --kind degrees, not --kind melodies; it would do nothing there.")
        }
    }

    @Test("match refuses --vary-loudness, a comparison's rove; train and measure take it")
    func varyLoudness() throws {
        #expect(
            ownRefusal(["match", "--vary-loudness", "0.5"])
                == "--vary-loudness is for peach train or measure, not peach match; it would do nothing there."
        )
        #expect(
            try parse(["train", "--vary-loudness", "0.5"], as: TrainCommand.self).overrides.varyLoudness
                == 0.5)
        #expect(refusal(["measure", "--vary-loudness", "0.5"]) == nil)
        #expect(refusal(["match", "--intervals", "P5", "--tuning", "just"]) == nil)
    }

    @Test(
        "play: --tempo needs --in-tempo; --any-octave is for notes, intervals and melodies, --any-voicing for chords"
    )
    func judgingOptions() throws {
        func said(_ arguments: [String]) -> String? { ownRefusal(["play"] + arguments) }
        let inTempo = try parse(
            ["play", "--kind", "melodies", "--in-tempo", "--tempo", "90"], as: PlayCommand.self)
        #expect(inTempo.tempo == 90 && inTempo.inTempo)
        let refused =
            "--tempo sets the click of --in-tempo, and without it nothing clicks; add --in-tempo (with "
            + "--kind melodies; the melodyInTempo setting on does so for every run), or leave --tempo out."
        #expect(said(["--kind", "intervals", "--tempo", "90"]) == refused)
        // A melody's tempo: refused once the settings are read, unless the melodyInTempo setting is on.
        let melody = try parse(["play", "--kind", "melodies", "--tempo", "90"], as: PlayCommand.self)
        #expect(throws: CommandError.tempoNeedsInTempo) { try melody.checkTempo(in: .defaults) }
        #expect(Texts(language: .english).message(for: CommandError.tempoNeedsInTempo) == refused)
        let inTempoSet = try PeachSettings.defaults.setting(.melodyInTempo, toText: "on")
        try melody.checkTempo(in: inTempoSet)
        try inTempo.checkTempo(in: .defaults)
        for kind in ["notes", "intervals", "melodies"] {
            #expect(try parse(["play", "--kind", kind, "--any-octave"], as: PlayCommand.self).anyOctave)
        }
        #expect(
            said(["--kind", "degrees", "--any-octave"])
                == "--any-octave is for --kind notes, intervals or melodies, not --kind degrees; it would do nothing "
                + "there.")
        #expect(said(["--kind", "chords", "--any-octave"]) != nil)
        #expect(try parse(["play", "--kind", "chords", "--any-voicing"], as: PlayCommand.self).anyVoicing)
        #expect(
            said(["--kind", "melodies", "--any-voicing"])
                == "--any-voicing is for --kind chords, not --kind melodies; it would do nothing there.")
    }

    @Test("simulate takes the same item lists as play (one parser): --items \"M3, P5\" and --confuse pairs")
    func simulate() throws {
        let simulate = try parse(
            [
                "simulate", "--mode", "intervals", "--items", "M3, P5", "--confuse", "M3=m3, P5=P4",
                "--trials", "10",
            ],
            as: SimulateCommand.self)
        #expect(simulate.mode == .playBack(.intervals) && simulate.trials == 10)
        #expect(try simulate.playBack()?.items?.map(\.id) == ["M3", "P5"])
        #expect(try simulate.player().confusions.count == 2)
        #expect(refusal(["simulate", "--mode", "intervals", "--items", "major"]) != nil)
        // Melodies in tempo: the tempo, the bias and the spread (ms) act; without --in-tempo they would not.
        let inTempo = try parse(
            [
                "simulate", "--mode", "melodies", "--in-tempo", "--tempo", "90", "--bias", "-12", "--spread",
                "8",
            ],
            as: SimulateCommand.self)
        #expect(try inTempo.playBack()?.inTempo == true)
        #expect(try inTempo.player().timingBias == -0.012 && inTempo.player().timingSpread == 0.008)
        #expect(
            ownRefusal(["simulate", "--mode", "notes", "--in-tempo"])
                == "--in-tempo is for --mode melodies, not --mode notes; it would do nothing there.")
        for option in [["--bias", "5"], ["--tempo", "90"]] {
            #expect(ownRefusal(["simulate", "--mode", "melodies"] + option) != nil, "\(option)")
        }
        #expect(
            ownRefusal(["simulate", "--mode", "melodies", "--spread", "9"])
                == "--spread with --mode melodies says how the notes are struck against the click, and a free phrase "
                + "has none; add --in-tempo, or leave --spread out.")
        // A pair that is not asked=heard of the kind's items: the message names --confuse, not --items.
        for pair in ["mj=minor", "major", "major=minor=dim", "major=M3"] {
            #expect(
                ownRefusal(["simulate", "--mode", "chords", "--confuse", pair])
                    == "--confuse '\(pair)' is no pair of --kind chords items; write asked=heard, such as "
                    + "major=minor (peach play --help lists the items).")
        }
        #expect(refusal(["simulate", "--mode", "chords", "--confuse", "major=minor, dim = aug"]) == nil)
        // Lead-sheet symbols as for --items: Cm7 heard as C7.
        #expect(refusal(["simulate", "--mode", "chords", "--confuse", "m7=7, maj=m"]) == nil)
        let comparison = try parse(
            ["simulate", "--threshold", "12", "--lapse", "0.05", "--seed", "7", "--quiet"],
            as: SimulateCommand.self)
        #expect(comparison.threshold == 12 && comparison.lapse == 0.05 && comparison.seed == 7)
        let tap = try parse(
            [
                "simulate", "--mode", "tap", "--bias", "-3", "--drift", "2", "--silent-bars", "1", "--tempo",
                "90",
            ],
            as: SimulateCommand.self)
        #expect(tap.bias == Cents(-3) && tap.drift == 2)
    }

    @Test(
        "simulate refuses an option its mode does not use, naming the modes that do (a default given passes)")
    func simulateOptionOfAnotherMode() throws {
        #expect(
            ownRefusal(["simulate", "--threshold", "12", "--bias", "-3"])
                == "--bias is for --mode matching, tap or echo, not --mode comparison; it would do nothing there."
        )
        #expect(
            ownRefusal(["simulate", "--mode", "matching", "--threshold", "5"])
                == "--threshold is for --mode comparison, measurement or timing, not --mode matching; it would do "
                + "nothing there.")
        #expect(
            ownRefusal(["simulate", "--mode", "intervals", "--lapse", "0.1"])
                == "--lapse is for --mode comparison, measurement, timing, tap or echo, not --mode intervals; it "
                + "would do nothing there.")
        #expect(
            ownRefusal(["simulate", "--accuracy", "0.5"])
                == "--accuracy is for --mode notes, intervals, chords, degrees or melodies, not --mode comparison; it "
                + "would do nothing there.")
        // The settings taken as options: each for the modes that use it.
        for (mode, option, value, modes) in [
            ("chords", "--key", "D", "degrees or melodies"), ("melodies", "--degree-notes", "2", "degrees"),
            ("echo", "--patterns", "all", "timing"), ("timing", "--ramp", "4", "tap"),
            ("degrees", "--tempo", "90", "timing, tap or echo"),
            ("tap", "--intervals", "P5", "comparison, matching or measurement"),
            ("degrees", "--timbre", "piano", "comparison, matching or measurement"),
            (
                "timing", "--range", "C3-C5",
                "comparison, matching, measurement, notes, intervals, chords, degrees or melodies"
            ),
        ] {
            #expect(
                ownRefusal(["simulate", "--mode", mode, option, value])
                    == "\(option) is for --mode \(modes), not --mode \(mode); it would do nothing there.")
        }
        #expect(ownRefusal(["simulate", "--mode", "matching", "--confuse", "M3=m3"]) != nil)
        #expect(ownRefusal(["simulate", "--items", "M3"]) != nil)
        #expect(ownRefusal(["simulate", "--placement"]) != nil)
        #expect(ownRefusal(["simulate", "--mode", "matching", "--vary-loudness", "0.5"]) != nil)
        #expect(ownRefusal(["simulate", "--mode", "chords", "--tuning", "just"]) != nil)
        #expect(refusal(["simulate", "--mode", "matching", "--intervals", "P5", "--tuning", "just"]) == nil)
        #expect(refusal(["simulate", "--mode", "measurement", "--vary-loudness", "0.5"]) == nil)
        // The default given changes nothing anywhere: taken in any mode.
        #expect(refusal(["simulate", "--mode", "matching", "--threshold", "10", "--accuracy", "0.9"]) == nil)
        // The sound settings where they reach a simulation: its questions, its virtual time, its pitch records.
        #expect(
            refusal(["simulate", "--mode", "degrees", "--range", "C3-C5", "--note-duration", "0.5"]) == nil)
        #expect(
            refusal(["simulate", "--mode", "matching", "--timbre", "piano", "--reference-pitch", "442"])
                == nil)
        #expect(refusal(["simulate", "--mode", "timing", "--feedback-duration", "1"]) == nil)
        // The key of degrees and melodies, as peach play takes it (a minor key's name refused the same way).
        #expect(
            try parse(["simulate", "--mode", "melodies", "--key", "F#"], as: SimulateCommand.self).key == "F#"
        )
        #expect(
            ownRefusal(["simulate", "--mode", "degrees", "--key", "Am"])
                == "--key 'Am' names a minor key; give its tonic alone, A: minor degrees are then asked in A "
                + "minor, major ones in A major.")
    }

    @Test("profile, tone, monitor, learn, devices, sounds, info, serve and web")
    func others() throws {
        let profile = try parse(["profile", "--json", "--days", "7"], as: ProfileCommand.self)
        #expect(profile.json && profile.days == 7)
        let tone = try parse(
            ["tone", "A4", "--cents", "+12.5", "--duration", "0.5", "--audio-out", "null"],
            as: ToneCommand.self)
        #expect(tone.note == MIDINote(69) && tone.cents == Cents(12.5) && tone.duration == 0.5)
        #expect(try parse(["monitor", "--json"], as: MonitorCommand.self).json)
        let learn = try parse(["learn", "--name", "mine", "--force"], as: LearnCommand.self)
        #expect(learn.name == "mine" && learn.force)
        _ = try parse(["devices"], as: DevicesCommand.self)
        _ = try parse(["sounds"], as: SoundsCommand.self)
        _ = try parse(["info"], as: InfoCommand.self)
        #expect(try parse(["serve", "--status"], as: ServeCommand.self).status)
        #expect(try parse(["web", "--port", "9000"], as: WebCommand.self).port == 9000)
        #expect(refusal(["tone", "Q9"]) != nil)
    }

    @Test("settings and data: each subcommand and its arguments")
    func settingsAndData() throws {
        _ = try parse(["settings"], as: SettingsCommand.List.self)
        #expect(try parse(["settings", "get", "tempo"], as: SettingsCommand.Get.self).key == "tempo")
        let set = try parse(["settings", "set", "noteRange", "C3-C5"], as: SettingsCommand.Set.self)
        #expect(set.key == "noteRange" && set.value == ["C3-C5"])
        #expect(try parse(["settings", "reset"], as: SettingsCommand.Reset.self).key == nil)
        #expect(refusal(["settings", "get", "swing"]) != nil)
        _ = try parse(["data", "check"], as: DataCommand.Check.self)
        #expect(try parse(["data", "export", "--format", "csv"], as: DataCommand.Export.self).format == .csv)
        let importing = try parse(
            ["data", "import", "answers.jsonl", "--replace"], as: DataCommand.Import.self)
        #expect(importing.file == "answers.jsonl" && importing.replace)
        #expect(try parse(["data", "reset", "--yes"], as: DataCommand.Reset.self).yes)
    }

    @Test("a value an option cannot take is refused naming what it takes: --kind, --confusions, --format")
    func valueForms() throws {
        let english = Texts(language: .english)
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try PeachCommand.parseAsRoot(arguments)
                return nil
            } catch {
                return ParserErrors.unparsableValue(in: error).flatMap { english.failure(for: $0)?.message }
            }
        }
        #expect(
            message(["play", "--kind", "scales"])
                == "--kind 'scales' is not valid; use notes, intervals, chords, degrees or melodies.")
        #expect(
            message(["profile", "--confusions", "bogus"])
                == "--confusions 'bogus' is not valid; use notes, intervals, chords, degrees or melodies.")
        #expect(
            message(["data", "export", "--format", "xml"])
                == "--format 'xml' is not valid; use csv, json or peach-csv.")
    }
}
