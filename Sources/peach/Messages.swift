// Messages: the one-line texts of Peach's errors, in English and German, made only here at the command-line edge.

import Foundation
import PeachALSA
import PeachCore
import PeachMIDI
import PeachStore

/// Turns Peach's typed errors into one-line messages for the user, in the process's language (``Language``).
/// Each message holds both languages side by side; texts that come from the system or ALSA stay as they are.
enum Messages {
    /// The English or the German text, by the process's language.
    static func pick(_ english: String, _ german: String) -> String {
        Language.current == .german ? german : english
    }

    /// The message for a settings error on a command-line option or a settings key.
    static func describe(_ error: SettingsError, option: String) -> String {
        guard Language.current == .german else { return error.message(naming: option) + "." }
        switch error {
        case .outOfRange(_, let value, let allowed):
            return "\(option) \(value) liegt außerhalb des Bereichs; erlaubt: \(german(allowed))."
        case .rangeTooNarrow(_, let range, let minimum):
            return "\(option) \(range) ist zu eng; der Bereich muss mindestens \(minimum) Halbtöne umfassen."
        case .invalidValue(_, let value, let expected):
            return "\(option) '\(value)' ist ungültig; erwartet: \(german(expected))."
        case .unknownKey(let key):
            return "es gibt keine Einstellung '\(key)'."
        }
    }

    /// A setting's allowed values (worded in PeachCore and PeachStore in English) in German.
    static func german(_ allowed: String) -> String {
        let phrases: [(String, String)] = [
            ("two notes within A0-C8 (21-108), at least ", "zwei Töne innerhalb A0-C8 (21-108), mindestens "),
            (" semitones apart", " Halbtöne auseinander"),
            (
                "a name of lowercase letters, digits and '-', starting with a letter",
                "ein Name aus Kleinbuchstaben, Ziffern und '-', beginnend mit einem Buchstaben"
            ),
            (
                "a profile name of letters, digits, '-' and '_'",
                "ein Profilname aus Buchstaben, Ziffern, '-' und '_'"
            ),
            (
                "seconds from 0.15 to 2 (a single footswitch held this long is a long press)",
                "Sekunden von 0,15 bis 2 (so lange gehalten ist ein einzelner Fußschalter ein langer Druck)"
            ),
            ("(0 = off)", "(0 = aus)"), ("seconds", "Sekunden"), (" or ", " oder "),
            ("on oder off", "on oder off"),
        ]
        return phrases.reduce(allowed) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// A reason worded in English by a library (a profile field, a settings file), in the process's language:
    /// word by word for German, as it is otherwise.
    static func reason(_ text: String) -> String {
        guard Language.current == .german else { return text }
        let phrases: [(String, String)] = [
            ("not valid JSON", "kein gültiges JSON"),
            ("must be an object, not ", "muss ein Objekt sein, nicht "),
            ("must be a string, not ", "muss ein Text sein, nicht "),
            ("must be a number, not ", "muss eine Zahl sein, nicht "),
            ("must be a whole number, not ", "muss eine ganze Zahl sein, nicht "),
            ("must be true or false, not ", "muss true oder false sein, nicht "),
            ("must be a list of actions", "muss eine Liste von Aktionen sein"),
            ("must be a list of name patterns", "muss eine Liste von Namensmustern sein"),
            ("a boolean", "ein Wahrheitswert"), ("a number", "eine Zahl"), ("a string", "ein Text"),
            ("a list", "eine Liste"), ("an object", "ein Objekt"),
            (
                "is not a note name such as C4 or F#2, nor a MIDI number 0–127",
                "ist weder ein Notenname wie C4 oder F#2 noch eine MIDI-Nummer 0–127"
            ),
            ("is not an action", "ist keine Aktion"),
            ("is not a known field (known: ", "ist kein bekanntes Feld (bekannt: "),
            ("is missing", "fehlt"), ("does not apply to a ", "gilt nicht für die Steuerung "),
            ("needs exactly one of ", "braucht genau eines von "), ("needs both ", "braucht "),
            (
                "(or \"gesture\" for a single footswitch)",
                "(oder \"gesture\" für einen einzelnen Fußschalter)"
            ),
            ("needs ", "braucht "), ("has both ", "hat sowohl "), ("; keep one", "; behalte eines"),
            ("short and long must be different actions", "short und long müssen verschiedene Aktionen sein"),
            (
                "a program change has no release, so it cannot make a gesture",
                "ein Programmwechsel wird nie losgelassen, kann also keine Geste sein"
            ),
            (
                "the profile maps nothing; give at least one action or a tune control",
                "das Profil ordnet nichts zu; gib mindestens eine Aktion oder eine Stimmsteuerung an"
            ),
            ("must not be above", "darf nicht über"), ("is not one of ", "ist keines von "),
            ("is out of range; use ", "liegt außerhalb des Bereichs; erlaubt: "),
            ("is too narrow; the range must span at least ", "ist zu eng; der Bereich muss mindestens "),
            (" semitones", " Halbtöne umfassen"), ("is not valid; expected ", "ist ungültig; erwartet: "),
            ("there is no setting ", "es gibt keine Einstellung "), ("must be ", "muss "),
            (", not ", " sein, nicht "),
            (" and ", " und "), (" or ", " oder "),
        ]
        var result = phrases.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        if result.hasSuffix(" control") { result = String(result.dropLast(" control".count)) }
        return german(result)
    }

    /// The message for a failure to find the data folders.
    static func describe(_ error: DataLocations.Failure) -> String {
        switch error {
        case .noHomeDirectory(let purpose):
            pick(
                "cannot tell where to keep \(purpose): set HOME (or XDG_\(purpose.uppercased())_HOME) to an absolute path.",
                "weiß nicht, wo \(purpose) liegen soll: setze HOME (oder XDG_\(purpose.uppercased())_HOME) auf einen "
                    + "absoluten Pfad.")
        }
    }

    /// The message for a store or settings-file error.
    static func describe(_ error: StoreError) -> String {
        switch error {
        case .locked(let path, let owner):
            let folder = (path as NSString).deletingLastPathComponent
            let who = owner.map { " (process \($0))" } ?? ""
            return pick(
                "another Peach\(who) is using the training data in \(folder); stop it first, or choose other data "
                    + "with --data-dir.",
                "ein anderes Peach\(who) benutzt die Trainingsdaten in \(folder); beende es zuerst, oder wähle andere "
                    + "Daten mit --data-dir.")
        case .io(let path, let operation, let code):
            let text = String(cString: strerror(code))
            let hint =
                code == ENOSPC
                ? pick(
                    " Free some space; nothing already stored was harmed.",
                    " Schaffe Platz; nichts bereits Gespeichertes wurde beschädigt.") : ""
            return pick(
                "\(path): \(operation) failed: \(text).\(hint)",
                "\(path): \(operation) fehlgeschlagen: \(text).\(hint)")
        case .newerSchema(let path, let found, let supported):
            return pick(
                "\(path) was written by a newer Peach (record version \(found); this Peach reads up to "
                    + "\(supported)). Update Peach; the file was left as it is.",
                "\(path) stammt von einem neueren Peach (Datensatzversion \(found); dieses Peach liest bis "
                    + "\(supported)). Aktualisiere Peach; die Datei blieb unverändert.")
        case .unreadableImport(let path, let line, let reason):
            return pick(
                "\(path) line \(line): \(reason); nothing was imported.",
                "\(path) Zeile \(line): \(reason); nichts wurde importiert.")
        case .invalidSettings(let path, let key, let reason):
            let fix = key.map { "'peach settings reset \($0)'" } ?? "'peach settings reset'"
            return pick(
                "\(path): \(reason). Fix the file or run \(fix).",
                "\(path): \(Messages.reason(reason)). Korrigiere die Datei oder führe \(fix) aus.")
        }
    }
}

extension Messages {
    /// The message for an ALSA error: the device, what went wrong in words, ALSA's own text and what to do.
    static func describe(_ error: ALSAError) -> String {
        let code = -error.code
        let alsa = error.alsaMessage
        let what: String
        switch (error.function, code) {
        case ("snd_pcm_open", ENOENT), ("snd_pcm_open", ENODEV), ("snd_pcm_open", ENXIO):
            what = pick(
                "no such audio device (\(alsa)); list the devices with 'aplay -L', "
                    + "or play into a file with --audio-out wav:PATH",
                "kein solches Audiogerät (\(alsa)); 'aplay -L' listet die Geräte, "
                    + "oder spiele in eine Datei mit --audio-out wav:PATH")
        case ("snd_pcm_open", EBUSY):
            what = pick(
                "the audio device is busy (\(alsa)); close the program using it, or use alsa:default",
                "das Audiogerät ist belegt (\(alsa)); beende das Programm, das es benutzt, oder nimm alsa:default"
            )
        case ("snd_pcm_open", _):
            what = pick(
                "cannot open the audio device (\(alsa))", "kann das Audiogerät nicht öffnen (\(alsa))")
        case ("snd_pcm_hw_params_set_format", _):
            what = pick(
                "the audio device takes none of FLOAT_LE, S32_LE, S16_LE; try its plughw: name",
                "das Audiogerät nimmt weder FLOAT_LE noch S32_LE noch S16_LE; versuche seinen plughw:-Namen")
        case ("snd_pcm_writei", EIO):
            what = pick(
                "the audio device stopped taking audio (\(alsa)); try a larger buffer, e.g. --latency 256x3",
                "das Audiogerät nimmt keinen Klang mehr an (\(alsa)); versuche einen größeren Puffer, "
                    + "z. B. --latency 256x3")
        case ("snd_pcm_writei", _):
            what = pick(
                "the audio device was lost (\(alsa)); check that it is still plugged in",
                "das Audiogerät ist weg (\(alsa)); prüfe, ob es noch angeschlossen ist")
        case ("snd_seq_open", _):
            what = pick(
                "no ALSA sequencer here (\(alsa); /dev/snd/seq is missing): load it with "
                    + "'sudo modprobe snd-seq', or use --midi-in rawmidi:PATH or --midi-in keyboard",
                "hier gibt es keinen ALSA-Sequencer (\(alsa); /dev/snd/seq fehlt): lade ihn mit "
                    + "'sudo modprobe snd-seq', oder nimm --midi-in rawmidi:PATH oder --midi-in keyboard")
        case ("snd_seq_connect_from", _), ("snd_seq_connect_to", _):
            what = pick(
                "cannot connect to that port (\(alsa)); 'peach devices' lists the ports",
                "kann mich nicht mit diesem Port verbinden (\(alsa)); 'peach devices' listet die Ports")
        case ("snd_seq_event_output_direct", _):
            what = pick(
                "the sequencer stopped taking MIDI output (\(alsa))",
                "der Sequencer nimmt keine MIDI-Ausgabe mehr an (\(alsa))")
        case (let function, _) where function.hasPrefix("snd_pcm_"):
            what = pick(
                "the audio device refused its settings (\(function): \(alsa))",
                "das Audiogerät lehnt seine Einstellungen ab (\(function): \(alsa))")
        default:
            what = pick("\(error.function) failed: \(alsa)", "\(error.function) fehlgeschlagen: \(alsa)")
        }
        let name = error.function.hasPrefix("snd_pcm_") ? "alsa:\(error.device)" : error.device
        return "\(name): \(what)."
    }
}

extension Messages {
    /// The message for a controller-profile error. `asked` says whether the user named the profile (then the
    /// hint is to fix it or choose another; otherwise Peach falls back to the default).
    static func describe(_ error: ProfileError, asked: Bool = true) -> String {
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
                "no controller profile named '\(name)'\(folders); make one with 'peach learn --name \(name)'.",
                "kein Controller-Profil namens '\(name)'\(folders); erstelle eines mit 'peach learn --name \(name)'."
            )
        case .unreadable(let path, let code):
            let text = String(cString: strerror(code))
            return pick(
                "\(path): cannot read the controller profile (\(text)).\(hint)",
                "\(path): kann das Controller-Profil nicht lesen (\(text)).\(hint)")
        case .invalid(let path, let field, let reason):
            let what = field.map { "\($0) \(Messages.reason(reason))" } ?? Messages.reason(reason)
            return "\(path): \(what).\(hint)"
        case .invalidName(let name):
            return pick(
                "'\(name)' is not a profile name; use letters, digits, '-' and '_'.",
                "'\(name)' ist kein Profilname; nimm Buchstaben, Ziffern, '-' und '_'.")
        }
    }

    /// The message for a MIDI input or output failure.
    static func describe(_ error: MIDIInputError) -> String {
        switch error {
        case .cannotOpen(let path, let code):
            let hint =
                code == ENOENT
                ? pick(
                    "; check the path ('peach devices' lists the raw MIDI devices)",
                    "; prüfe den Pfad ('peach devices' listet die Raw-MIDI-Geräte)")
                : code == EBUSY
                    ? pick("; another program is using it", "; ein anderes Programm benutzt es") : ""
            let text = String(cString: strerror(code))
            return pick(
                "rawmidi:\(path): cannot open (\(text))\(hint).",
                "rawmidi:\(path): kann nicht öffnen (\(text))\(hint).")
        case .readFailed(let path, let code):
            let what =
                code == ENODEV
                ? pick("the MIDI device was unplugged", "das MIDI-Gerät wurde getrennt")
                : pick("reading failed", "Lesen fehlgeschlagen")
            return "rawmidi:\(path): \(what) (\(String(cString: strerror(code))))."
        case .writeFailed(let path, let code):
            let what =
                code == ENODEV
                ? pick("the MIDI device was unplugged", "das MIDI-Gerät wurde getrennt")
                : pick("writing failed", "Schreiben fehlgeschlagen")
            return "rawmidi:\(path): \(what) (\(String(cString: strerror(code))))."
        case .sequencer(let device, let description):
            return pick(
                "\(device): the sequencer failed: \(description).",
                "\(device): der Sequencer ist ausgefallen: \(description).")
        }
    }
}
