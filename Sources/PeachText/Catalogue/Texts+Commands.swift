// Texts+Commands: what the commands print (settings, data, devices, monitor, learn, tone, info), in EN and DE.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachTraining

extension Texts {
    // MARK: Settings

    /// `peach settings list`: every setting with its value, default and what it allows; unknown keys last.
    public func settingsList(_ loaded: SettingsFile.Loaded, path: String) -> [String] {
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var lines = [pick("Settings in \(path) (* = changed)", "Einstellungen in \(path) (* = geändert)")]
        for key in PeachSettings.keys {
            let value = loaded.settings.text(of: key) ?? "-"
            let standard = PeachSettings.defaults.text(of: key) ?? "-"
            let mark = value == standard ? " " : "*"
            let defaultNote = value == standard ? "" : " (" + pick("default ", "Standard: ") + standard + ")"
            lines.append("\(mark) \(padded(key, 18))\(value.isEmpty ? "\"\"" : shown(value))" + defaultNote)
            lines.append(String(repeating: " ", count: 20) + allowed(PeachSettings.allowed(for: key)))
        }
        for (key, _) in loaded.unknownKeys {
            lines.append(
                "? \(padded(key, 18))"
                    + pick(
                        "not a Peach setting (kept as it is)", "keine Peach-Einstellung (bleibt, wie sie ist)"
                    ))
        }
        return lines
    }

    /// Every setting was reset.
    public var allSettingsReset: String {
        pick("All settings are back to their defaults.", "Alle Einstellungen sind wieder auf Standard.")
    }

    /// A broken settings file was repaired; the original is at `copy`.
    public func repaired(copy: String) -> String {
        pick(
            "the settings file was broken; repaired, keeping every setting that still read. The broken file: \(copy)",
            "die Einstellungsdatei war kaputt; repariert, jede noch lesbare Einstellung blieb. Die kaputte Datei: \(copy)"
        )
    }

    /// What a repair left at its default.
    public func droppedSetting(_ problem: SettingsFileProblem) -> String {
        if case .syntax = problem {
            return pick("read line by line, as it was ", "Zeile für Zeile gelesen, da ")
                + self.problem(problem)
        }
        return pick("left at its default: ", "auf Standard gesetzt: ") + self.problem(problem)
    }

    // MARK: Data

    /// What a progress line is doing.
    public enum ProgressTask: Sendable, CaseIterable {
        /// `data check` reading the journal.
        case check
        /// `data export` writing the store out.
        case export
        /// `data import` reading the file to import.
        case read
        /// `data import` reading the store to find duplicates.
        case merge
        /// The thresholds' validation run (simulated sessions; counts trials, not records).
        case validate
    }

    /// A progress line: the task, a bar, the percentage, the records so far and the rate.
    public func progress(_ task: ProgressTask, fraction: Double, records: Int, perSecond: Double) -> String {
        let label =
            switch task {
            case .check: pick("Checking", "Prüfe")
            case .export: pick("Exporting", "Exportiere")
            case .read: pick("Reading", "Lese")
            case .merge: pick("Merging", "Füge zusammen")
            case .validate: pick("Simulating", "Simuliere")
            }
        let clamped = min(max(fraction, 0), 1)
        let width = 20
        let filled = Int((clamped * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled)
        return "\(label) ▕\(bar)▏ \(Int((clamped * 100).rounded(.down))) %  "
            + (task == .validate
                ? count(records, ("trial", "Versuch"), ("trials", "Versuche"))
                : count(records, ("record", "Datensatz"), ("records", "Datensätze"))) + ", "
            + "\(Int(perSecond.rounded()))/s"
    }

    /// `peach data check`.
    public func dataCheck(_ contents: JournalContents, path: String, size: Int) -> [String] {
        var lines = [
            pick("Store:            ", "Speicher:         ") + "\(path) (\(size) " + pick("bytes", "Bytes")
                + ")",
            pick("Comparisons:      ", "Vergleiche:       ") + "\(contents.comparisonCount)",
            pick("Pitch matching:   ", "Tonhöhe treffen:  ") + "\(contents.pitchMatchingCount)",
        ]
        if contents.rhythmCount > 0 {
            lines.append(
                pick("Rhythm (kept):    ", "Rhythmus (bleibt): ") + "\(contents.rhythmCount)"
                    + pick(
                        " (from Peach on iOS or the web; exported again, not trained here)",
                        " (von Peach auf iOS oder im Web; wird wieder exportiert, hier nicht geübt)"))
        }
        lines.append(pick("Damaged lines:    ", "Beschädigt:       ") + "\(contents.damagedLines.count)")
        for damaged in contents.damagedLines.prefix(20) {
            lines.append(pick("  line ", "  Zeile ") + "\(damaged.line): \(problem(damaged.problem))")
        }
        if contents.damagedLines.count > 20 {
            lines.append(
                pick("  … and ", "  … und ") + "\(contents.damagedLines.count - 20)"
                    + pick(" more", " weitere"))
        }
        if !contents.newerRecordLines.isEmpty {
            let numbers = contents.newerRecordLines.prefix(10).map(String.init).joined(separator: ", ")
            lines.append(
                pick(
                    "Newer records:    \(contents.newerRecordLines.count) (written by a newer Peach: kept as they are, "
                        + "skipped; lines \(numbers))",
                    "Neuere Datensätze: \(contents.newerRecordLines.count) (von einem neueren Peach: bleiben, wie sie "
                        + "sind, werden übersprungen; Zeilen \(numbers))"))
        }
        if contents.tornTailLength > 0 {
            lines.append(
                pick(
                    "Torn last line:   \(contents.tornTailLength) bytes (a write cut short; the next training run "
                        + "sets it aside)",
                    "Abgerissene letzte Zeile: \(contents.tornTailLength) Bytes (ein abgebrochenes Schreiben; das "
                        + "nächste Training legt sie beiseite)"))
        }
        if contents.damagedLines.isEmpty, contents.tornTailLength == 0 {
            lines.append("OK")
        } else {
            lines.append(
                pick(
                    "Problems found: every other record is intact.",
                    "Probleme gefunden: alle anderen Datensätze sind intakt."))
        }
        return lines
    }

    /// `Exported 12 records to FILE.`
    public func exported(_ count: Int, to file: String) -> String {
        pick("Exported \(count) records to \(file).", "\(count) Datensätze nach \(file) exportiert.")
    }

    /// After `data import`.
    public func imported(_ added: Int, duplicates: Int, skipped: Int = 0) -> String {
        pick(
            "Imported \(added) records; \(duplicates) were already there.",
            "\(added) Datensätze importiert; \(duplicates) waren schon da.")
            + (skipped == 0
                ? ""
                : skipped == 1
                    ? pick(
                        " 1 row could not be read and was skipped (named above).",
                        " 1 Zeile war nicht lesbar und wurde übersprungen (oben genannt).")
                    : pick(
                        " \(skipped) rows could not be read and were skipped (named above).",
                        " \(skipped) Zeilen waren nicht lesbar und wurden übersprungen (oben genannt)."))
    }

    /// One row of an iOS/web CSV that `data import` skipped.
    public func skippedRow(_ row: InterchangeCSV.SkippedRow, in file: String) -> String {
        pick("peach: skipped \(file) line \(row.line): ", "peach: \(file) Zeile \(row.line) übersprungen: ")
            + problem(row.problem)
    }

    /// After the first skipped rows were named, how many more there were.
    public func moreSkippedRows(_ count: Int) -> String {
        pick("peach: … and \(count) more rows skipped", "peach: … und \(count) weitere Zeilen übersprungen")
    }

    /// After `data export --format peach-csv` left records out.
    public func leftOutOfExport(_ count: Int) -> String {
        pick(
            "peach: \(count) Pythagorean records left out: Peach on iOS and the web has no Pythagorean tuning "
                + "(export json or csv to keep them).",
            "peach: \(count) pythagoreische Datensätze ausgelassen: Peach auf iOS und im Web kennt keine "
                + "pythagoreische Stimmung (json oder csv exportieren, um sie zu behalten).")
    }

    /// After `data import --replace`.
    public func replaced(_ count: Int, backup: String) -> String {
        pick(
            "Replaced the data with \(count) records. Backup: ",
            "Daten durch \(count) Datensätze ersetzt. Sicherung: ")
            + backup
    }

    /// The question before `data reset`.
    public func confirmDelete(_ count: Int, in directory: String) -> String {
        pick(
            "Delete all \(count) records in \(directory)? A backup is kept. Type 'yes': ",
            "Alle \(count) Datensätze in \(directory) löschen? Eine Sicherung bleibt. Tippe 'yes': ")
    }

    /// `data reset` declined.
    public var nothingDeleted: String { pick("Nothing was deleted.", "Nichts wurde gelöscht.") }

    /// After `data reset`.
    public func deleted(_ count: Int, backup: String) -> String {
        pick("Deleted \(count) records. Backup: ", "\(count) Datensätze gelöscht. Sicherung: ") + backup
    }

    // MARK: Info

    /// `peach info`.
    public func info(version: String, locations: DataLocations, alsa: String) -> [String] {
        [
            pick(
                "Peach \(version) — ear training for pitch, driven by MIDI controllers",
                "Peach \(version) — Gehörbildung für Tonhöhen, gesteuert mit MIDI-Controllern"),
            pick("Licence:   MIT", "Lizenz:        MIT"),
            pick("Data:      ", "Daten:         ") + locations.dataDirectory,
            pick("Settings:  ", "Einstellungen: ") + locations.settingsFile,
            pick("Profiles:  ", "Profile:       ") + locations.userProfilesDirectory,
            pick("alsa-lib:  ", "alsa-lib:      ") + alsa,
        ]
    }

    // MARK: Settings outcome

    /// What `peach settings set` and `reset` say: `key = value` (or that every setting was reset), and on
    /// stderr what a repair of a broken file did.
    public func settingsOutcome(
        _ outcome: SettingsEditor.Outcome, key: String?
    ) -> (lines: [String], notes: [String]) {
        let line = key.map { "\($0) = \(outcome.settings.text(of: $0) ?? "")" } ?? allSettingsReset
        let notes = outcome.brokenCopy.map { [repaired(copy: $0)] } ?? []
        return ([line], notes + outcome.dropped.map(droppedSetting))
    }

    // MARK: Sounds

    /// `peach sounds`: the timbres, then each SoundFont with its presets (`bank:program name`), or why it
    /// cannot be read.
    public func sounds(
        timbres: [String], soundFonts: [(path: String, font: Result<SoundFont, SoundFontError>)],
        searched: [String]
    ) -> [String] {
        var lines = [
            pick("Timbres of the internal synth: ", "Klänge des eingebauten Synths: ") + list(timbres)
        ]
        if soundFonts.isEmpty {
            lines.append(
                pick("No SoundFonts in ", "Keine SoundFonts in ") + searched.joined(separator: ", ")
                    + pick(
                        " (Debian: apt install fluid-soundfont-gm).",
                        " (Debian: apt install fluid-soundfont-gm)."))
        }
        for (path, font) in soundFonts {
            switch font {
            case .success(let font):
                lines.append("")
                lines.append(
                    "\(path) (\(font.name), "
                        + pick("\(font.presets.count) presets)", "\(font.presets.count) Presets)"))
                let sorted = font.presets.sorted { ($0.bank, $0.program) < ($1.bank, $1.program) }
                for preset in sorted {
                    lines.append(
                        "  " + preset.number.padding(toLength: 8, withPad: " ", startingAt: 0) + preset.name)
                }
            case .failure(let error):
                lines.append("")
                lines.append(message(for: error))
            }
        }
        return lines
    }

    // MARK: Devices

    /// `peach devices`.
    public func devices(_ listing: DeviceListing) -> [String] {
        var lines: [String] = []
        let none = "  " + self(.none)
        if listing.sequencer != nil {
            lines.append(
                pick("MIDI sources (controllers; ", "MIDI-Quellen (Controller; ")
                    + "--midi-in \(listing.input), "
                    + pick("profile", "Profil") + " '\(listing.profile.name)'):")
            let sources = listing.ports.filter(\.isReadable)
            if sources.isEmpty { lines.append(none) }
            for port in sources {
                let mark = listing.isControllerChosen(port) ? "*" : " "
                lines.append(
                    "  \(mark) \(port.label)" + (port.isHardware ? "" : pick("  (software)", "  (Software)")))
            }
            lines.append(
                pick("MIDI destinations (synths; ", "MIDI-Ziele (Synths; ") + "--output \(listing.output)):")
            let destinations = listing.ports.filter(\.isWritable)
            if destinations.isEmpty { lines.append(none) }
            let chosen = listing.chosenSynth
            for port in destinations {
                let mark = chosen?.address == port.address ? "*" : " "
                let kind =
                    port.isSynth
                    ? "  (synth)" : port.isHardware ? pick("  (MIDI out)", "  (MIDI-Ausgang)") : ""
                lines.append("  \(mark) \(port.label)\(kind)")
            }
        } else {
            lines.append(
                pick(
                    "No ALSA sequencer on this machine (/dev/snd/seq is missing), so no MIDI ports to list. Load it "
                        + "with 'sudo modprobe snd-seq', or use --midi-in rawmidi:PATH or --midi-in keyboard.",
                    "Kein ALSA-Sequencer auf diesem Rechner (/dev/snd/seq fehlt), also keine MIDI-Ports. Lade ihn "
                        + "mit 'sudo modprobe snd-seq', oder nimm --midi-in rawmidi:PFAD oder --midi-in keyboard."
                ))
        }
        lines.append(
            pick(
                "Raw MIDI devices (--midi-in rawmidi:PATH, --output rawmidi:PATH):",
                "Raw-MIDI-Geräte (--midi-in rawmidi:PFAD, --output rawmidi:PFAD):"))
        if listing.rawDevices.isEmpty { lines.append(none) }
        for path in listing.rawDevices { lines.append("    " + path) }
        lines.append(pick("Audio outputs", "Audioausgänge") + " (--audio-out alsa:NAME):")
        if listing.audioOutputs.isEmpty { lines.append(none) }
        let width = min(listing.audioOutputs.map(\.name.count).max() ?? 0, 40)
        for output in listing.audioOutputs {
            lines.append(
                "    " + output.name + String(repeating: " ", count: max(0, width - output.name.count))
                    + "  " + output.description)
        }
        return lines
    }

    // MARK: Monitor

    /// The first line of `peach monitor`; `source` nil means the computer keyboard.
    public func listening(to source: String?, profile: String) -> String {
        let what = source ?? pick("the computer keyboard", "die Computertastatur")
        return pick(
            "Listening to \(what) with the '\(profile)' profile. Ctrl-C stops.",
            "Höre auf \(what) mit dem Profil '\(profile)'. Strg-C beendet.")
    }

    /// No controller yet, for `peach monitor`.
    public var noControllerForMonitor: String {
        pick(
            "No controller connected yet: plug one in, or connect a port to Peach's input with aconnect.",
            "Noch kein Controller verbunden: schließe einen an, oder verbinde einen Port mit aconnect.")
    }

    /// The closing line of a run that dropped system messages (clock, active sensing) while its input queue
    /// was full.
    public func droppedInput(_ count: Int) -> String {
        pick(
            "peach: \(count) MIDI system messages (clock, active sensing, SysEx) were dropped while the input "
                + "queue was full; no answer is lost.",
            "peach: \(count) MIDI-Systemnachrichten (Clock, Active Sensing, SysEx) wurden verworfen, während die "
                + "Eingabewarteschlange voll war; keine Antwort geht verloren.")
    }

    /// One monitored MIDI event: time, source, message, and `->` its actions.
    public func monitorLine(_ event: MIDIEvent, actions: [ControllerAction], time: Double) -> String {
        let source = event.source?.description ?? "raw"
        let arrow = actions.isEmpty ? "" : "  -> " + actions.map(MIDIText.summary).joined(separator: ", ")
        let padded = source.count >= 7 ? source : source + String(repeating: " ", count: 7 - source.count)
        return String(format: "%8.3f  ", time) + padded + " " + MIDIText.summary(event.message) + arrow
    }

    /// A port that connected or went away, for `peach monitor`.
    public func monitorPort(_ port: MIDIPortInfo, connected: Bool) -> String {
        connected
            ? pick("connected     ", "verbunden     ") + port.label
            : pick("disconnected  ", "getrennt      ") + port.label
    }

    /// One monitored key.
    public func monitorLine(_ key: KeyboardKey, time: Double) -> String {
        let arrow = "  -> " + key.actions.map(MIDIText.summary).joined(separator: ", ")
        return String(format: "%8.3f  ", time) + pick("keyboard key ", "Taste ") + key.name + arrow
    }

    // MARK: Learn

    /// The first line of `peach learn`.
    public func learning(_ name: String, from source: String) -> String {
        pick(
            "Learning '\(name)' from \(source). Ctrl-C stops without writing.",
            "Lerne '\(name)' von \(source). Strg-C beendet, ohne zu schreiben.")
    }

    /// A control already taken.
    public func alreadyUsed(by owner: String) -> String {
        pick(
            "that control is already used for \(owner); use another one.",
            "dieses Bedienelement ist schon für \(owner) vergeben; nimm ein anderes.")
    }

    /// Learn stopped by a signal.
    public var learnStopped: String {
        pick("learn stopped; nothing was written.", "Lernen beendet; nichts wurde geschrieben.")
    }

    /// The profile was written.
    public func learned(path: String, name: String) -> [String] {
        [
            pick("Wrote \(path).", "\(path) geschrieben."),
            pick(
                "Use it with --profile \(name), or for good: peach settings set controllerProfile \(name)",
                "Nimm es mit --profile \(name), oder dauerhaft: peach settings set controllerProfile \(name)"),
        ]
    }

    // MARK: Tone

    /// `A4 +12.3 cents = 443.1 Hz (piano, -6.0 dB)`.
    /// With `on`, where it played (`on alsa:default: …`); with `to`, the file it went into.
    public func toneSummary(
        _ script: ToneScript, gain: AmplitudeDB, timbre: String?, on device: String? = nil,
        to file: String? = nil
    ) -> String {
        let offset = decimal(script.offset.description)
        let sound = [timbre, decimal(gain.description)].compactMap { $0 }.joined(separator: ", ")
        let frequency = decimal(script.frequency(at: 0).description)
        var text = "\(script.note.name) \(offset) \(centWord(for: offset)) = \(frequency) (\(sound))"
        if let sweep = script.sweep {
            let end = decimal(script.frequency(at: script.duration).description)
            let by = decimal(sweep.description) + " " + centWord(for: sweep.description)
            let start = format(script.sweepStart, 2)
            let time = format(script.sweepTime, 2)
            text += pick(
                ", gliding \(by) to \(end) from \(start) s over \(time) s",
                ", gleitet \(by) nach \(end) ab \(start) s über \(time) s")
        }
        if let device { text += pick(" on ", " auf ") + device }
        if let file { text += pick(" to ", " nach ") + file }
        return text
    }

    /// What a live audio device runs at: format, channels, rate, buffer, priority, underruns.
    public func deviceDetails(
        format sampleFormat: String?, sink: any AudioSink, realTime: Bool, recoveries: Int
    ) -> String {
        var parts = [String]()
        if let sampleFormat { parts.append(sampleFormat) }
        parts.append("\(sink.channelCount) ch")
        parts.append("\(Int(sink.sampleRate)) Hz")
        let milliseconds = format(sink.configuredLatency * 1000, 1)
        parts.append(
            "\(sink.bufferFrames / max(sink.periodFrames, 1)) x \(sink.periodFrames) "
                + pick("frames", "Frames") + " (\(milliseconds) ms)")
        parts.append(
            realTime
                ? pick("real-time priority", "Echtzeitpriorität")
                : pick("normal priority", "normale Priorität"))
        if recoveries > 0 {
            parts.append(pick("\(recoveries) underruns recovered", "\(recoveries) Aussetzer behoben"))
        }
        return parts.joined(separator: ", ")
    }
}

extension Texts {
    /// An interval's name: `Unison`, `Perfect fifth up (just)`, `Major third down`.
    public func intervalName(_ key: IntervalKey) -> String {
        let names = [
            ("Unison", "Prime"), ("Minor second", "Kleine Sekunde"), ("Major second", "Große Sekunde"),
            ("Minor third", "Kleine Terz"), ("Major third", "Große Terz"), ("Perfect fourth", "Reine Quarte"),
            ("Tritone", "Tritonus"), ("Perfect fifth", "Reine Quinte"), ("Minor sixth", "Kleine Sexte"),
            ("Major sixth", "Große Sexte"), ("Minor seventh", "Kleine Septime"),
            ("Major seventh", "Große Septime"), ("Octave", "Oktave"),
        ]
        let name = names[key.interval.interval.rawValue]
        guard key.interval != .prime else { return pick(name.0, name.1) }
        let direction = key.interval.isDown ? pick(" down", " abwärts") : pick(" up", " aufwärts")
        let tuning: String
        switch key.tuningSystem {
        case .equalTemperament: tuning = pick("equal", "gleichstufig")
        case .justIntonation: tuning = pick("just", "rein")
        case .pythagorean: tuning = pick("Pythagorean", "pythagoreisch")
        }
        return pick(name.0, name.1) + direction + " (\(key.interval), \(tuning))"
    }

    /// The progress chart's title.
    public var progressTitle: String { pick("Peach: progress over time", "Peach: Verlauf") }
}
