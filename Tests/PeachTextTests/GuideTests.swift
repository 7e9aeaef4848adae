// GuideTests: the user guide says what the code does: every error message in the troubleshooting page, every
// setting in the settings reference.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem
import PeachText
import PeachTraining
import Testing

@Suite("The user guide")
struct GuideTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
    static let english = Texts(language: .english)

    /// The errors the troubleshooting page lists, by topic: every case of every error Peach words (file and
    /// device errors once per kind, not per operation), with example paths and devices.
    static let topics: [(title: String, errors: [any Error])] = {
        let file = { (operation: FileError.Operation, code: Int32) in
            FileError(path: "/home/ada/.local/share/peach/records.jsonl", operation: operation, code: code)
        }
        let profile = "/home/ada/.config/peach/profiles/pads.json"
        let profileProblems: [ProfileProblem] = [
            .notJSON, .wrongType(expected: .object, found: .list), .outOfRange(300, allowed: 0...127),
            .notWholeNumber(1.5), .notNoteName("H9"), .notOneOf("louder", known: ["higher", "lower"]),
            .unknownField(known: ["action", "notes"]), .missing(alternatives: ["action", "gesture"]),
            .needsExactlyOne(["notes", "controller"]), .needsBoth("short", "long"),
            .conflicting("action", "gesture"), .sameGestureActions, .gestureOnProgramChange, .fromAboveTo,
            .doesNotApply(control: "encoder"), .mapsNothing,
        ]
        let recordProblems: [RecordProblem] = [
            .notAnObject, .textAfterObject, .duplicateField("cents"), .invalidVersion(0), .invalidTime,
            .unknownType("tempo"), .missingField("cents"), .contradictoryCorrect, .contradictoryVerdict,
            .lineTooLong(65536),
            .notAnArray, .missingSeparator, .textAfterArray, .notACSVExport,
            .cellCount(found: 3, expected: 19),
            .newerVersion(found: 3, supported: 2), .invalidField("cents", expected: .cents),
            .outOfRange("gap", allowed: 0...5),
        ]
        let soundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2"
        let soundFontProblems: [SoundFontError.Problem] = [
            .unreadable(FileError(path: soundFont, operation: .open, code: ENOENT)), .notSoundFont,
            .truncated(chunk: "smpl"), .missingChunk("phdr"), .badChunk("pbag"), .badIndex("ibag"),
            .badSample("Piano C4"), .compressedSample("Piano C4"), .tooLarge, .noSuchPreset("Banjo"),
            .noPresets,
            .emptyPreset("Piano"),
        ]
        var devices: [any Error] = []
        // The combinations that happen: an audio device fails in PCM ways, the sequencer in its own.
        let pcm: [DeviceError.Operation] = [.openPCM, .configurePCM, .writePCM]
        for operation in DeviceError.Operation.allCases {
            for kind in DeviceError.Kind.allCases
            where (pcm.contains(operation) || (kind != .formatUnsupported && kind != .stalled))
                && kind != .notInstalled
            {
                let device = pcm.contains(operation) ? "alsa:hw:1,0" : "seq"
                devices.append(
                    DeviceError(
                        device: device, operation: operation, kind: kind, systemText: "ALSA's own words"))
            }
        }
        devices.append(
            DeviceError(
                device: "midi", operation: .openSequencer, kind: .noSuchDevice, systemText: "ALSA's own words"
            ))
        // The JACK client's, and a busy card with who holds it.
        devices += [
            DeviceError(
                device: "jack", operation: .openPCM, kind: .notInstalled, systemText: "libjack.so.0 not found"
            ),
            DeviceError(
                device: "jack", operation: .openPCM, kind: .noSuchDevice, systemText: "no JACK server running"
            ),
            DeviceError(
                device: "jack:Carla", operation: .openPCM, kind: .noSuchDevice,
                systemText: "no input ports of 'Carla'"),
        ]
        for (name, device) in [
            ("jackd", "alsa:hw:1,0"), ("pipewire", "alsa:hw:1,0"), ("pulseaudio", "alsa:hw:1,0"),
            ("firefox", "alsa:default"),
        ] {
            devices.append(
                DeviceError(
                    device: device, operation: .openPCM, kind: .busy, systemText: "ALSA's own words",
                    holder: DeviceHolder(name: name, pid: 812)))
        }
        devices.append(
            DeviceError(
                device: "alsa:default", operation: .openPCM, kind: .busy, systemText: "ALSA's own words"))
        return [
            (
                "Settings",
                [
                    SettingsError.outOfRange(
                        key: "noteDuration", value: "9", allowed: .number(0.3...3, .seconds)),
                    SettingsError.rangeTooNarrow(key: "noteRange", range: "C4-A4", minimumSemitones: 12),
                    SettingsError.invalidValue(
                        key: "timbre", value: "banjo", expected: .oneOf(["sine", "piano", "organ"])),
                    SettingsError.unknownKey("swing"),
                    SettingsError.invalidValue(key: "gapPositions", value: "5", expected: .gapPositions),
                    SettingsError.noSuchProfile(
                        key: "controllerProfile", value: "pedal", known: ["default", "pads"]),
                    StoreError.unsafeSettingsDirectory(
                        path: "/home/ada/.config/peach", owner: nil, writableByOthers: true),
                ]
                    + ([
                        .syntax(line: 3, column: 2), .notAnObject, .duplicateKey("velocity"),
                        .wrongType(key: "velocity"),
                    ]
                    as [SettingsFileProblem]).map {
                        StoreError.invalidSettings(path: "/home/ada/.config/peach/settings.json", problem: $0)
                    }
            ),
            (
                "Options on the command line",
                SpecKind.allCases.map { CommandError.invalidSpec(option: "--x", value: "y", expected: $0) }
                    + [
                        CommandError.option(
                            .outOfRange(key: "--days", value: "0", allowed: .wholeNumber(1...365))),
                        CommandError.duplicate(option: "--actions", value: "higher"),
                        CommandError.keyboardNeedsTerminal, CommandError.learnNeedsMIDI,
                        CommandError.learnInputEnded(learned: 1, total: 3),
                        CommandError.fileExists(path: profile), CommandError.refusingToDelete(count: 3),
                        CommandError.invalidPlayBackItems("M9", kind: .intervals),
                        CommandError.invalidConfusion("M3", kind: .intervals),
                        CommandError.placementWithItems,
                        CommandError.inTempoNeedsMelodies,
                        CommandError.tempoNeedsInTempo,
                        CommandError.needsInTempo(option: "--bias"),
                        CommandError.optionNeeds(
                            option: "--key", choice: "--kind", values: ["degrees", "melodies"],
                            given: "chords"),
                        CommandError.optionNeeds(
                            option: "--threshold", choice: "--mode",
                            values: ["comparison", "measurement", "timing"],
                            given: "matching"),
                        CommandError.optionNeeds(
                            option: "--vary-loudness", choice: "peach", values: ["train", "measure"],
                            given: "match"),
                        CommandError.unknownCommand("trian", nearest: "train"),
                        CommandError.unknownCommand("nonsense", nearest: nil),
                    ]
            ),
            (
                "The dashboard (peach web)",
                [
                    CommandError.cannotListen(
                        address: "127.0.0.1", port: 8765, errno: EADDRINUSE, reason: ""),
                    CommandError.cannotListen(
                        address: "192.0.2.7", port: 8765, errno: EADDRNOTAVAIL, reason: ""),
                    CommandError.passwordTooShort(minimum: 8), CommandError.passwordsDiffer,
                ]
            ),
            (
                "Sound and MIDI devices",
                devices + [
                    CommandError.noSynthFound(spec: "midi", named: false),
                    CommandError.noSynthFound(spec: "midi:FLUID", named: true),
                    AudioOutputError.sinkStopped(name: "alsa:hw:1,0"),
                    AudioOutputError.threadNotStarted(
                        FileError(path: "audio thread", operation: .startThread, code: EAGAIN)),
                    SynthError.outputNotRunning, SynthError.unknownTimbre("banjo"),
                    ClicksUnavailable(output: "midi:128:0 (FLUID Synth)"),
                    ClicksUnavailable(output: "alsa:default", reason: .delayNotExact(.pulseAudio)),
                    ClicksUnavailable(output: "alsa:jack", reason: .delayNotExact(.jack)),
                    ClicksUnavailable(output: "alsa:default", reason: .delayNotExact(.pipeWire)),
                    StoreError.invalidCalibration(
                        path: "/home/ada/.config/peach/calibration.json", field: nil),
                    StoreError.invalidCalibration(
                        path: "/home/ada/.config/peach/calibration.json", field: "offsetMs"),
                    MIDIInputError.cannotOpen(
                        FileError(path: "/dev/snd/midiC1D0", operation: .open, code: ENOENT)),
                    MIDIInputError.readFailed(
                        FileError(path: "/dev/snd/midiC1D0", operation: .read, code: ENODEV)),
                    MIDIInputError.writeFailed(
                        FileError(path: "/tmp/synth.fifo", operation: .write, code: EIO)),
                ]
            ),
            (
                "Your data",
                [
                    StoreError.locked(path: "/home/ada/.local/share/peach/records.lock", ownerPID: 4242),
                    StoreError.journalReplaced(path: "/home/ada/.local/share/peach/records.jsonl"),
                    StoreError.nonFiniteValue(
                        path: "/home/ada/.local/share/peach/records.jsonl", field: "responseTime"),
                    StoreError.newerSchema(
                        path: "/home/ada/.local/share/peach/records.jsonl", found: 3, supported: 2),
                    StoreError.unsafeDirectory(path: "/srv/peach", owner: 1001, writableByOthers: false),
                    StoreError.unsafeDirectory(path: "/tmp/peach", owner: nil, writableByOthers: true),
                    StoreError.protectedOutput(
                        path: "/home/ada/.local/share/peach/records.jsonl",
                        protected: "/home/ada/.local/share/peach"),
                    DataLocations.Failure.noHomeDirectory(purpose: "data"),
                    CommandError.cannotWrite(FileError(path: "answers.csv", operation: .write, code: ENOSPC)),
                ]
                    + recordProblems.map {
                        StoreError.unreadableImport(path: "answers.csv", line: 7, problem: $0)
                    }
                    + [ENOSPC, EDQUOT, EACCES, EROFS, EIO, EFBIG].map { StoreError.io(file(.write, $0)) }
                    + [ENOENT, EACCES, EISDIR, ENOTDIR, EBUSY, ENODEV, EEXIST, EPIPE].map {
                        StoreError.io(file(.open, $0))
                    }
            ),
            (
                "Controller profiles",
                [
                    ProfileError.notFound(name: "pedal", searched: ["/home/ada/.config/peach/profiles"]),
                    ProfileError.invalidName("../pedal"),
                    ProfileError.unreadable(FileError(path: profile, operation: .read, code: EACCES)),
                ]
                    + profileProblems.map {
                        ProfileError.invalid(path: profile, field: "actions[0]", problem: $0)
                    }
            ),
            ("SoundFonts", soundFontProblems.map { SoundFontError(path: soundFont, problem: $0) }),
        ]
    }()

    /// The generated part of docs/troubleshooting.md: each topic's messages, one per line, as Peach prints them.
    static func messagesSection() -> String {
        var lines: [String] = []
        for (title, errors) in topics {
            lines += ["### \(title)", "", "```text"]
            var seen = Set<String>()
            for error in errors {
                let line = "peach: " + english.message(for: error)
                if seen.insert(line).inserted { lines.append(line) }
            }
            lines += ["```", ""]
        }
        return lines.joined(separator: "\n")
    }

    @Test(
        "docs/troubleshooting.md lists every error message as Peach prints it (PEACH_UPDATE_DOCS=1 rewrites it)"
    )
    func troubleshootingMessages() throws {
        let path = Self.repository.appendingPathComponent("docs/troubleshooting.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let begin =
            "<!-- messages: generated by GuideTests; PEACH_UPDATE_DOCS=1 swift test --filter GuideTests -->\n"
        let end = "<!-- messages end -->"
        let start = try #require(text.range(of: begin), "the page has its messages marker")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let generated = Self.messagesSection()
        if ProcessInfo.processInfo.environment["PEACH_UPDATE_DOCS"] == "1" {
            let before = String(text[..<start.upperBound])
            let after = String(text[stop.lowerBound...])
            try (before + generated + after).write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            #expect(
                String(text[start.upperBound..<stop.lowerBound]) == generated,
                "docs/troubleshooting.md is behind the catalogue: run PEACH_UPDATE_DOCS=1 swift test --filter GuideTests"
            )
        }
        #expect(!generated.contains("unexpected failure"), "every listed error is worded by the catalogue")
    }

    @Test("docs/settings.md lists exactly the settings there are, each with its option and default")
    func settingsReference() throws {
        let text = try String(
            contentsOfFile: Self.repository.appendingPathComponent("docs/settings.md").path, encoding: .utf8)
        var documented: [String: (option: String, standard: String)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = (
                cells[1], cells[2]
            )
        }
        #expect(Set(documented.keys) == Set(SettingKey.allCases.map(\.rawValue)))
        for key in SettingKey.allCases {
            let option = documented[key.rawValue]?.option ?? ""
            #expect(
                option == (key.optionName.map { "`--\($0)`" } ?? "–"),
                "\(key): the guide's option is «\(option)»")
            let standard = PeachSettings.defaults.text(of: key)
            let cell = documented[key.rawValue]?.standard ?? ""
            // `1.0 s` documents 1, `-12 dB` documents -12, `(empty)` an empty default.
            let shown = cell.split(separator: " ").first.map(String.init) ?? ""
            let same =
                standard.isEmpty
                ? cell == "(empty)" : (Double(shown) ?? .nan) == Double(standard) || shown == standard
            #expect(same, "\(key): the guide says «\(cell)», the default is «\(standard)»")
        }
    }
}

extension GuideTests {
    @Test("a setting's run option has a help text, and only such a setting")
    func settingHelp() {
        for key in SettingKey.allCases {
            #expect((key.help != nil) == (key.optionName != nil), "\(key)")
        }
    }
}

extension GuideTests {
    @Test("--events' help names every event of the schema, and learn's help every action")
    func eventAndActionLists() {
        #expect(Set(EventLine.eventOrder) == Set(EventLine.schema.keys))
        #expect(EventLine.eventOrder.count == EventLine.schema.count)
        let events = Texts(language: .english).help(.events)
        for name in EventLine.eventOrder { #expect(events.contains(name), "\(name)") }
        let learn = Texts(language: .english).help(.learnDiscussion)
        for action in SwitchAction.allCases { #expect(learn.contains(action.rawValue), "\(action)") }
    }

    @Test("play's help lists the items of every kind: each is named, or spanned by `first … last`")
    func playItemLists() throws {
        for language in [Language.english, .german] {
            let help = Texts(language: language).help(.playDiscussion)
            // The block's lines: a kind's name, then its words; continuation lines belong to the kind before.
            var words: [PlayBackKind: [String]] = [:]
            var kind: PlayBackKind?
            for line in help.split(separator: "\n").drop(while: {
                !$0.hasPrefix("Items") && !$0.hasPrefix("Aufgaben")
            })
            .dropFirst().prefix(while: { $0.hasPrefix("  ") }) {
                let tokens = line.split(whereSeparator: { " ,:;()".contains($0) }).map(String.init)
                if let first = tokens.first, let named = PlayBackKind(rawValue: first) {
                    kind = named
                    words[named, default: []] += tokens.dropFirst()
                } else if let kind {
                    words[kind, default: []] += tokens
                }
            }
            #expect(Set(words.keys) == Set(PlayBackKind.allCases), "\(language)")
            for (kind, named) in words {
                let items = named.filter { PlayBackItem.list(parsing: $0, kind: kind).isSuccess }
                for item in PlayBackItem.catalogue(of: kind) {
                    // Named, or (notes, degrees, melodies) spanned by `first … last` of the same shape.
                    let id = item.id
                    let stem = id.filter { !$0.isNumber }
                    let number = Int(id.filter(\.isNumber)) ?? 0
                    let spanned = named.indices.dropFirst().dropLast().contains { index in
                        let (first, last) = (named[index - 1], named[index + 1])
                        guard named[index] == "…", first.filter({ !$0.isNumber }) == stem,
                            last.filter({ !$0.isNumber }) == stem,
                            let low = Int(first.filter(\.isNumber)), let high = Int(last.filter(\.isNumber))
                        else { return false }
                        return low <= number && number <= high
                    }
                    let base = kind == .intervals ? String(id.prefix(2)) : kind == .chords ? item.quality : id
                    #expect(items.contains(base) || spanned, "\(language) \(kind): \(id)")
                }
            }
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

extension PlayBackItem {
    fileprivate var quality: String {
        guard case .chord(let quality, _) = self else { return id }
        return quality.rawValue
    }
}
