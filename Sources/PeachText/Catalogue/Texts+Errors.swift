// Texts+Errors: every error of Peach as one line in the user's language, made from the errors' structure.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem
import PeachTraining
import SystemPackage

extension Texts {
    /// The one-line message for any error (without the `peach:` prefix), ending in a full stop.
    public func message(for error: any Error) -> String {
        switch error {
        case let error as CommandError: message(for: error)
        case let error as SettingsError: message(for: error) + "."
        case let error as StoreError: message(for: error)
        case let error as FileError: message(for: error) + "."
        case let error as DeviceError: message(for: error)
        case let error as ProfileError: message(for: error, asked: true)
        case let error as MIDIInputError: message(for: error)
        case let error as AudioOutputError: message(for: error)
        case let error as SynthError: message(for: error)
        case let error as SoundFontError: message(for: error)
        case let error as DataLocations.Failure: message(for: error)
        case let error as ClicksUnavailable: message(for: error)
        default: tr("unexpected failure: \(error)")
        }
    }

    // MARK: Settings

    /// What a setting allows, in words: `0.3–3 seconds`, `one of sine, piano, organ`.
    public func allowed(_ allowed: AllowedValues) -> String {
        switch allowed {
        case .number(let range, let unit):
            let span = "\(shortest(range.lowerBound))–\(shortest(range.upperBound))"
            switch unit {
            case .seconds: return tr("\(span) seconds")
            case .hertz: return tr("\(span) Hz")
            case .amount: return tr("\(span) (0 = off)")
            case .cents: return tr("\(span) cents")
            case .decibels: return tr("\(span) dB")
            case .milliseconds: return tr("\(span) ms")
            }
        case .wholeNumber(let range): return "\(range.lowerBound)–\(range.upperBound)"
        case .noteRange(let within, let minimum):
            return tr(
                "two notes within \(noteName(within.lowerBound))–\(noteName(within.upperBound)), at least \(minimum) semitones "
                    + "apart, such as C2-C6")
        case .oneOf(let words): return tr("one of \(list(words))")
        case .intervals:
            return tr(
                "intervals P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8 separated by commas, each up or with "
                    + "'down', such as P5,M3down")
        case .profileName:
            return tr("a profile name of letters, digits, '-' and '_'")
        case .audioOutput:
            return tr("alsa:DEVICE, jack, jack:CLIENT, wav:PATH or null")
        case .midiOutput:
            return tr("synth, midi, midi:CLIENT:PORT, midi:NAME or rawmidi:PATH")
        case .onOff: return tr("on or off")
        case .gapPositions: return tr("one to three of the steps 1–4, separated by commas (4, or 2,4)")
        case .timingPatterns:
            return tr(
                "patterns such as 4:xxxx or 3:x-x, families (sixteenths, triplets, sextuplets, quintuplets, "
                    + "septuplets) or all, separated by commas")
        case .soundFont:
            return tr("a SoundFont's path or file name ('peach sounds' lists them), or none")
        case .preset:
            return tr("a preset's name or BANK:PROGRAM, or empty for the first")
        case .keySignature:
            return tr("a key such as C, G, F#, Bb or Eb, or a minor key such as Am or F#m")
        case .degreeKey:
            return tr("random, or a tonic such as C, Eb or F#")
        }
    }

    /// `a, b or c` / `a, b oder c`.
    func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return tr("\(words.dropLast().joined(separator: ", ")) or \(last)")
    }

    /// A settings error, naming its key (or the option it came from), without a final full stop.
    public func message(for error: SettingsError) -> String {
        switch error {
        case .outOfRange(let key, let value, let allowed):
            return tr("\(key) \(shown(value)) is out of range; use \(self.allowed(allowed))")
        case .rangeTooNarrow(let key, let range, let minimum):
            return tr(
                "\(key) \(shown(range)) is too narrow; the range must span at least \(minimum) semitones")
        case .invalidValue(let key, let value, .degreeKey):
            // A minor key's name (`Am`, German `a-Moll`): its tonic is what is meant, and serves both modes.
            guard let tonic = DegreeKey.tonic(ofMinorKey: noteNaming.englishKey(value)),
                case .tonic(let signature) = tonic
            else {
                return tr("\(key) '\(shown(value))' is not valid; expected \(allowed(.degreeKey))")
            }
            let minor = keyName(Key(named: signature, mode: .minor))
            let major = keyName(Key(named: signature, mode: .major))
            return tr(
                "\(key) '\(shown(value))' names a minor key; give its tonic alone, \(noteNaming.name(of: signature)): minor degrees are then asked in \(minor), major ones in \(major)"
            )
        case .invalidValue(let key, let value, let expected):
            return tr("\(key) '\(shown(value))' is not valid; expected \(allowed(expected))")
        case .unknownKey(let key):
            return tr("there is no setting '\(shown(key))'; the settings are: ")
                + SettingKey.allCases.map(\.rawValue).joined(separator: ", ")
        case .noSuchProfile(let key, let value, let known):
            return tr(
                "\(key) '\(shown(value))' names no controller profile; there are: \(list(known)) "
                    + "(make one with 'peach learn --name \(shown(value))')")
        }
    }

    // MARK: Files

    /// The system's reason for an `errno` value, in words: the common ones worded here (German too), the rest
    /// in the system's own words.
    public func systemReason(_ errno: Errno) -> String {
        switch errno {
        case .noSuchFileOrDirectory: tr("no such file or folder")
        case .permissionDenied, .notPermitted: tr("permission denied")
        case .noSpace: tr("disk full")
        case .diskQuotaExceeded: tr("disk quota exceeded")
        case .readOnlyFileSystem: tr("read-only file system")
        case .isDirectory: tr("is a folder")
        case .notDirectory: tr("not a folder")
        case .resourceBusy: tr("busy")
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice:
            tr("no such device")
        case .ioError: tr("input/output error")
        case .fileExists: tr("already exists")
        case .fileTooLarge: tr("file too large")
        case .invalidArgument: tr("not a regular file")
        case .tooManySymbolicLinkLevels: tr("a symbolic link")
        case .fileNameTooLong: tr("name too long")
        case .tooManyOpenFiles, .tooManyOpenFilesInSystem:
            tr("too many open files")
        case .brokenPipe: tr("the reader went away")
        case .addressInUse: tr("address already in use")
        case .addressNotAvailable: tr("not an address of this computer")
        default: String(cString: strerror(errno.rawValue))
        }
    }

    /// `PATH: cannot write (disk full)`, without a final full stop.
    public func message(for error: FileError) -> String {
        let what: String
        switch error.operation {
        case .open: what = tr("cannot open")
        case .read, .stat, .poll: what = tr("cannot read")
        case .write, .sync, .truncate: what = tr("cannot write")
        case .rename, .link: what = tr("cannot replace")
        case .unlink: what = tr("cannot remove")
        case .makeDirectory: what = tr("cannot create the folder")
        case .lock: what = tr("cannot lock")
        case .pipe, .startThread: what = tr("cannot start")
        }
        let reason = systemReason(error.errno)
        guard error.isDiskFull else { return tr("\(error.path): \(what) (\(reason))") }
        return tr("\(error.path): \(what) (\(reason)); free some space: nothing already stored was harmed")
    }

    /// The message for a failure to find the data folders.
    public func message(for error: DataLocations.Failure) -> String {
        switch error {
        case .noHomeDirectory(let purpose):
            let variable = "XDG_\(purpose.uppercased())_HOME"
            let what =
                purpose == "data"
                ? tr("the training data")
                : tr("the settings")
            return tr("cannot tell where to keep \(what): set HOME (or \(variable)) to an absolute path.")
        }
    }

    // MARK: Store

    /// The message for a store or settings-file error.
    public func message(for error: StoreError) -> String {
        switch error {
        case .locked(let path, let owner):
            let folder = (path as NSString).deletingLastPathComponent
            let who = owner.map { tr(" (process \($0))") } ?? ""
            return tr(
                "another Peach\(who) is using the training data in \(folder); stop it first, or choose other data "
                    + "with --data-dir.")
        case .io(let error):
            return message(for: error) + "."
        case .invalidCalibration(let path, let field?):
            return tr(
                "\(path): field '\(shown(field))' is not what a timing calibration holds; strikes are shown "
                    + "uncalibrated. Run 'peach timing calibrate' (on the practice box: its menu's last entry) to "
                    + "measure anew (the file is then kept as \(path).broken).")
        case .invalidCalibration(let path, nil):
            return tr(
                "\(path) is not a timing calibration Peach can read; strikes are shown uncalibrated. Run 'peach "
                    + "timing calibrate' (on the practice box: its menu's last entry) to measure anew (the file is "
                    + "then kept as \(path).broken).")
        case .unsafeDirectory(let path, let owner, let writableByOthers):
            let why = unsafeFolder(owner: owner, writableByOthers: writableByOthers)
            return tr(
                "the training data folder \(path) \(why); Peach will not use it. Fix it with chown or chmod o-w, or "
                    + "choose another with --data-dir.")
        case .unsafeSettingsDirectory(let path, let owner, let writableByOthers):
            let why = unsafeFolder(owner: owner, writableByOthers: writableByOthers)
            return tr(
                "the settings folder \(path) \(why); Peach will not read settings from it. Fix it with chown or "
                    + "chmod o-w, or set XDG_CONFIG_HOME to another folder.")
        case .journalReplaced(let path):
            return tr(
                "\(path) was replaced or removed by another program while Peach was writing to it; this answer was not "
                    + "saved, and the answers before it are in the file that was replaced. Find what changed it before "
                    + "training again.")
        case .nonFiniteValue(let path, let field):
            return tr(
                "a record for \(path) has no finite number in '\(shown(field))'; nothing was written. This is a bug in "
                    + "Peach: please report it with the command you ran.")
        case .protectedOutput(let path, let protected):
            return tr(
                "\(path) would overwrite Peach's own data (\(protected)); nothing was written. Choose another file."
            )
        case .newerSchema(let path, let found, let supported):
            return tr(
                "\(path) was written by a newer Peach (record version \(found); this Peach reads up to "
                    + "\(supported)). Update Peach; the file was left as it is.")
        case .unreadableImport(let path, let line, let problem):
            return tr("\(path) line \(line): \(self.problem(problem)); nothing was imported.")
        case .invalidSettings(let path, let problem):
            let fix = problem.key.map { "'peach settings reset \($0)'" } ?? "'peach settings reset'"
            return tr(
                "\(path): \(self.problem(problem)). Fix the file, or run 'peach settings set KEY VALUE' or \(fix) "
                    + "(every setting that still reads is kept).")
        }
    }

    /// Why a folder is not used: `belongs to another user (uid N)` or `is writable by anybody`.
    private func unsafeFolder(owner: Int?, writableByOthers: Bool) -> String {
        owner.map { tr("belongs to another user (uid \($0))") }
            ?? (writableByOthers ? tr("is writable by anybody") : "")
    }

    /// What is wrong with the settings file.
    public func problem(_ problem: SettingsFileProblem) -> String {
        switch problem {
        case .syntax(let line, let column):
            tr("not valid JSON at line \(line), column \(column)")
        case .notAnObject: tr("not a JSON object of settings")
        case .duplicateKey(let key): tr("\(key) appears twice")
        case .wrongType(let key):
            tr("\(key) must be a number, a string or true/false")
        case .value(let error): message(for: error)
        }
    }

    /// What a writer that opened the store has to tell (an import a crash stopped half-way, which it undid, or a
    /// marker of one that did not belong to this journal), as `peach:` lines for stderr; none usually.
    public func storeNotices(_ contents: JournalContents) -> [String] {
        guard let interrupted = contents.interruptedImport else { return [] }
        let what = interrupted.source.map { shown($0) } ?? tr("records")
        if interrupted.markerIgnored {
            return [
                tr(
                    "peach: a marker of an unfinished import of \(what) (started \(interrupted.started)) did not "
                        + "belong to this journal (copied or restored from elsewhere?) and was removed; nothing was "
                        + "taken out. 'peach data check' shows what the store holds.")
            ]
        }
        let lines = tr(
            one: "\(interrupted.linesRemoved) line", other: "\(interrupted.linesRemoved) lines",
            count: interrupted.linesRemoved)
        guard let kept = interrupted.undonePath else {
            return [
                tr(
                    "peach: an import of \(what) (started \(interrupted.started)) was stopped before any of it was "
                        + "written; your data is as it was. Run the import again.")
            ]
        }
        return [
            tr(
                "peach: an import of \(what) (started \(interrupted.started)) was stopped half-way and undone (\(lines) "
                    + "taken out and kept in \(kept)), so your data is as it was before it. Run the import again."
            )
        ]
    }

    /// Why a line is not a record.
    public func problem(_ problem: RecordProblem) -> String {
        switch problem {
        case .notAnObject: return tr("not a JSON object")
        case .textAfterObject: return tr("text after the object")
        case .duplicateField(let field):
            return tr("field '\(shown(field))' appears twice")
        case .invalidVersion(let version):
            return tr("schema version \(version) is not valid")
        case .invalidTime:
            return tr("field 'time' is not a time such as 2026-11-21T09:00:00.000Z")
        case .unknownType(let type):
            return tr("unknown record type '\(shown(type))'")
        case .missingField(let field):
            return tr("field '\(shown(field))' is missing")
        case .invalidField(let field, let kind):
            return tr("field '\(shown(field))' must be \(fieldKind(kind))")
        case .outOfRange(let field, let allowed):
            let span = "\(shortest(allowed.lowerBound))–\(shortest(allowed.upperBound))"
            return tr("field '\(shown(field))' must be \(span)")
        case .contradictoryCorrect:
            return tr("field 'correct' contradicts the answer and the cents")
        case .contradictoryVerdict:
            return tr("fields 'correct' and 'heardAs' contradict the notes played")
        case .lineTooLong(let bytes): return tr("longer than \(bytes) bytes")
        case .notAnArray: return tr("not a JSON array of records")
        case .missingSeparator: return tr("expected ',' or ']'")
        case .textAfterArray: return tr("text after the array")
        case .notACSVExport:
            return tr(
                "not a Peach CSV export (no type and time columns, nor a '# peach-export-format:' line and "
                    + "trainingType and timestamp columns)")
        case .cellCount(let found, let expected):
            return tr("\(found) cells where the header has \(expected)")
        case .checksumMismatch:
            return tr("its checksum does not match (bits changed on the disk)")
        case .newerVersion(let found, let supported):
            return tr("record version \(found) is newer than this Peach reads (\(supported))")
        case .unsupportedExportFormat(let version):
            return tr(
                "export format '\(shown(version))' is not one this Peach reads (1-3); a newer Peach may")
        }
    }

    private func fieldKind(_ kind: RecordProblem.FieldKind) -> String {
        switch kind {
        case .number: tr("a number")
        case .wholeNumber: tr("a whole number")
        case .text: tr("a string")
        case .boolean: tr("true or false")
        case .midiNote: tr("a MIDI note 0-127")
        case .cents: tr("a number of cents within ±2400")
        case .frequency: tr("a positive frequency")
        case .seconds: tr("0 or more seconds")
        case .velocity: tr("a velocity 1-127")
        case .answer: tr("\"higher\" or \"lower\"")
        case .procedure: tr("\"training\" or \"measurement\"")
        case .checksum: tr("eight hex digits, the last field")
        case .tuning:
            tr("\"equal\", \"just\" or \"pythagorean\"")
        case .tempo: tr("a tempo of 1-1000 BPM")
        case .milliseconds: tr("milliseconds within ±60000")
        case .time: tr("a UTC time such as 2026-03-03T14:30:00Z")
        case .interval:
            tr("an interval P1-P8 that fits the notes")
        case .playBackItem: tr("a play-back item such as M3down or minor/1, of the record's kind")
        case .noteList: tr("the item's MIDI notes, separated by spaces")
        case .noteLengths:
            tr("a length in beats (0.5, 1, 1.5 or 2) for each note of the melody, separated by spaces")
        case .playedNotes: tr("notes as note:velocity:milliseconds, separated by spaces")
        case .timingPattern: tr("a timing pattern such as 4:xxxx or 3:x-x")
        case .offsetPosition: tr("a step of the pattern where a note other than its first sounds")
        case .echoRhythm:
            tr("a bar of four beats such as 4:x-xx 2:xx 3:xxx 1:x, and a level 1-6 that holds it")
        case .echoOnsets: tr("one offset in ms (within ±1000) or - per note of the bar, separated by spaces")
        case .keyName:
            tr(
                "a tonic such as F♯ or C♯ on the reference's note, where the key's plainer spelling is another"
            )
        case .fillTheGapFields:
            tr("silent bars 1-4 (a drift with two strikes or more) and a ramp of ±1-20 BPM every 1-16 bars")
        }
    }

    // MARK: Devices

    /// The message for a sound or MIDI device that failed: the device, what went wrong, what to do.
    public func message(for error: DeviceError) -> String {
        let system = error.systemText
        let what: String
        switch (error.operation, error.kind) {
        case (_, .notInstalled):
            what = tr(
                "JACK's library (libjack.so.0) is not installed: apt install libjack-jackd2-0 (or pipewire-jack), or "
                    + "play through ALSA with --audio-out alsa:default")
        case (_, .noSuchDevice) where error.isJACK && error.systemText.contains("server"):
            what = tr(
                "no JACK server is running: start one (jackd, qjackctl, or PipeWire's with pw-jack), or play through "
                    + "ALSA with --audio-out alsa:default")
        case (_, .noSuchDevice) where error.isJACK:
            what = tr("JACK has no such ports (\(system)); 'jack_lsp' lists them")
        case (.openSequencer, .noSuchDevice) where error.device != "seq" && !error.device.hasPrefix("seq:"):
            // Opened for --output midi…: the way out is another output, not another input.
            what = tr(
                "no ALSA sequencer here (/dev/snd/seq is missing): load it with 'sudo modprobe snd-seq', or use "
                    + "--output synth (the internal synth) or --output rawmidi:PATH")
        case (.openSequencer, .noSuchDevice):
            what = tr(
                "no ALSA sequencer here (/dev/snd/seq is missing): load it with 'sudo modprobe snd-seq', or use "
                    + "--midi-in rawmidi:PATH or --midi-in keyboard")
        case (.openPCM, .noSuchDevice):
            what = tr(
                "no such audio device ('peach devices' lists those that can play); train in silence with "
                    + "--audio-out null, or into a file with --audio-out wav:PATH, and answer on the computer "
                    + "keyboard with --midi-in keyboard")
        case (.connect, .noSuchDevice):
            what = tr("no such port; 'peach devices' lists the ports")
        case (.openPCM, .busy), (.configurePCM, .busy), (.writePCM, .busy):
            what = busyAudio(error)
        case (_, .busy):
            what = tr("the MIDI port is busy; close the program using it")
        case (_, .permissionDenied):
            what = tr("permission denied; add yourself to the 'audio' group (then log in again)")
        case (_, .formatUnsupported):
            what = tr("the audio device takes none of FLOAT_LE, S32_LE, S16_LE; try its plughw: name")
        case (_, .stalled):
            what = tr("the audio device stopped taking audio; try a larger buffer, e.g. --latency 256x3")
        case (.writePCM, _), (.openPCM, .deviceLost), (.configurePCM, .deviceLost):
            what = tr("the audio device was lost; check that it is still plugged in")
        case (.send, _), (.receive, .deviceLost):
            what = tr("the sequencer stopped taking MIDI")
        case (.configurePCM, _):
            what = tr("the audio device refused its settings (\(system))")
        case (.openPCM, _):
            what = tr("cannot open the audio device (\(system))")
        case (.openSequencer, _), (.receive, _):
            what = tr("the sequencer failed (\(system))")
        case (.connect, _):
            what = tr("cannot connect to that port (\(system))")
        }
        return tr("\(error.device): \(what).")
    }

    /// The line after a failure of `peach` run from its build folder (`swift run`), where the README's `peach …`
    /// lines would not find it: where it is and how to put it on the PATH.
    public func notOnPath(executable: String) -> String {
        let folder = (executable as NSString).deletingLastPathComponent
        return tr(
            "peach: this peach is \(executable); to type 'peach' as the README does, put its folder on your "
                + "PATH: export PATH=\"\(folder):$PATH\" (or install it: sudo make install)")
    }

    /// Why an audio device is busy and the way through: play through the sound server that holds the card, or
    /// close the program that does (never "use alsa:default" when that is the busy one).
    private func busyAudio(_ error: DeviceError) -> String {
        guard let holder = error.holder else {
            return error.device == "alsa:default"
                ? tr(
                    "the audio device is busy; close the program using it (peach devices lists what can play)"
                )
                : tr("the audio device is busy; close the program using it, or use alsa:default")
        }
        let who = tr("\(holder.name), process \(holder.pid)")
        switch holder.server {
        case .jack:
            return tr(
                "the sound card is held by JACK (\(who)); play through it with --audio-out jack (or "
                    + "alsa:jack; not for timing), or stop the JACK server")
        case .pipeWire:
            return tr(
                "the sound card is held by PipeWire (\(who)); play through it with --audio-out alsa:pipewire (or "
                    + "alsa:default where it is the default; not for timing), or stop what plays through it: "
                    + "PipeWire lets go of the card a few seconds later")
        case .pulseAudio:
            return tr(
                "the sound card is held by PulseAudio (\(who)); play through it with --audio-out alsa:pulse (or "
                    + "alsa:default where it is the default; not for timing: for that, let PulseAudio step aside with "
                    + "pasuspender -- peach … --audio-out alsa:hw:0)")
        case nil:
            return tr("the audio device is busy: \(who) holds the sound card; close it first")
        }
    }

    /// The message for a failure of the live audio output.
    public func message(for error: AudioOutputError) -> String {
        switch error {
        case .threadNotStarted(let error):
            tr("cannot start the audio thread (\(systemReason(error.errno))).")
        case .sinkStopped(let name):
            tr("\(name) stopped taking audio.")
        }
    }

    /// The message for a failure of the internal synth.
    public func message(for error: SynthError) -> String {
        switch error {
        case .outputNotRunning:
            tr("the internal synth's audio output is not running.")
        case .unknownTimbre(let name):
            tr("the internal synth has no timbre '\(shown(name))'; use \(list(TrainingSettings.timbres)).")
        case .tooManyInstruments:
            tr("the internal synth holds no more SoundFont instruments.")
        }
    }

    /// A SoundFont that cannot play, and what plays instead: `FILE: … (playing the sine instead).`
    public func soundFontFallback(_ error: SoundFontError, timbre: String) -> String {
        tr("\(String(message(for: error).dropLast())) (playing the \(timbre) instead).")
    }

    /// `FILE: not a SoundFont 2 file …`: what is wrong with a SoundFont and what to do.
    public func message(for error: SoundFontError) -> String {
        let what: String
        switch error.problem {
        case .unreadable(let file): return message(for: file) + "."
        case .notSoundFont:
            what = tr("not a SoundFont 2 file (no RIFF sfbk header); choose an .sf2 file")
        case .truncated(let chunk):
            what = tr(
                "the file ends inside its '\(shown(chunk))' chunk (cut short?); download or copy it again")
        case .missingChunk(let chunk):
            what = tr("the '\(shown(chunk))' chunk a SoundFont needs is missing")
        case .badChunk(let chunk):
            what = tr("the '\(shown(chunk))' chunk has an impossible size")
        case .badIndex(let chunk):
            what = tr("the '\(shown(chunk))' chunk points outside its records")
        case .badSample(let name):
            what = tr("sample '\(shown(name))' lies outside the sample data or has an impossible rate")
        case .compressedSample(let name):
            what = tr(
                "sample '\(shown(name))' is compressed (SoundFont 3), which Peach does not play; use an .sf2 file"
            )
        case .tooLarge:
            what = tr("the preset is larger than Peach loads (256 MB of samples)")
        case .noSuchPreset(let name):
            what = tr("no preset '\(shown(name))'; 'peach sounds' lists them")
        case .noPresets: what = tr("the file holds no presets")
        case .emptyPreset(let name):
            what = tr("preset '\(shown(name))' has no sample Peach can play")
        }
        return "\(error.path): \(what)."
    }

    /// The message for a MIDI input or output failure.
    public func message(for error: MIDIInputError) -> String {
        switch error {
        case .cannotOpen(let error):
            guard error.errno == .noSuchFileOrDirectory else { return tr("rawmidi:\(message(for: error)).") }
            return tr("rawmidi:\(message(for: error)); 'peach devices' lists the raw MIDI devices.")
        case .readFailed(let error), .writeFailed(let error):
            if error.isDeviceGone {
                return tr("rawmidi:\(error.path): the MIDI device was unplugged.")
            }
            return tr("rawmidi:\(message(for: error)).")
        case .sequencer(let error):
            return message(for: error)
        }
    }

    // MARK: Profiles

    /// The message for a controller-profile error. `asked` says whether the user named the profile (then the
    /// hint is to fix it or choose another; otherwise Peach falls back to the default).
    public func message(for error: ProfileError, asked: Bool) -> String {
        /// The message, and when the user named the profile, how to go on.
        func hinted(_ message: String) -> String {
            asked ? tr("\(message) Fix the file, or choose another profile with --profile.") : message
        }
        switch error {
        case .notFound(let name, let searched):
            let folders =
                searched.isEmpty
                ? "" : tr(" (looked in \(searched.joined(separator: ", ")))")
            return tr(
                "no controller profile named '\(shown(name))'\(folders); make one with 'peach learn --name \(shown(name))'."
            )
        case .unreadable(let error):
            return hinted(tr("\(message(for: error))."))
        case .invalid(let path, let field, let problem):
            let what = field.map { "\($0) " } ?? ""
            return hinted(tr("\(path): \(what)\(self.problem(problem))."))
        case .invalidName(let name):
            return tr("'\(shown(name))' is not a profile name; use letters, digits, '-' and '_'.")
        }
    }

    /// A warning: the profile the setting names cannot be used, so the default stands in.
    public func profileFallback(_ error: ProfileError) -> String {
        tr("warning: \(message(for: error, asked: false)) Using the default profile.")
    }

    /// What is wrong at a field of a profile.
    public func problem(_ problem: ProfileProblem) -> String {
        func quoted(_ names: [String]) -> [String] { names.map { "\"\($0)\"" } }
        switch problem {
        case .notJSON: return tr("not valid JSON")
        case .wrongType(let expected, let found):
            return tr("must be \(type(expected)), not \(type(found))")
        case .outOfRange(let value, let range):
            return tr(
                "must be \(shortest(range.lowerBound))–\(shortest(range.upperBound)), not \(shortest(value))")
        case .notWholeNumber(let value):
            return tr("must be a whole number, not \(shortest(value))")
        case .notNoteName(let name):
            return tr("'\(shown(name))' is not a note name such as C4 or F#2, nor a MIDI number 0–127")
        case .notOneOf(let word, let known):
            return tr("'\(shown(word))' is not one of \(list(known))")
        case .unknownField(let known):
            return tr("is not a known field (known: \(list(known)))")
        case .missing(let alternatives):
            return alternatives.isEmpty
                ? tr("is missing")
                : tr("is missing (\(list(quoted(alternatives))))")
        case .needsExactlyOne(let fields):
            return tr("needs exactly one of \(list(quoted(fields)))")
        case .needsBoth(let first, let second):
            return tr("needs both \"\(first)\" and \"\(second)\"")
        case .conflicting(let first, let second):
            return tr("has both \"\(first)\" and \"\(second)\"; keep one")
        case .sameGestureActions:
            return tr("short and long must be different actions")
        case .gestureOnProgramChange:
            return tr("a program change has no release, so it cannot make a gesture")
        case .fromAboveTo:
            return tr("\"from\" must not be above \"to\"")
        case .doesNotApply(let control):
            return tr("does not apply to the \(control) control")
        case .mapsNothing:
            return tr("the profile maps nothing; give at least one action or a tune control")
        }
    }

    private func type(_ type: JSONType) -> String {
        switch type {
        case .null: "null"
        case .boolean: tr("true or false")
        case .number: tr("a number")
        case .string: tr("a string")
        case .list: tr("a list")
        case .object: tr("an object")
        }
    }
}

extension Texts {
    /// The message for a command's own failure.
    public func message(for error: CommandError) -> String {
        switch error {
        case .option(let error):
            return message(for: error) + "."
        case .invalidSpec(let option, let value, let expected) where option.hasPrefix("<"):
            // A command's argument (`peach tone X4`) has no option name to show: the value alone.
            return tr("'\(shown(value))' is not valid here; use \(spec(expected)).")
        case .invalidSpec(let option, let value, let expected):
            return tr("\(option) '\(shown(value))' is not valid; use \(spec(expected)).")
        case .duplicate(let option, let value):
            return tr("\(option) names '\(shown(value))' twice.")
        case .noSynthFound(let spec, let named):
            let what =
                named
                ? tr("no MIDI port matches '\(shown(spec))'")
                : tr("no MIDI synth found")
            return tr(
                "\(what): start one (e.g. fluidsynth -a alsa -m alsa_seq FILE.sf2) or name one with --output "
                    + "midi:CLIENT:PORT; 'peach devices' lists the ports.")
        case .keyboardNeedsTerminal:
            return tr("--midi-in keyboard needs a terminal on stdin.")
        case .learnNeedsMIDI:
            return tr("peach learn needs MIDI input, not --midi-in keyboard.")
        case .learnInputEnded(let learned, let total):
            return tr(
                "the input ended before every action was learned (\(learned) of \(total)); nothing was written."
            )
        case .fileExists(let path):
            return tr("\(path) exists; use --force to replace it, or another --name.")
        case .refusingToDelete(let count):
            return tr("refusing to delete \(count) records without --yes (no terminal to ask).")
        case .cannotWrite(let error):
            return message(for: error) + "."
        case .passwordTooShort(let minimum):
            return tr("the password must have at least \(minimum) characters; nothing was changed")
        case .passwordsDiffer:
            return tr("the two passwords differ; nothing was changed")
        case .cannotListen(let address, let port, let number, let reason):
            let why = number.map { systemReason(Errno(rawValue: $0)) } ?? reason
            if number == EADDRINUSE {
                return tr(
                    "cannot listen at \(address) port \(port): \(why); another program (or another peach web) uses it, choose another with --port"
                )
            }
            return tr("cannot listen at \(address) port \(port): \(why); check --address and --port")
        case .invalidPlayBackItems(let value, let kind):
            let examples = PlayBackItem.catalogue(of: kind).prefix(4).map(\.id).joined(separator: ", ")
            return tr(
                "--items '\(shown(value))' is no item of --kind \(kind.rawValue); use a list such as \(examples) "
                    + "(peach play --help lists them).")
        case .invalidConfusion(let value, let kind):
            let example = PlayBackItem.catalogue(of: kind).prefix(2).map(\.id).joined(separator: "=")
            return tr(
                "--confuse '\(shown(value))' is no pair of --kind \(kind.rawValue) items; write asked=heard, such as "
                    + "\(example) (peach play --help lists the items).")
        case .placementWithItems:
            return tr("--placement places you in the kind's whole list; leave out --items, or --placement.")
        case .noDataFolder(let path):
            return tr(
                "--data-dir \(path): no such folder, so no training data to read there; check the name (training "
                    + "creates the folder with its first answer).")
        case .builtWithoutDashboard:
            return tr(
                "this peach was built without the dashboard (swift run --disable-default-traits leaves it out); "
                    + "build it in with: swift build -c release, then run .build/release/peach web.")
        case .calibrationNeedsSound:
            return tr(
                "a calibration measures strikes against clicks you hear, and --audio-out null plays none; choose a "
                    + "sound card (--audio-out alsa:hw:0) or an external synth (--output midi).")
        case .inTempoNeedsMelodies:
            return tr("--in-tempo plays a melody back against the click; use it with --kind melodies.")
        case .tempoNeedsInTempo:
            return tr(
                "--tempo sets the click of --in-tempo, and without it nothing clicks; add --in-tempo (with --kind "
                    + "melodies; the melodyInTempo setting on does so for every run), or leave --tempo out.")
        case .needsInTempo(let option):
            return tr(
                "\(option) with --mode melodies says how the notes are struck against the click, and a free phrase has "
                    + "none; add --in-tempo, or leave \(option) out.")
        case .optionNeeds(let option, let choice, let values, let given):
            return tr(
                "\(option) is for \(choice) \(list(values)), not \(choice) \(given); it would do nothing there."
            )
        case .unknownCommand(let word, let nearest):
            guard let nearest else {
                return tr("'\(shown(word))' is no command of peach; 'peach help' lists them.")
            }
            return tr(
                "'\(shown(word))' is no command of peach; did you mean '\(nearest)'? ('peach help' lists them)"
            )
        }
    }

    /// The forms an option takes, in words.
    public func spec(_ kind: SpecKind) -> String {
        switch kind {
        case .midiInput:
            tr("seq, seq:CLIENT:PORT, seq:NAME, jack, jack:CLIENT, rawmidi:PATH, a path, or keyboard")
        case .midiOutput: allowed(.midiOutput)
        case .audioOutput: allowed(.audioOutput)
        case .latency:
            tr("standard, low or FRAMESxPERIODS (16-8192 frames, 2-16 periods)")
        case .midiChannels: tr("channels 1-16 such as 1,2 or 1-4")
        case .midiTuning: tr("bend or mts")
        case .note:
            tr("a note name such as A4, C#3 or Bb2, or a MIDI number 0-127")
        case .noteRange: tr("a range such as C3-C5")
        case .action: list(LearnStep.all.map(\.description))
        case .number: tr("a number such as +12.3 or -5")
        case .wholeNumber: tr("a whole number such as 100")
        case .simulationMode: list(SimulationMode.allCases.map(\.rawValue))
        case .exportFormat: list(ExportFormat.allCases.map(\.rawValue))
        case .playBackKind: list(PlayBackKind.allCases.map(\.rawValue))
        case .listenAddress: tr("an IP address such as 127.0.0.1, 0.0.0.0 or ::, or a host name")
        case .hostName: tr("a host name such as peach.fritz.box (letters, digits, dots and hyphens)")
        }
    }
}

extension Texts {
    /// The one-line message and exit status for one of Peach's own errors (64 for bad usage: a setting, a
    /// profile's name; 1 for a failure), or nil for an error Peach does not word (ArgumentParser's).
    public func failure(for error: any Error) -> (message: String, status: Int32)? {
        switch error {
        case let error as CommandError: (message(for: error), error.exitStatus)
        case let error as ProfileError where error.isAboutAName: (message(for: error), 64)
        case let error as SettingsError: (message(for: error) + ".", 64)
        case is StoreError, is DeviceError, is ProfileError, is MIDIInputError, is AudioOutputError,
            is DataLocations.Failure, is FileError, is SoundFontError, is ClicksUnavailable:
            (message(for: error), 1)
        default: nil
        }
    }
}

extension DeviceError {
    /// Whether the device is Peach's JACK client (`jack`, `jack:TARGET`).
    fileprivate var isJACK: Bool { device == "jack" || device.hasPrefix("jack:") }
}
