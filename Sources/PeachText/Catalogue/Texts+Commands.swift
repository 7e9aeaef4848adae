// Texts+Commands: what the commands print (settings, data, devices, monitor, learn, tone, info).

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
        var lines = [tr("Settings in \(path) (* = changed)")]
        for key in SettingKey.allCases {
            let value = settingValue(loaded.settings.text(of: key), of: key)
            let standard = settingValue(PeachSettings.defaults.text(of: key), of: key)
            let mark = value == standard ? " " : "*"
            let shownValue = value.isEmpty ? "\"\"" : shown(value)
            let line = "\(mark) \(padded(key.rawValue, 18))\(shownValue)"
            lines.append(value == standard ? line : tr("\(line) (default \(standard))"))
            lines.append(String(repeating: " ", count: 20) + allowed(key.allowed))
        }
        for (key, _) in loaded.unknownKeys {
            lines.append(tr("? \(padded(key, 18))not a Peach setting (kept as it is)"))
        }
        return lines
    }

    /// A setting's stored text as the user reads it: the note range and the keys in the language's note naming
    /// (the file keeps the English `B2-B5` and `E♭`; German shows `H2-H5` and `Es`).
    public func settingValue(_ text: String, of key: SettingKey) -> String {
        switch key {
        case .noteRange:
            guard let range = try? NoteRange(parsing: text) else { return text }
            return rangeName(range)
        case .degreeKey, .keySignature:
            // Kept as the major key's tonic (`E♭`, `random`): shown in this language's naming (German `Es`).
            guard let signature = KeySignature(parsing: text) else { return text }
            return noteNaming.name(of: signature)
        default:
            return text
        }
    }

    /// A setting's text as the user typed it, made what the file keeps (the inverse of ``settingValue(_:of:)``):
    /// a note range or a key spelled the English way — German `H2-H5` is kept as `B2-B5`, `Es` as `Eb`, `B` as
    /// `Bb`. A text that does not read so is given back as typed, so that the setting's refusal quotes it.
    public func storedValue(_ typed: String, of key: SettingKey) -> String {
        switch key {
        case .noteRange:
            guard noteNaming != .english else { return typed }
            return (try? noteNaming.range(typed).description) ?? typed
        case .degreeKey:
            let english = noteNaming.englishKey(typed)
            return DegreeKey(parsing: english) == nil ? typed : english
        case .keySignature:
            let english = noteNaming.englishKey(typed)
            return KeySignature(parsing: english) == nil ? typed : english
        default:
            return typed
        }
    }

    /// Every setting was reset.
    public var allSettingsReset: String {
        tr("All settings are back to their defaults.")
    }

    /// A broken settings file was repaired; the original is at `copy`.
    public func repaired(copy: String) -> String {
        tr(
            "the settings file was broken; repaired, keeping every setting that still read. The broken file: \(copy)"
        )
    }

    /// What a repair left at its default.
    public func droppedSetting(_ problem: SettingsFileProblem) -> String {
        if case .syntax = problem {
            return tr("read line by line, as it was \(self.problem(problem))")
        }
        return tr("left at its default: \(self.problem(problem))")
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
            case .check: tr("Checking")
            case .export: tr("Exporting")
            case .read: tr("Reading")
            case .merge: tr("Merging")
            case .validate: tr("Simulating")
            }
        let clamped = min(max(fraction, 0), 1)
        let width = 20
        let filled = Int((clamped * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: " ", count: width - filled)
        let done =
            task == .validate
            ? tr(one: "\(records) trial", other: "\(records) trials", count: records)
            : tr(one: "\(records) record", other: "\(records) records", count: records)
        return tr(
            "\(label) ▕\(bar)▏ \(Int((clamped * 100).rounded(.down))) %  \(done), \(Int(perSecond.rounded()))/s"
        )
    }

    /// `peach data check`.
    public func dataCheck(_ contents: JournalCheck) -> [String] {
        var lines = [
            tr("Store:            \(contents.path) (\(contents.size) bytes)"),
            tr("Comparisons:      \(contents.comparisonCount)"),
            tr("Pitch matching:   \(contents.pitchMatchingCount)"),
        ]
        if contents.rhythmCount > 0 {
            lines.append(
                tr("Timing:           \(contents.rhythmCount) (early or late, fill the gap and rhythm echo)"))
        }
        if contents.playBackCount > 0 {
            lines.append(
                tr(
                    "Play-back:        \(contents.playBackCount) (notes, intervals, chords, degrees and melodies played back)"
                ))
        }
        lines.append(tr("Damaged lines:    \(contents.damagedLines.count)"))
        for damaged in contents.damagedLines.prefix(20) {
            lines.append(tr("  line \(damaged.line): \(problem(damaged.problem))"))
        }
        if contents.damagedLines.count > 20 {
            lines.append(tr("  … and \(contents.damagedLines.count - 20) more"))
        }
        if !contents.newerRecordLines.isEmpty {
            let numbers = contents.newerRecordLines.prefix(10).map(String.init).joined(separator: ", ")
            lines.append(
                tr(
                    "Newer records:    \(contents.newerRecordLines.count) (written by a newer Peach: kept as they are, "
                        + "skipped; lines \(numbers))"))
        }
        if contents.tornTailLength > 0 {
            lines.append(
                tr(
                    "Torn last line:   \(contents.tornTailLength) bytes (a write cut short; the next training run "
                        + "sets it aside)"))
        }
        if contents.isIntact {
            lines.append("OK")
        } else {
            lines.append(
                tr("Problems found: every other record is intact."))
        }
        return lines
    }

    /// `Exported 12 records to FILE.`
    public func exported(_ count: Int, to file: String) -> String {
        tr(
            one: "Exported \(count) record to \(file).", other: "Exported \(count) records to \(file).",
            count: count)
    }

    /// After `data import`.
    public func imported(_ added: Int, duplicates: Int, skipped: Int = 0) -> String {
        tr(
            one: "Imported \(added) record; \(duplicates) were already there.",
            other: "Imported \(added) records; \(duplicates) were already there.", count: added)
            + (skipped == 0
                ? ""
                : skipped == 1
                    ? tr(" 1 row could not be read and was skipped (named above).")
                    : tr(" \(skipped) rows could not be read and were skipped (named above)."))
    }

    /// One row of an iOS/web CSV that `data import` skipped.
    public func skippedRow(_ row: InterchangeCSV.SkippedRow, in file: String) -> String {
        tr("peach: skipped \(file) line \(row.line): ")
            + problem(row.problem)
    }

    /// After the first skipped rows were named, how many more there were.
    public func moreSkippedRows(_ count: Int) -> String {
        tr("peach: … and \(count) more rows skipped")
    }

    /// After `data export --format peach-csv` left records out.
    public func leftOutOfExport(_ count: Int) -> String {
        tr(
            "peach: \(count) Pythagorean records left out: Peach on iOS and the web has no Pythagorean tuning "
                + "(export json or csv to keep them).")
    }

    /// After `data export --format peach-csv` left play-back records out.
    public func playBackLeftOutOfExport(_ count: Int) -> String {
        tr(
            "peach: \(count) play-back records left out: Peach on iOS and the web has no play-back training and "
                + "would refuse them (export json or csv to keep them).")
    }

    /// After an export in the apps' CSV that left rhythm echoes out.
    public func echoLeftOutOfExport(_ count: Int) -> String {
        tr(
            "peach: \(count) rhythm-echo records left out: Peach on iOS and the web has no rhythm echo and "
                + "would refuse them (export json or csv to keep them).")
    }

    /// After `data import --replace`.
    public func replaced(_ count: Int, backup: String) -> String {
        tr(
            one: "Replaced the data with \(count) record. Backup: ",
            other: "Replaced the data with \(count) records. Backup: ", count: count)
            + backup
    }

    /// The question before `data reset`.
    public func confirmDelete(_ count: Int, in directory: String) -> String {
        tr(
            one: "Delete the \(count) record in \(directory)? A backup is kept. Type 'yes': ",
            other: "Delete all \(count) records in \(directory)? A backup is kept. Type 'yes': ", count: count
        )
    }

    /// `data reset` declined.
    public var nothingDeleted: String { tr("Nothing was deleted.") }

    /// After `data reset`.
    public func deleted(_ count: Int, backup: String) -> String {
        tr(
            one: "Deleted \(count) record. Backup: ", other: "Deleted \(count) records. Backup: ",
            count: count)
            + backup
    }

    // MARK: Info

    /// `peach info`.
    public func info(version: String, locations: DataLocations, alsa: String) -> [String] {
        [
            tr("Peach \(version) — ear training for pitch and timing, driven by MIDI controllers"),
            tr("Licence:   MIT"),
            tr("Data:      \(locations.dataDirectory)"),
            tr("Settings:  \(locations.settingsFile)"),
            tr("Profiles:  \(locations.userProfilesDirectory)"),
            tr("alsa-lib:  \(alsa)"),
        ]
    }

    // MARK: Settings outcome

    /// What `peach settings set` and `reset` say: `key = value` (or that every setting was reset), and on
    /// stderr what a repair of a broken file did.
    public func settingsOutcome(
        _ outcome: SettingsEditor.Outcome, key: SettingKey?
    ) -> (lines: [String], notes: [String]) {
        let line =
            key.map { "\($0.rawValue) = \(settingValue(outcome.settings.text(of: $0), of: $0))" }
            ?? allSettingsReset
        let notes = outcome.brokenCopy.map { [repaired(copy: $0)] } ?? []
        return ([line], notes + outcome.dropped.map(droppedSetting))
    }

    // MARK: Sounds

    /// `peach sounds`: the timbres, then each SoundFont with its presets (`bank:program name`), or why it
    /// cannot be read.
    public func sounds(
        timbres: [String], soundFonts: [(path: String, font: Result<SoundFont, SoundFontError>)],
        searched: [String], width: Int = LineWrapper.standardWidth
    ) -> [String] {
        var lines = [
            tr("Timbres of the internal synth: \(list(timbres))")
        ]
        if soundFonts.isEmpty {
            lines.append(
                tr(
                    "No SoundFonts in \(searched.joined(separator: ", ")) (Debian: apt install fluid-soundfont-gm)."
                ))
        }
        for (path, font) in soundFonts {
            switch font {
            case .success(let font):
                lines.append("")
                lines.append(tr("\(path) (\(font.name), \(font.presets.count) presets)"))
                lines += presetGroups(font.presets, width: width)
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
                tr(
                    "MIDI sources (controllers; --midi-in \(listing.input), profile '\(listing.profile.name)'):"
                ))
            let sources = listing.ports.filter(\.isReadable)
            if sources.isEmpty { lines.append(none) }
            for port in sources {
                let mark = listing.isControllerChosen(port) ? "*" : " "
                let line = "  \(mark) \(port.label)"
                lines.append(port.isHardware ? line : tr("\(line)  (software)"))
            }
            lines.append(
                tr("MIDI destinations (synths; --output \(listing.output)):"))
            let destinations = listing.ports.filter(\.isWritable)
            if destinations.isEmpty { lines.append(none) }
            let chosen = listing.chosenSynth
            for port in destinations {
                let mark = chosen?.address == port.address ? "*" : " "
                let line = "  \(mark) \(port.label)"
                lines.append(
                    port.isSynth ? tr("\(line)  (synth)") : port.isHardware ? tr("\(line)  (MIDI out)") : line
                )
            }
        } else {
            lines.append(
                tr(
                    "No ALSA sequencer on this machine (/dev/snd/seq is missing), so no MIDI ports to list. Load it "
                        + "with 'sudo modprobe snd-seq', or use --midi-in rawmidi:PATH or --midi-in keyboard."
                ))
        }
        lines.append(
            tr("Raw MIDI devices (--midi-in rawmidi:PATH, --output rawmidi:PATH):"))
        if listing.rawDevices.isEmpty { lines.append(none) }
        for path in listing.rawDevices { lines.append("    " + path) }
        lines.append(tr("Audio outputs that can play here (--audio-out alsa:NAME):"))
        if listing.audioOutputs.isEmpty { lines.append(none) }
        let width = min(listing.audioOutputs.map(\.name.count).max() ?? 0, 40)
        for output in listing.audioOutputs {
            let how =
                output.stack.map {
                    output.trainsTiming
                        ? tr("through \(stackName($0))") : tr("through \(stackName($0)), not for timing")
                }
                ?? output.holder.map { tr("busy: \($0.name), process \($0.pid), holds the sound card") }
                ?? tr("busy")
            lines.append(
                "    " + output.name + String(repeating: " ", count: max(0, width - output.name.count))
                    + "  " + (output.description.isEmpty ? how : "\(output.description) · \(how)"))
        }
        lines.append(
            "  "
                + (listing.jackClientAvailable
                    ? tr(
                        "Also: jack (Peach's own JACK client; not for timing), null (silence), wav:FILE (a file)."
                    )
                    : tr("Also: null (silence), wav:FILE (a file)."))
        )
        let sounds = listing.audioOutputs.contains {
            $0.stack.map { ![.null, .file].contains($0) } ?? true
        }
        if !sounds {
            lines.append(
                "  "
                    + tr(
                        "No sound card here: train in silence with --audio-out null, or into a file with --audio-out "
                            + "wav:FILE; with no controller, --midi-in keyboard answers."))
        }
        return lines
    }

    // MARK: Monitor

    /// The first line of `peach monitor`; `source` nil means the computer keyboard.
    public func listening(to source: String?, profile: String) -> String {
        let what = source ?? tr("the computer keyboard")
        return tr("Listening to \(what) with the '\(profile)' profile. Ctrl-C stops.")
    }

    /// No controller yet, for `peach monitor`.
    public var noControllerForMonitor: String {
        tr("No controller connected yet: plug one in, or connect a port to Peach's input with aconnect.")
    }

    /// The closing line of a run that dropped system messages (clock, active sensing) while its input queue
    /// was full.
    public func droppedInput(_ count: Int) -> String {
        tr(
            "peach: \(count) MIDI system messages (clock, active sensing, SysEx) were dropped while the input "
                + "queue was full; no answer is lost.")
    }

    /// One monitored MIDI event: time, source, message, and `->` its actions.
    public func monitorLine(_ event: MIDIEvent, actions: [ControllerAction], time: Double) -> String {
        let source = event.source?.description ?? "raw"
        let arrow = actions.isEmpty ? "" : "  -> " + actions.map(MIDIText.summary).joined(separator: ", ")
        let padded = source.count >= 7 ? source : source + String(repeating: " ", count: 7 - source.count)
        return String(format: "%8.3f  ", time) + padded + " "
            + MIDIText.summary(event.message, naming: noteNaming)
            + arrow
    }

    /// A port that connected or went away, for `peach monitor`.
    public func monitorPort(_ port: MIDIPortInfo, connected: Bool) -> String {
        connected
            ? tr("connected     \(port.label)")
            : tr("disconnected  \(port.label)")
    }

    /// One monitored key.
    public func monitorLine(_ key: KeyboardKey, time: Double) -> String {
        let arrow = "  -> " + key.actions.map(MIDIText.summary).joined(separator: ", ")
        return tr("\(String(format: "%8.3f", time))  keyboard key \(key.name)\(arrow)")
    }

    // MARK: Learn

    /// The first line of `peach learn`.
    public func learning(_ name: String, from source: String) -> String {
        tr("Learning '\(name)' from \(source). Ctrl-C stops without writing.")
    }

    /// A control already taken.
    public func alreadyUsed(by owner: String) -> String {
        tr("that control is already used for \(owner); use another one.")
    }

    /// Learn stopped by a signal.
    public var learnStopped: String {
        tr("learn stopped; nothing was written.")
    }

    /// The profile was written.
    public func learned(path: String, name: String) -> [String] {
        [
            tr("Wrote \(path)."),
            tr("Use it with --profile \(name), or for good: peach settings set controllerProfile \(name)"),
        ]
    }

    // MARK: Tone

    /// `A4 +12.3 cents = 443.1 Hz (piano, -6.0 dB)`.
    /// With `on`, where it played (`on alsa:default: …`); with `to`, the file it went into.
    public func toneSummary(
        _ script: ToneScript, gain: AmplitudeDB, timbre: String?, on device: String? = nil,
        to file: String? = nil
    ) -> String {
        let offset = centsText(decimal(script.offset.description))
        let level = decimal(gain.description)  // `+1.5 dB`: a unit written the same in every language
        let sound = timbre.map { tr("\($0), \(level)") } ?? level
        var text = tr(
            "\(noteName(script.note)) \(offset) = \(hertz(script.frequency(at: 0).hertz)) (\(sound))")
        if let sweep = script.sweep {
            let end = hertz(script.frequency(at: script.duration).hertz)
            let by = centsText(decimal(sweep.description))
            let start = format(script.sweepStart, 2)
            let time = format(script.sweepTime, 2)
            text = tr("\(text), gliding \(by) to \(end) from \(start) s over \(time) s")
        }
        if let device { text = tr("\(text) on \(device)") }
        if let file { text = tr("\(text) to \(file)") }
        return text
    }

    /// What a live audio device runs at: what it goes through, format, channels, rate, buffer asked for, the
    /// delay measured, priority, underruns.
    public func deviceDetails(
        format sampleFormat: String?, sink: any AudioSink, realTime: Bool, recoveries: Int,
        measuredDelay: Double? = nil
    ) -> String {
        var parts = [String]()
        if ![.other, .null, .file].contains(sink.stack) {
            parts.append(tr("through \(stackName(sink.stack))"))
        }
        if let sampleFormat { parts.append(sampleFormat) }
        parts.append(tr("\(sink.channelCount) ch"))
        parts.append(tr("\(Int(sink.sampleRate)) Hz"))
        let milliseconds = format(sink.configuredLatency * 1000, 1)
        parts.append(
            tr(
                "buffer \(sink.bufferFrames / max(sink.periodFrames, 1)) x \(sink.periodFrames) frames "
                    + "(\(milliseconds) ms)"))
        if let measuredDelay {
            parts.append(tr("measured delay \(format(measuredDelay * 1000, 1)) ms"))
        }
        parts.append(
            realTime
                ? tr("real-time priority")
                : tr("normal priority"))
        if recoveries > 0 {
            parts.append(tr("\(recoveries) underruns recovered"))
        }
        return parts.joined(separator: ", ")
    }
}

extension Texts {
    /// An interval's name: `Unison`, `Perfect fifth up (just)`, `Major third down`.
    public func intervalName(_ key: IntervalKey) -> String {
        let words = intervalWords(key.interval)
        guard key.interval != .prime else { return words }
        return words + " (\(key.interval), \(tuningWord(key.tuningSystem)))"
    }

    /// `equal`, `just`, `Pythagorean`.
    private func tuningWord(_ tuning: TuningSystem) -> String {
        switch tuning {
        case .equalTemperament: tr("equal")
        case .justIntonation: tr("just")
        case .pythagorean: tr("Pythagorean")
        }
    }

    /// ` · Perfect fifth up from C4 (P5, just)`: the interval a trial asked and the note it started from, after
    /// an answer; nothing for unison.
    public func intervalAsked(
        _ interval: DirectedInterval, tuning: TuningSystem, from note: MIDINote
    ) -> String {
        guard interval != .prime else { return "" }
        return " · " + tr("\(intervalWords(interval)) from \(noteName(note))")
            + " (\(interval), \(tuningWord(tuning)))"
    }

    /// A SoundFont's presets grouped as General MIDI orders them (bank 0 by its families of eight programs,
    /// bank 128 as drum kits, any other bank by number), each group's presets packed after its name and
    /// wrapped under them within `width`: `  Piano            0:0 Piano 1 · 0:1 Piano 2 · …`. A preset is never
    /// cut across lines, so `--preset` takes what is shown.
    func presetGroups(_ presets: [SoundFontPreset], width: Int) -> [String] {
        let sorted = presets.sorted { ($0.bank, $0.program) < ($1.bank, $1.program) }
        var groups: [(name: String, presets: [SoundFontPreset])] = []
        for preset in sorted {
            let name = presetGroupName(bank: preset.bank, program: preset.program)
            if groups.last?.name == name {
                groups[groups.count - 1].presets.append(preset)
            } else {
                groups.append((name, [preset]))
            }
        }
        let column = 2 + min(24, (groups.map(\.name.count).max() ?? 0) + 2)
        var lines: [String] = []
        for group in groups {
            var line = "  " + group.name.padding(toLength: column - 2, withPad: " ", startingAt: 0)
            var first = true
            for preset in group.presets {
                let item = preset.number + " " + preset.name
                if !first && line.count + 3 + item.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: column)
                    first = true
                }
                line += (first ? "" : " · ") + item
                first = false
            }
            lines.append(line)
        }
        return lines
    }

    /// `Piano`, `Strings`, `Drum kits`, `Bank 8`: a preset's group in ``presetGroups(_:width:)``.
    private func presetGroupName(bank: Int, program: Int) -> String {
        if bank == 128 { return tr("Drum kits") }
        guard bank == 0 else { return tr("Bank \(bank)") }
        switch program / 8 {
        case 0: return tr("Piano")
        case 1: return tr("Chromatic percussion")
        case 2: return tr("Organ")
        case 3: return tr("Guitar")
        case 4: return tr("Bass")
        case 5: return tr("Strings")
        case 6: return tr("Ensemble")
        case 7: return tr("Brass")
        case 8: return tr("Reed")
        case 9: return tr("Pipe")
        case 10: return tr("Synth lead")
        case 11: return tr("Synth pad")
        case 12: return tr("Synth effects")
        case 13: return tr("Ethnic")
        case 14: return tr("Percussive")
        default: return tr("Sound effects")
        }
    }

    /// The progress chart's title.
    public var progressTitle: String { tr("Peach: progress over time") }
}
