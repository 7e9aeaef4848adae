// CommandError: what a command refuses or fails at, as structure; the catalogue words it.

import PeachCore
import PeachSystem

/// A failure of a command itself (not of a library below it): a malformed option value, a file in the way,
/// input that ended too soon. Usage errors exit with 64, the others with 1.
public enum CommandError: Error, Equatable, Sendable {
    /// An option's value is outside what the option allows (the option named as the key).
    case option(SettingsError)
    /// An option's value is not of the form the option takes.
    case invalidSpec(option: String, value: String, expected: SpecKind)
    /// An option names the same item twice (e.g. `--actions higher,higher`).
    case duplicate(option: String, value: String)
    /// No MIDI synth found for `--output midi` (or no port matches the name given).
    case noSynthFound(spec: String, named: Bool)
    /// `--midi-in keyboard` without a terminal on stdin.
    case keyboardNeedsTerminal
    /// `peach learn` with keyboard input.
    case learnNeedsMIDI
    /// The input ended before every action was learned; nothing was written.
    case learnInputEnded(learned: Int, total: Int)
    /// A file exists where Peach would write a new one (`peach learn` without `--force`).
    case fileExists(path: String)
    /// `peach data reset` without `--yes` and no terminal to ask.
    case refusingToDelete(count: Int)
    /// A file Peach was asked to write could not be written.
    case cannotWrite(FileError)
    /// `peach play --items` names something that is no item of the kind.
    case invalidPlayBackItems(String, kind: PlayBackKind)
    /// `peach simulate --confuse` has a pair that is not `asked=heard` with two items of the kind.
    case invalidConfusion(String, kind: PlayBackKind)
    /// `--placement` with `--items`: a fixed list has nothing to place in.
    case placementWithItems
    /// `--in-tempo` with another kind than melodies: only a phrase is played back in tempo.
    case inTempoNeedsMelodies
    /// `peach play --tempo` for a question played freely (neither `--in-tempo` nor, for melodies, the
    /// melodyInTempo setting): the tempo is the click's, and only a melody in tempo has one.
    case tempoNeedsInTempo
    /// `peach simulate --mode melodies` with `--bias`, `--spread` or `--tempo` but not `--in-tempo`: they say how a
    /// phrase is struck against the click, and a free one has none.
    case needsInTempo(option: String)
    /// An option of some runs only with another, where it would be taken and do nothing: `choice` is what chooses
    /// the run (`--kind` for `peach play`'s `--key`, `--mode` for `peach simulate`'s `--threshold`, `peach` for
    /// `--vary-loudness`, a comparison's), `values` the choices the option is for, `given` the one given.
    case optionNeeds(option: String, choice: String, values: [String], given: String)
    /// A word where a command belongs (`peach trian`, `peach help trian`) that names none; the command it is
    /// nearest to, when one is at most two letters away.
    case unknownCommand(String, nearest: String?)
    /// `peach web` could not listen at `address`:`port`: the system's `errno` when it said one (98: the port is
    /// taken), else its words (`reason`: a name that does not resolve).
    case cannotListen(address: String, port: Int, errno: Int32?, reason: String)
    /// `peach web --set-password` was given a password shorter than `minimum` characters (or none).
    case passwordTooShort(minimum: Int)
    /// `peach web --set-password` at a terminal: the two entries differ.
    case passwordsDiffer

    /// `--data-dir` names no folder, for a command that reads the training data (a typing slip would otherwise
    /// look like an empty store).
    case noDataFolder(path: String)
    /// `peach web` in a `peach` built without the `Dashboard` trait.
    case builtWithoutDashboard
    /// `peach timing calibrate` on an output that plays nothing (`--audio-out null`).
    case calibrationNeedsSound

    /// The exit status: 64 for bad usage, 66 for no data where it was asked for (EX_NOINPUT), 1 for other
    /// failures.
    public var exitStatus: Int32 {
        switch self {
        case .option, .invalidSpec, .duplicate, .keyboardNeedsTerminal, .learnNeedsMIDI, .fileExists,
            .refusingToDelete, .invalidPlayBackItems, .invalidConfusion, .placementWithItems,
            .inTempoNeedsMelodies, .tempoNeedsInTempo, .needsInTempo, .optionNeeds,
            .unknownCommand,
            .passwordTooShort,
            .passwordsDiffer, .calibrationNeedsSound:
            64
        case .noSynthFound, .learnInputEnded, .cannotWrite, .cannotListen, .builtWithoutDashboard: 1
        case .noDataFolder: 66
        }
    }
}

/// The forms an option value can take, for ``CommandError/invalidSpec(option:value:expected:)``.
public enum SpecKind: String, Equatable, Sendable, CaseIterable {
    /// `seq`, `seq:CLIENT:PORT`, `seq:NAME`, `rawmidi:PATH`, `keyboard` (or a path).
    case midiInput
    /// `synth`, `midi`, `midi:CLIENT:PORT`, `midi:NAME`, `rawmidi:PATH`.
    case midiOutput
    /// `alsa:DEVICE`, `wav:PATH`, `null`.
    case audioOutput
    /// `standard`, `low`, `FRAMESxPERIODS`.
    case latency
    /// MIDI channels such as `1,2` or `1-4`.
    case midiChannels
    /// `bend` or `mts`.
    case midiTuning
    /// A note name or MIDI number.
    case note
    /// A note range such as `C3-C5`.
    case noteRange
    /// A controller action.
    case action
    /// A number such as `+12.3`.
    case number
    /// A whole number such as `100` (counts, seeds, programs).
    case wholeNumber
    /// `comparison`, `matching` or `measurement`.
    case simulationMode
    /// `json`, `csv` or `peach-csv`.
    case exportFormat
    /// A play-back kind: `notes`, `intervals` or `chords`.
    case playBackKind
    /// An address to listen on (`peach web --address`).
    case listenAddress
    /// A host name (`peach.fritz.box`).
    case hostName
}

extension CommandError {
    /// Checks numeric options: throws ``option(_:)`` (out of range, the value as `number` writes it, in the
    /// user's language) for the first whose value lies outside its range.
    public static func checkRanges(
        _ checks: [(option: String, value: Double, range: ClosedRange<Double>, allowed: AllowedValues)],
        number: (Double) -> String
    ) throws(CommandError) {
        for check in checks where !check.range.contains(check.value) {
            throw .option(
                .outOfRange(key: check.option, value: number(check.value), allowed: check.allowed))
        }
    }
}
