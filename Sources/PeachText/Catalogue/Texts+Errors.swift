// Texts+Errors: every error of Peach as one line, in English or German, made from the errors' structure.

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
        default: pick("unexpected failure: \(error)", "unerwarteter Fehler: \(error)")
        }
    }

    // MARK: Settings

    /// What a setting allows, in words: `0.3–3 seconds`, `one of sine, piano, organ`.
    public func allowed(_ allowed: AllowedValues) -> String {
        switch allowed {
        case .number(let range, let unit):
            let span = "\(shortest(range.lowerBound))–\(shortest(range.upperBound))"
            switch unit {
            case .seconds: return span + pick(" seconds", " Sekunden")
            case .hertz: return span + " Hz"
            case .amount: return span + pick(" (0 = off)", " (0 = aus)")
            case .cents: return span + " " + centWord(for: "2")
            case .decibels: return span + " dB"
            }
        case .wholeNumber(let range): return "\(range.lowerBound)–\(range.upperBound)"
        case .noteRange(let within, let minimum):
            return pick(
                "two notes within \(within.lowerBound.name)–\(within.upperBound.name), at least \(minimum) semitones "
                    + "apart, such as C2-C6",
                "zwei Töne innerhalb \(within.lowerBound.name)–\(within.upperBound.name), mindestens \(minimum) "
                    + "Halbtöne auseinander, etwa C2-C6")
        case .oneOf(let words): return pick("one of ", "eines von ") + list(words)
        case .intervals:
            return pick(
                "intervals P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8 separated by commas, each up or with "
                    + "'down', such as P5,M3down",
                "Intervalle P1, m2, M2, m3, M3, P4, d5, P5, m6, M6, m7, M7, P8, durch Kommas getrennt, aufwärts "
                    + "oder mit 'down' abwärts, etwa P5,M3down")
        case .profileName:
            return pick(
                "a profile name of letters, digits, '-' and '_'",
                "ein Profilname aus Buchstaben, Ziffern, '-' und '_'")
        case .audioOutput:
            return pick("alsa:DEVICE, wav:PATH or null", "alsa:GERÄT, wav:PFAD oder null")
        case .midiOutput:
            return pick(
                "synth, midi, midi:CLIENT:PORT, midi:NAME or rawmidi:PATH",
                "synth, midi, midi:CLIENT:PORT, midi:NAME oder rawmidi:PFAD")
        case .onOff: return pick("on or off", "on oder off")
        case .soundFont:
            return pick(
                "a SoundFont's path or file name ('peach sounds' lists them), or none",
                "Pfad oder Dateiname eines SoundFonts ('peach sounds' zeigt sie), oder 'none'")
        case .preset:
            return pick(
                "a preset's name or BANK:PROGRAM, or empty for the first",
                "Name oder BANK:PROGRAMM eines Presets, "
                    + "oder leer für das erste")
        }
    }

    /// `a, b or c` / `a, b oder c`.
    func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + pick(" or ", " oder ") + last
    }

    /// A settings error, naming its key (or the option it came from), without a final full stop.
    public func message(for error: SettingsError) -> String {
        switch error {
        case .outOfRange(let key, let value, let allowed):
            return pick(
                "\(key) \(shown(value)) is out of range; use \(self.allowed(allowed))",
                "\(key) \(shown(value)) liegt außerhalb des Bereichs; erlaubt: \(self.allowed(allowed))")
        case .rangeTooNarrow(let key, let range, let minimum):
            return pick(
                "\(key) \(shown(range)) is too narrow; the range must span at least \(minimum) semitones",
                "\(key) \(shown(range)) ist zu eng; der Bereich muss mindestens \(minimum) Halbtöne umfassen")
        case .invalidValue(let key, let value, let expected):
            return pick(
                "\(key) '\(shown(value))' is not valid; expected \(allowed(expected))",
                "\(key) '\(shown(value))' ist ungültig; erwartet: \(allowed(expected))")
        case .unknownKey(let key):
            return pick(
                "there is no setting '\(shown(key))'; the settings are: ",
                "es gibt keine Einstellung '\(shown(key))'; es gibt: ")
                + PeachSettings.keys.joined(separator: ", ")
        case .noSuchProfile(let key, let value, let known):
            return pick(
                "\(key) '\(shown(value))' names no controller profile; there are: \(list(known)) "
                    + "(make one with 'peach learn --name \(shown(value))')",
                "\(key) '\(shown(value))' nennt kein Controller-Profil; es gibt: \(list(known)) "
                    + "(erstelle eines mit 'peach learn --name \(shown(value))')")
        }
    }

    // MARK: Files

    /// The system's reason for an `errno` value, in words: the common ones worded here (German too), the rest
    /// in the system's own words.
    public func systemReason(_ errno: Errno) -> String {
        switch errno {
        case .noSuchFileOrDirectory: pick("no such file or folder", "Datei oder Ordner gibt es nicht")
        case .permissionDenied, .notPermitted: pick("permission denied", "keine Berechtigung")
        case .noSpace: pick("disk full", "Datenträger voll")
        case .diskQuotaExceeded: pick("disk quota exceeded", "Speicherkontingent erschöpft")
        case .readOnlyFileSystem: pick("read-only file system", "schreibgeschütztes Dateisystem")
        case .isDirectory: pick("is a folder", "ist ein Ordner")
        case .notDirectory: pick("not a folder", "kein Ordner")
        case .resourceBusy: pick("busy", "belegt")
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice:
            pick("no such device", "kein solches Gerät")
        case .ioError: pick("input/output error", "Ein-/Ausgabefehler")
        case .fileExists: pick("already exists", "gibt es schon")
        case .fileTooLarge: pick("file too large", "Datei zu groß")
        case .invalidArgument: pick("not a regular file", "keine reguläre Datei")
        case .tooManySymbolicLinkLevels: pick("a symbolic link", "ein symbolischer Link")
        case .fileNameTooLong: pick("name too long", "Name zu lang")
        case .tooManyOpenFiles, .tooManyOpenFilesInSystem:
            pick("too many open files", "zu viele offene Dateien")
        case .brokenPipe: pick("the reader went away", "der Leser ist weg")
        default: String(cString: strerror(errno.rawValue))
        }
    }

    /// `PATH: cannot write (disk full)`, without a final full stop.
    public func message(for error: FileError) -> String {
        let what: String
        switch error.operation {
        case .open: what = pick("cannot open", "kann nicht öffnen")
        case .read, .stat, .poll: what = pick("cannot read", "kann nicht lesen")
        case .write, .sync, .truncate: what = pick("cannot write", "kann nicht schreiben")
        case .rename, .link: what = pick("cannot replace", "kann nicht ersetzen")
        case .unlink: what = pick("cannot remove", "kann nicht entfernen")
        case .makeDirectory: what = pick("cannot create the folder", "kann den Ordner nicht anlegen")
        case .lock: what = pick("cannot lock", "kann nicht sperren")
        case .pipe, .startThread: what = pick("cannot start", "kann nicht starten")
        }
        let hint =
            error.isDiskFull
            ? pick(
                "; free some space: nothing already stored was harmed",
                "; schaffe Platz: nichts bereits Gespeichertes wurde beschädigt") : ""
        return "\(error.path): \(what) (\(systemReason(error.errno)))\(hint)"
    }

    /// The message for a failure to find the data folders.
    public func message(for error: DataLocations.Failure) -> String {
        switch error {
        case .noHomeDirectory(let purpose):
            let variable = "XDG_\(purpose.uppercased())_HOME"
            let what =
                purpose == "data"
                ? pick("the training data", "die Trainingsdaten")
                : pick("the settings", "die Einstellungen")
            return pick(
                "cannot tell where to keep \(what): set HOME (or \(variable)) to an absolute path.",
                "weiß nicht, wo \(what) liegen sollen: setze HOME (oder \(variable)) auf einen absoluten Pfad."
            )
        }
    }

    // MARK: Store

    /// The message for a store or settings-file error.
    public func message(for error: StoreError) -> String {
        switch error {
        case .locked(let path, let owner):
            let folder = (path as NSString).deletingLastPathComponent
            let who = owner.map { pick(" (process \($0))", " (Prozess \($0))") } ?? ""
            return pick(
                "another Peach\(who) is using the training data in \(folder); stop it first, or choose other data "
                    + "with --data-dir.",
                "ein anderes Peach\(who) benutzt die Trainingsdaten in \(folder); beende es zuerst, oder wähle "
                    + "andere Daten mit --data-dir.")
        case .io(let error):
            return message(for: error) + "."
        case .unsafeDirectory(let path, let owner, let writableByOthers):
            let why = unsafeFolder(owner: owner, writableByOthers: writableByOthers)
            return pick(
                "the training data folder \(path) \(why); Peach will not use it. Fix it with chown or chmod o-w, or "
                    + "choose another with --data-dir.",
                "der Ordner der Trainingsdaten \(path) \(why); Peach benutzt ihn nicht. Korrigiere ihn mit chown oder "
                    + "chmod o-w, oder wähle einen anderen mit --data-dir.")
        case .unsafeSettingsDirectory(let path, let owner, let writableByOthers):
            let why = unsafeFolder(owner: owner, writableByOthers: writableByOthers)
            return pick(
                "the settings folder \(path) \(why); Peach will not read settings from it. Fix it with chown or "
                    + "chmod o-w, or set XDG_CONFIG_HOME to another folder.",
                "der Einstellungsordner \(path) \(why); Peach liest keine Einstellungen daraus. Korrigiere ihn mit "
                    + "chown oder chmod o-w, oder setze XDG_CONFIG_HOME auf einen anderen Ordner.")
        case .journalReplaced(let path):
            return pick(
                "\(path) was replaced or removed by another program while Peach was writing to it; this answer was not "
                    + "saved, and the answers before it are in the file that was replaced. Find what changed it before "
                    + "training again.",
                "\(path) wurde von einem anderen Programm ersetzt oder gelöscht, während Peach hineinschrieb; diese "
                    + "Antwort wurde nicht gespeichert, und die Antworten davor stehen in der ersetzten Datei. Finde "
                    + "heraus, was sie geändert hat, bevor du weiter übst.")
        case .nonFiniteValue(let path, let field):
            return pick(
                "a record for \(path) has no finite number in '\(shown(field))'; nothing was written. This is a bug in "
                    + "Peach: please report it with the command you ran.",
                "ein Datensatz für \(path) hat in '\(shown(field))' keine endliche Zahl; nichts wurde geschrieben. Das "
                    + "ist ein Fehler in Peach: bitte melde ihn mit dem Befehl, den du ausgeführt hast.")
        case .protectedOutput(let path, let protected):
            return pick(
                "\(path) would overwrite Peach's own data (\(protected)); nothing was written. Choose another file.",
                "\(path) würde Peachs eigene Daten überschreiben (\(protected)); nichts wurde geschrieben. Wähle eine "
                    + "andere Datei.")
        case .newerSchema(let path, let found, let supported):
            return pick(
                "\(path) was written by a newer Peach (record version \(found); this Peach reads up to "
                    + "\(supported)). Update Peach; the file was left as it is.",
                "\(path) stammt von einem neueren Peach (Datensatzversion \(found); dieses Peach liest bis "
                    + "\(supported)). Aktualisiere Peach; die Datei blieb unverändert.")
        case .unreadableImport(let path, let line, let problem):
            return pick(
                "\(path) line \(line): \(self.problem(problem)); nothing was imported.",
                "\(path) Zeile \(line): \(self.problem(problem)); nichts wurde importiert.")
        case .invalidSettings(let path, let problem):
            let fix = problem.key.map { "'peach settings reset \($0)'" } ?? "'peach settings reset'"
            return pick(
                "\(path): \(self.problem(problem)). Fix the file, or run 'peach settings set KEY VALUE' or \(fix) "
                    + "(every setting that still reads is kept).",
                "\(path): \(self.problem(problem)). Korrigiere die Datei, oder führe 'peach settings set SCHLÜSSEL "
                    + "WERT' oder \(fix) aus (jede noch lesbare Einstellung bleibt).")
        }
    }

    /// Why a folder is not used: `belongs to another user (uid N)` or `is writable by anybody`.
    private func unsafeFolder(owner: Int?, writableByOthers: Bool) -> String {
        owner.map { pick("belongs to another user (uid \($0))", "gehört einem anderen Benutzer (uid \($0))") }
            ?? (writableByOthers ? pick("is writable by anybody", "ist für alle beschreibbar") : "")
    }

    /// What is wrong with the settings file.
    public func problem(_ problem: SettingsFileProblem) -> String {
        switch problem {
        case .syntax(let line, let column):
            pick(
                "not valid JSON at line \(line), column \(column)",
                "kein gültiges JSON in Zeile \(line), Spalte \(column)")
        case .notAnObject: pick("not a JSON object of settings", "kein JSON-Objekt mit Einstellungen")
        case .duplicateKey(let key): pick("\(key) appears twice", "\(key) steht doppelt da")
        case .wrongType(let key):
            pick(
                "\(key) must be a number, a string or true/false",
                "\(key) muss eine Zahl, ein Text oder true/false sein")
        case .value(let error): message(for: error)
        }
    }

    /// What a writer that opened the store has to tell (an import a crash stopped half-way, which it undid), as
    /// `peach:` lines for stderr; none usually.
    public func storeNotices(_ contents: JournalContents) -> [String] {
        guard let interrupted = contents.interruptedImport else { return [] }
        let what = interrupted.source.map { shown($0) } ?? pick("records", "Datensätzen")
        let lines = count(interrupted.linesRemoved, ("line", "Zeile"), ("lines", "Zeilen"))
        return [
            "peach: "
                + pick(
                    "an import of \(what) (started \(interrupted.started)) was stopped half-way and undone (\(lines) "
                        + "taken out), so your data is as it was before it. Run the import again.",
                    "ein Import von \(what) (begonnen \(interrupted.started)) wurde mittendrin abgebrochen und rückgängig "
                        + "gemacht (\(lines) entfernt), deine Daten sind also wie vorher. Starte den Import noch einmal."
                )
        ]
    }

    /// Why a line is not a record.
    public func problem(_ problem: RecordProblem) -> String {
        switch problem {
        case .notAnObject: return pick("not a JSON object", "kein JSON-Objekt")
        case .textAfterObject: return pick("text after the object", "Text nach dem Objekt")
        case .duplicateField(let field):
            return pick("field '\(shown(field))' appears twice", "Feld '\(shown(field))' steht doppelt da")
        case .invalidVersion(let version):
            return pick("schema version \(version) is not valid", "Schemaversion \(version) ist ungültig")
        case .invalidTime:
            return pick(
                "field 'time' is not a time such as 2026-11-21T09:00:00.000Z",
                "Feld 'time' ist keine Zeit wie 2026-11-21T09:00:00.000Z")
        case .unknownType(let type):
            return pick("unknown record type '\(shown(type))'", "unbekannte Datensatzart '\(shown(type))'")
        case .missingField(let field):
            return pick("field '\(shown(field))' is missing", "Feld '\(shown(field))' fehlt")
        case .invalidField(let field, let kind):
            return pick("field '\(shown(field))' must be ", "Feld '\(shown(field))' muss ") + fieldKind(kind)
                + pick("", " sein")
        case .outOfRange(let field, let allowed):
            let span = "\(shortest(allowed.lowerBound))–\(shortest(allowed.upperBound))"
            return pick(
                "field '\(shown(field))' must be \(span)", "Feld '\(shown(field))' muss \(span) sein")
        case .contradictoryCorrect:
            return pick(
                "field 'correct' contradicts the answer and the cents",
                "Feld 'correct' widerspricht der Antwort und den Cent")
        case .lineTooLong(let bytes): return pick("longer than \(bytes) bytes", "länger als \(bytes) Bytes")
        case .notAnArray: return pick("not a JSON array of records", "keine JSON-Liste von Datensätzen")
        case .missingSeparator: return pick("expected ',' or ']'", "',' oder ']' erwartet")
        case .textAfterArray: return pick("text after the array", "Text nach der Liste")
        case .notACSVExport:
            return pick(
                "not a Peach CSV export (no type and time columns, nor a '# peach-export-format:' line and "
                    + "trainingType and timestamp columns)",
                "kein CSV-Export von Peach (weder Spalten type und time noch eine Zeile '# peach-export-format:' "
                    + "mit Spalten trainingType und timestamp)")
        case .cellCount(let found, let expected):
            return pick(
                "\(found) cells where the header has \(expected)",
                "\(found) Zellen, die Kopfzeile hat \(expected)")
        case .checksumMismatch:
            return pick(
                "its checksum does not match (bits changed on the disk)",
                "seine Prüfsumme stimmt nicht (Bits haben sich auf dem Datenträger verändert)")
        case .newerVersion(let found, let supported):
            return pick(
                "record version \(found) is newer than this Peach reads (\(supported))",
                "Datensatzversion \(found) ist neuer, als dieses Peach liest (\(supported))")
        case .unsupportedExportFormat(let version):
            return pick(
                "export format '\(shown(version))' is not one this Peach reads (1-3); a newer Peach may",
                "Exportformat '\(shown(version))' liest dieses Peach nicht (nur 1-3); ein neueres Peach vielleicht"
            )
        }
    }

    private func fieldKind(_ kind: RecordProblem.FieldKind) -> String {
        switch kind {
        case .number: pick("a number", "eine Zahl")
        case .wholeNumber: pick("a whole number", "eine ganze Zahl")
        case .text: pick("a string", "ein Text")
        case .boolean: pick("true or false", "true oder false")
        case .midiNote: pick("a MIDI note 0-127", "eine MIDI-Note 0-127")
        case .cents: pick("a number of cents within ±2400", "eine Zahl in Cent innerhalb ±2400")
        case .frequency: pick("a positive frequency", "eine positive Frequenz")
        case .seconds: pick("0 or more seconds", "0 oder mehr Sekunden")
        case .velocity: pick("a velocity 1-127", "eine Anschlagstärke 1-127")
        case .answer: pick("\"higher\" or \"lower\"", "\"higher\" oder \"lower\"")
        case .procedure: pick("\"training\" or \"measurement\"", "\"training\" oder \"measurement\"")
        case .checksum: pick("eight hex digits, the last field", "acht Hexziffern, das letzte Feld")
        case .tuning:
            pick("\"equal\", \"just\" or \"pythagorean\"", "\"equal\", \"just\" oder \"pythagorean\"")
        case .tempo: pick("a tempo of 1-1000 BPM", "ein Tempo von 1-1000 BPM")
        case .milliseconds: pick("milliseconds within ±60000", "Millisekunden innerhalb ±60000")
        case .time: pick("a UTC time such as 2026-03-03T14:30:00Z", "eine UTC-Zeit wie 2026-03-03T14:30:00Z")
        case .interval:
            pick("an interval P1-P8 that fits the notes", "ein Intervall P1-P8, das zu den Tönen passt")
        }
    }

    // MARK: Devices

    /// The message for a sound or MIDI device that failed: the device, what went wrong, what to do.
    public func message(for error: DeviceError) -> String {
        let system = " (\(error.systemText))"
        let what: String
        switch (error.operation, error.kind) {
        case (.openSequencer, .noSuchDevice) where error.device != "seq" && !error.device.hasPrefix("seq:"):
            // Opened for --output midi…: the way out is another output, not another input.
            what = pick(
                "no ALSA sequencer here (/dev/snd/seq is missing): load it with 'sudo modprobe snd-seq', or use "
                    + "--output synth (the internal synth) or --output rawmidi:PATH",
                "hier gibt es keinen ALSA-Sequencer (/dev/snd/seq fehlt): lade ihn mit 'sudo modprobe snd-seq', "
                    + "oder nimm --output synth (den eingebauten Synth) oder --output rawmidi:PFAD")
        case (.openSequencer, .noSuchDevice):
            what = pick(
                "no ALSA sequencer here (/dev/snd/seq is missing): load it with 'sudo modprobe snd-seq', or use "
                    + "--midi-in rawmidi:PATH or --midi-in keyboard",
                "hier gibt es keinen ALSA-Sequencer (/dev/snd/seq fehlt): lade ihn mit 'sudo modprobe snd-seq', "
                    + "oder nimm --midi-in rawmidi:PFAD oder --midi-in keyboard")
        case (.openPCM, .noSuchDevice):
            what = pick(
                "no such audio device; 'peach devices' lists the audio outputs, or play into a file with "
                    + "--audio-out wav:PATH",
                "kein solches Audiogerät; 'peach devices' listet die Audioausgänge, oder spiele in eine Datei mit "
                    + "--audio-out wav:PFAD")
        case (.connect, .noSuchDevice):
            what = pick(
                "no such port; 'peach devices' lists the ports",
                "kein solcher Port; 'peach devices' listet die Ports")
        case (.openPCM, .busy), (.configurePCM, .busy), (.writePCM, .busy):
            what = pick(
                "the audio device is busy; close the program using it, or use alsa:default",
                "das Audiogerät ist belegt; beende das Programm, das es benutzt, oder nimm alsa:default")
        case (_, .busy):
            what = pick(
                "the MIDI port is busy; close the program using it",
                "der MIDI-Port ist belegt; beende das Programm, das ihn benutzt")
        case (_, .permissionDenied):
            what = pick(
                "permission denied; add yourself to the 'audio' group (then log in again)",
                "keine Berechtigung; trage dich in die Gruppe 'audio' ein (und melde dich neu an)")
        case (_, .formatUnsupported):
            what = pick(
                "the audio device takes none of FLOAT_LE, S32_LE, S16_LE; try its plughw: name",
                "das Audiogerät nimmt weder FLOAT_LE noch S32_LE noch S16_LE; versuche seinen plughw:-Namen")
        case (_, .stalled):
            what = pick(
                "the audio device stopped taking audio; try a larger buffer, e.g. --latency 256x3",
                "das Audiogerät nimmt keinen Klang mehr an; versuche einen größeren Puffer, z. B. --latency 256x3"
            )
        case (.writePCM, _), (.openPCM, .deviceLost), (.configurePCM, .deviceLost):
            what = pick(
                "the audio device was lost; check that it is still plugged in",
                "das Audiogerät ist weg; prüfe, ob es noch angeschlossen ist")
        case (.send, _), (.receive, .deviceLost):
            what = pick("the sequencer stopped taking MIDI", "der Sequencer nimmt kein MIDI mehr an")
        case (.configurePCM, _):
            what =
                pick("the audio device refused its settings", "das Audiogerät lehnt seine Einstellungen ab")
                + system
        case (.openPCM, _):
            what = pick("cannot open the audio device", "kann das Audiogerät nicht öffnen") + system
        case (.openSequencer, _), (.receive, _):
            what = pick("the sequencer failed", "der Sequencer ist ausgefallen") + system
        case (.connect, _):
            what = pick("cannot connect to that port", "kann mich nicht mit diesem Port verbinden") + system
        }
        return "\(error.device): \(what)."
    }

    /// The message for a failure of the live audio output.
    public func message(for error: AudioOutputError) -> String {
        switch error {
        case .threadNotStarted(let error):
            pick("cannot start the audio thread (", "kann den Audio-Thread nicht starten (")
                + systemReason(error.errno) + ")."
        case .sinkStopped(let name):
            pick("\(name) stopped taking audio.", "\(name) nimmt keinen Klang mehr an.")
        }
    }

    /// The message for a failure of the internal synth.
    public func message(for error: SynthError) -> String {
        switch error {
        case .outputNotRunning:
            pick(
                "the internal synth's audio output is not running.",
                "die Audioausgabe des eingebauten Synths läuft nicht.")
        case .unknownTimbre(let name):
            pick(
                "the internal synth has no timbre '\(shown(name))'; use \(list(TrainingSettings.timbres)).",
                "der eingebaute Synth hat keinen Klang '\(shown(name))'; nimm \(list(TrainingSettings.timbres))."
            )
        case .tooManyInstruments:
            pick(
                "the internal synth holds no more SoundFont instruments.",
                "der eingebaute Synth nimmt keine weiteren SoundFont-Instrumente auf.")
        }
    }

    /// A SoundFont that cannot play, and what plays instead: `FILE: … (playing the sine instead).`
    public func soundFontFallback(_ error: SoundFontError, timbre: String) -> String {
        String(message(for: error).dropLast())
            + pick(" (playing the \(timbre) instead).", " (stattdessen spielt \(timbre)).")
    }

    /// `FILE: not a SoundFont 2 file …`: what is wrong with a SoundFont and what to do.
    public func message(for error: SoundFontError) -> String {
        let what: String
        switch error.problem {
        case .unreadable(let file): return message(for: file) + "."
        case .notSoundFont:
            what = pick(
                "not a SoundFont 2 file (no RIFF sfbk header); choose an .sf2 file",
                "keine SoundFont-2-Datei (kein RIFF-sfbk-Kopf); wähle eine .sf2-Datei")
        case .truncated(let chunk):
            what = pick(
                "the file ends inside its '\(shown(chunk))' chunk (cut short?); download or copy it again",
                "die Datei endet mitten im Abschnitt '\(shown(chunk))' (abgeschnitten?); lade oder kopiere sie neu"
            )
        case .missingChunk(let chunk):
            what = pick(
                "the '\(shown(chunk))' chunk a SoundFont needs is missing",
                "der nötige Abschnitt '\(shown(chunk))' fehlt")
        case .badChunk(let chunk):
            what = pick(
                "the '\(shown(chunk))' chunk has an impossible size",
                "der Abschnitt '\(shown(chunk))' hat eine unmögliche Größe")
        case .badIndex(let chunk):
            what = pick(
                "the '\(shown(chunk))' chunk points outside its records",
                "der Abschnitt '\(shown(chunk))' verweist ins Leere")
        case .badSample(let name):
            what = pick(
                "sample '\(shown(name))' lies outside the sample data or has an impossible rate",
                "Sample '\(shown(name))' liegt außerhalb der Sampledaten oder hat eine unmögliche Rate")
        case .compressedSample(let name):
            what = pick(
                "sample '\(shown(name))' is compressed (SoundFont 3), which Peach does not play; use an .sf2 file",
                "Sample '\(shown(name))' ist komprimiert (SoundFont 3), das spielt Peach nicht; nimm eine .sf2-Datei"
            )
        case .tooLarge:
            what = pick(
                "the preset is larger than Peach loads (256 MB of samples)",
                "das Preset ist größer, als Peach lädt (256 MB Samples)")
        case .noSuchPreset(let name):
            what = pick(
                "no preset '\(shown(name))'; 'peach sounds' lists them",
                "kein Preset '\(shown(name))'; 'peach sounds' zeigt sie")
        case .noPresets: what = pick("the file holds no presets", "die Datei enthält keine Presets")
        case .emptyPreset(let name):
            what = pick(
                "preset '\(shown(name))' has no sample Peach can play",
                "Preset '\(shown(name))' hat kein spielbares Sample"
            )
        }
        return "\(error.path): \(what)."
    }

    /// The message for a MIDI input or output failure.
    public func message(for error: MIDIInputError) -> String {
        switch error {
        case .cannotOpen(let error):
            let hint =
                error.errno == .noSuchFileOrDirectory
                ? pick(
                    "; 'peach devices' lists the raw MIDI devices",
                    "; 'peach devices' listet die Raw-MIDI-Geräte")
                : ""
            return "rawmidi:" + message(for: error) + hint + "."
        case .readFailed(let error), .writeFailed(let error):
            if error.isDeviceGone {
                return "rawmidi:\(error.path): "
                    + pick("the MIDI device was unplugged.", "das MIDI-Gerät wurde getrennt.")
            }
            return "rawmidi:" + message(for: error) + "."
        case .sequencer(let error):
            return message(for: error)
        }
    }

    // MARK: Profiles

    /// The message for a controller-profile error. `asked` says whether the user named the profile (then the
    /// hint is to fix it or choose another; otherwise Peach falls back to the default).
    public func message(for error: ProfileError, asked: Bool) -> String {
        let hint =
            asked
            ? pick(
                " Fix the file, or choose another profile with --profile.",
                " Korrigiere die Datei, oder wähle ein anderes Profil mit --profile.") : ""
        switch error {
        case .notFound(let name, let searched):
            let folders =
                searched.isEmpty
                ? "" : pick(" (looked in ", " (gesucht in ") + searched.joined(separator: ", ") + ")"
            return pick(
                "no controller profile named '\(shown(name))'\(folders); make one with 'peach learn --name \(shown(name))'.",
                "kein Controller-Profil namens '\(shown(name))'\(folders); erstelle eines mit 'peach learn --name \(shown(name))'."
            )
        case .unreadable(let error):
            return message(for: error) + "." + hint
        case .invalid(let path, let field, let problem):
            let what = field.map { "\($0) " } ?? ""
            return "\(path): \(what)\(self.problem(problem))." + hint
        case .invalidName(let name):
            return pick(
                "'\(shown(name))' is not a profile name; use letters, digits, '-' and '_'.",
                "'\(shown(name))' ist kein Profilname; nimm Buchstaben, Ziffern, '-' und '_'.")
        }
    }

    /// A warning: the profile the setting names cannot be used, so the default stands in.
    public func profileFallback(_ error: ProfileError) -> String {
        pick("warning: ", "Warnung: ") + message(for: error, asked: false)
            + pick(" Using the default profile.", " Nehme das Standardprofil.")
    }

    /// What is wrong at a field of a profile.
    public func problem(_ problem: ProfileProblem) -> String {
        func quoted(_ names: [String]) -> [String] { names.map { "\"\($0)\"" } }
        switch problem {
        case .notJSON: return pick("not valid JSON", "kein gültiges JSON")
        case .wrongType(let expected, let found):
            return pick(
                "must be \(type(expected)), not \(type(found))",
                "muss \(type(expected)) sein, nicht \(type(found))")
        case .outOfRange(let value, let range):
            return pick(
                "must be \(shortest(range.lowerBound))–\(shortest(range.upperBound)), not \(shortest(value))",
                "muss \(shortest(range.lowerBound))–\(shortest(range.upperBound)) sein, nicht \(shortest(value))"
            )
        case .notWholeNumber(let value):
            return pick(
                "must be a whole number, not \(shortest(value))",
                "muss eine ganze Zahl sein, nicht \(shortest(value))")
        case .notNoteName(let name):
            return pick(
                "'\(shown(name))' is not a note name such as C4 or F#2, nor a MIDI number 0–127",
                "'\(shown(name))' ist weder ein Notenname wie C4 oder F#2 noch eine MIDI-Nummer 0–127")
        case .notOneOf(let word, let known):
            return pick(
                "'\(shown(word))' is not one of \(list(known))",
                "'\(shown(word))' ist keines von \(list(known))")
        case .unknownField(let known):
            return pick(
                "is not a known field (known: \(list(known)))",
                "ist kein bekanntes Feld (bekannt: \(list(known)))")
        case .missing(let alternatives):
            return alternatives.isEmpty
                ? pick("is missing", "fehlt")
                : pick("is missing (\(list(quoted(alternatives))))", "fehlt (\(list(quoted(alternatives))))")
        case .needsExactlyOne(let fields):
            return pick(
                "needs exactly one of \(list(quoted(fields)))",
                "braucht genau eines von \(list(quoted(fields)))")
        case .needsBoth(let first, let second):
            return pick("needs both \"\(first)\" and \"\(second)\"", "braucht \"\(first)\" und \"\(second)\"")
        case .conflicting(let first, let second):
            return pick(
                "has both \"\(first)\" and \"\(second)\"; keep one",
                "hat sowohl \"\(first)\" als auch \"\(second)\"; behalte eines")
        case .sameGestureActions:
            return pick(
                "short and long must be different actions", "short und long müssen verschiedene Aktionen sein"
            )
        case .gestureOnProgramChange:
            return pick(
                "a program change has no release, so it cannot make a gesture",
                "ein Programmwechsel wird nie losgelassen, kann also keine Geste sein")
        case .fromAboveTo:
            return pick("\"from\" must not be above \"to\"", "\"from\" darf nicht über \"to\" liegen")
        case .doesNotApply(let control):
            return pick("does not apply to the \(control) control", "gilt nicht für die Steuerung \(control)")
        case .mapsNothing:
            return pick(
                "the profile maps nothing; give at least one action or a tune control",
                "das Profil ordnet nichts zu; gib mindestens eine Aktion oder eine Stimmsteuerung an")
        }
    }

    private func type(_ type: JSONType) -> String {
        switch type {
        case .null: "null"
        case .boolean: pick("true or false", "true oder false")
        case .number: pick("a number", "eine Zahl")
        case .string: pick("a string", "ein Text")
        case .list: pick("a list", "eine Liste")
        case .object: pick("an object", "ein Objekt")
        }
    }
}

extension Texts {
    /// The message for a command's own failure.
    public func message(for error: CommandError) -> String {
        switch error {
        case .option(let error):
            return message(for: error) + "."
        case .invalidSpec(let option, let value, let expected):
            return pick(
                "\(option) '\(shown(value))' is not valid; use \(spec(expected)).",
                "\(option) '\(shown(value))' ist ungültig; nimm \(spec(expected)).")
        case .duplicate(let option, let value):
            return pick(
                "\(option) names '\(shown(value))' twice.", "\(option) nennt '\(shown(value))' zweimal.")
        case .noSynthFound(let spec, let named):
            let what =
                named
                ? pick("no MIDI port matches '\(shown(spec))'", "kein MIDI-Port passt zu '\(shown(spec))'")
                : pick("no MIDI synth found", "kein MIDI-Synth gefunden")
            return what
                + pick(
                    ": start one (e.g. fluidsynth -a alsa -m alsa_seq FILE.sf2) or name one with --output "
                        + "midi:CLIENT:PORT; 'peach devices' lists the ports.",
                    ": starte einen (z. B. fluidsynth -a alsa -m alsa_seq DATEI.sf2) oder nenne einen mit --output "
                        + "midi:CLIENT:PORT; 'peach devices' listet die Ports.")
        case .keyboardNeedsTerminal:
            return pick(
                "--midi-in keyboard needs a terminal on stdin.",
                "--midi-in keyboard braucht ein Terminal an der Standardeingabe.")
        case .learnNeedsMIDI:
            return pick(
                "peach learn needs MIDI input, not --midi-in keyboard.",
                "peach learn braucht MIDI-Eingabe, nicht --midi-in keyboard.")
        case .learnInputEnded(let learned, let total):
            return pick(
                "the input ended before every action was learned (\(learned) of \(total)); nothing was written.",
                "die Eingabe endete, bevor jede Aktion gelernt war (\(learned) von \(total)); nichts wurde "
                    + "geschrieben.")
        case .fileExists(let path):
            return pick(
                "\(path) exists; use --force to replace it, or another --name.",
                "\(path) gibt es schon; ersetze es mit --force, oder nimm einen anderen --name.")
        case .refusingToDelete(let count):
            return pick(
                "refusing to delete \(count) records without --yes (no terminal to ask).",
                "lösche \(count) Datensätze nicht ohne --yes (kein Terminal zum Fragen).")
        case .cannotWrite(let error):
            return message(for: error) + "."
        }
    }

    /// The forms an option takes, in words.
    public func spec(_ kind: SpecKind) -> String {
        switch kind {
        case .midiInput:
            pick(
                "seq, seq:CLIENT:PORT, seq:NAME, rawmidi:PATH, a path, or keyboard",
                "seq, seq:CLIENT:PORT, seq:NAME, rawmidi:PFAD, einen Pfad oder keyboard")
        case .midiOutput: allowed(.midiOutput)
        case .audioOutput: allowed(.audioOutput)
        case .latency:
            pick(
                "standard, low or FRAMESxPERIODS (16-8192 frames, 2-16 periods)",
                "standard, low oder FRAMESxPERIODEN (16-8192 Frames, 2-16 Perioden)")
        case .midiChannels: pick("channels 1-16 such as 1,2 or 1-4", "Kanäle 1-16 wie 1,2 oder 1-4")
        case .midiTuning: pick("bend or mts", "bend oder mts")
        case .note:
            pick(
                "a note name such as A4, C#3 or Bb2, or a MIDI number 0-127",
                "einen Notennamen wie A4, C#3 oder Bb2, oder eine MIDI-Nummer 0-127")
        case .noteRange: pick("a range such as C3-C5", "einen Bereich wie C3-C5")
        case .action: list(SwitchAction.allCases.map(\.rawValue) + ["tune"])
        case .number: pick("a number such as +12.3 or -5", "eine Zahl wie +12.3 oder -5")
        case .wholeNumber: pick("a whole number such as 100", "eine ganze Zahl wie 100")
        case .simulationMode:
            pick("comparison, matching or measurement", "comparison, matching oder measurement")
        case .exportFormat: pick("csv or json", "csv oder json")
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
            is DataLocations.Failure, is FileError, is SoundFontError:
            (message(for: error), 1)
        default: nil
        }
    }
}
