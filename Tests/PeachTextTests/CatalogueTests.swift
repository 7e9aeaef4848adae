// CatalogueTests: every text exists in English and German, German output has no English in it, plurals agree.

import Foundation
import PeachAudio
import PeachCore
import PeachMIDI
import PeachStore
import PeachSystem
import PeachTestSupport
import PeachText
import PeachTraining
import Testing

@Suite("The EN/DE catalogue")
struct CatalogueTests {
    static let english = Texts(language: .english)
    static let german = Texts(language: .german)

    /// Identifiers a user types or a tool reads as they are, in any language: the controller actions, the
    /// events of the `--events` stream and the play-back kinds (`--kind notes`).
    static let identifiers = Set(
        SwitchAction.allCases.map { $0.rawValue.lowercased() } + EventLine.schema.keys.map { $0.lowercased() }
            + PlayBackKind.allCases.map(\.rawValue)
    )

    /// Checks one text in both languages.
    static func check(_ english: String, _ german: String, _ what: String) {
        #expect(!english.isEmpty && !german.isEmpty, "\(what): empty")
        #expect(english != german, "\(what): the same in both languages: \(english)")
        let stray = GermanProse.strayEnglish(in: german, identifiers: identifiers)
        #expect(stray.isEmpty, "\(what): English in German: \(stray) in «\(german)»")
    }

    @Test("every plain phrase has both texts, and the German one is German")
    func phrases() {
        for phrase in Phrase.allCases {
            Self.check(Self.english(phrase), Self.german(phrase), "\(phrase)")
        }
        for phrase in WebPhrase.allCases {
            Self.check(Self.english(phrase), Self.german(phrase), "\(phrase)")
        }
    }

    @Test("every help text (commands, options, discussions) has both texts, and the German one is German")
    func help() {
        for key in Help.allCases {
            Self.check(Self.english.help(key), Self.german.help(key), "\(key)")
        }
        #expect(Self.german.help(.range, current: "C3-C5").hasSuffix("Jetzt: C3-C5 (die Einstellung)."))
    }

    @Test(
        "no help text has a run of spaces inside a sentence (a joined source line); examples may align comments"
    )
    func helpSpacing() {
        for key in Help.allCases {
            for text in [Self.english.help(key), Self.german.help(key)] {
                for line in text.split(separator: "\n") {
                    // An example line must fit 80 columns as it is: argument-parser would break it anywhere.
                    if line.hasPrefix("  peach ") {
                        #expect(line.count <= 80, "\(key): «\(line)» is \(line.count) wide")
                    }
                    guard !line.contains("#") else { continue }
                    let body = line.drop { $0 == " " }
                    #expect(!body.contains("   "), "\(key): «\(line)»")
                }
            }
        }
    }

    @Test("the manual's texts mark every non-ASCII character, so generate-manual cannot drop it")
    func manualMarks() {
        let texts = Texts(language: .english, marksNonASCII: true)
        #expect(Texts.markingNonASCII("(±5 dB), β – ¢") == "(@U00B1@5 dB), @U03B2@ @U2013@ @U00A2@")
        for key in Help.allCases {
            let ascii = texts.help(key).unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "\(key)")
        }
    }

    static let file = FileError(path: "/data/records.jsonl", operation: .write, code: ENOSPC)

    /// One error of every case of every error type Peach words.
    static let errors: [any Error] = {
        var errors: [any Error] = [
            SettingsError.outOfRange(key: "noteDuration", value: "9", allowed: .number(0.3...3, .seconds)),
            SettingsError.rangeTooNarrow(key: "noteRange", range: "C4-A4", minimumSemitones: 12),
            SettingsError.invalidValue(
                key: "timbre", value: "banjo", expected: .oneOf(["sine", "piano", "organ"])),
            SettingsError.unknownKey("tempo"),
            SettingsError.noSuchProfile(key: "controllerProfile", value: "x", known: ["default", "pads"]),
            StoreError.locked(path: "/d/records.lock", ownerPID: 42), StoreError.io(file),
            StoreError.newerSchema(path: "/d/records.jsonl", found: 3, supported: 1),
            StoreError.journalReplaced(path: "/d/records.jsonl"),
            StoreError.nonFiniteValue(path: "/d/records.jsonl", field: "gap"),
            StoreError.unsafeSettingsDirectory(path: "/c", owner: 1001, writableByOthers: false),
            StoreError.unsafeSettingsDirectory(path: "/c", owner: nil, writableByOthers: true),
            SynthError.outputNotRunning, SynthError.unknownTimbre("banjo"),
            AudioOutputError.sinkStopped(name: "alsa:hw:1,0"),
            AudioOutputError.threadNotStarted(
                FileError(path: "audio thread", operation: .startThread, code: EAGAIN)),
            DataLocations.Failure.noHomeDirectory(purpose: "data"),
            DataLocations.Failure.noHomeDirectory(purpose: "config"),
            MIDIInputError.cannotOpen(FileError(path: "/dev/snd/midiC1D0", operation: .open, code: ENOENT)),
            MIDIInputError.readFailed(FileError(path: "/dev/snd/midiC1D0", operation: .read, code: ENODEV)),
            MIDIInputError.writeFailed(FileError(path: "/tmp/x", operation: .write, code: EIO)),
            ProfileError.notFound(name: "x", searched: ["/p"]), ProfileError.invalidName("../x"),
            ProfileError.unreadable(FileError(path: "/p/x.json", operation: .read, code: EACCES)),
            CommandError.option(.outOfRange(key: "--days", value: "0", allowed: .wholeNumber(1...365))),
            CommandError.duplicate(option: "--actions", value: "higher"),
            CommandError.noSynthFound(spec: "midi", named: false),
            CommandError.noSynthFound(spec: "x", named: true),
            CommandError.keyboardNeedsTerminal, CommandError.learnNeedsMIDI,
            CommandError.learnInputEnded(learned: 1, total: 3), CommandError.fileExists(path: "/p/x.json"),
            CommandError.refusingToDelete(count: 3), CommandError.cannotWrite(file),
            CommandError.cannotListen(address: "127.0.0.1", port: 8765, errno: EADDRINUSE, reason: ""),
            CommandError.cannotListen(address: "::", port: 8765, errno: nil, reason: "x"),
            CommandError.passwordTooShort(minimum: 8), CommandError.passwordsDiffer,
        ]
        errors += SpecKind.allCases.map { CommandError.invalidSpec(option: "--x", value: "y", expected: $0) }
        for operation in DeviceError.Operation.allCases {
            for kind in DeviceError.Kind.allCases {
                errors.append(
                    DeviceError(device: "alsa:hw:1,0", operation: operation, kind: kind, systemText: "x"))
            }
        }
        for operation in [
            FileError.Operation.open, .read, .write, .sync, .stat, .truncate, .rename, .makeDirectory,
            .link, .unlink, .lock, .poll, .pipe, .startThread,
        ] {
            for code in [
                ENOENT, EACCES, ENOSPC, EDQUOT, EROFS, EISDIR, ENOTDIR, EBUSY, ENODEV, EIO, EEXIST, EFBIG,
                EPIPE,
            ] {
                errors.append(FileError(path: "/x", operation: operation, code: code))
            }
        }
        let settingsProblems: [SettingsFileProblem] = [
            .syntax(line: 3, column: 2), .notAnObject, .duplicateKey("velocity"), .wrongType(key: "velocity"),
            .value(.unknownKey("x")),
        ]
        errors += settingsProblems.map { StoreError.invalidSettings(path: "/c/settings.json", problem: $0) }
        let recordProblems: [RecordProblem] = [
            .notAnObject, .textAfterObject, .duplicateField("v"), .invalidVersion(0), .invalidTime,
            .unknownType("x"), .missingField("v"), .contradictoryCorrect, .contradictoryVerdict,
            .lineTooLong(65536), .notAnArray,
            .missingSeparator, .textAfterArray, .notACSVExport, .cellCount(found: 3, expected: 19),
            .newerVersion(found: 2, supported: 1), .outOfRange("note2Gain", allowed: -5...5),
        ]
        let kinds: [RecordProblem.FieldKind] = [
            .number, .wholeNumber, .text, .boolean, .midiNote, .cents, .frequency, .seconds, .velocity,
            .answer,
        ]
        errors += (recordProblems + kinds.map { .invalidField("x", expected: $0) }).map {
            StoreError.unreadableImport(path: "/x.csv", line: 2, problem: $0)
        }
        let profileProblems: [ProfileProblem] = [
            .notJSON, .wrongType(expected: .object, found: .list),
            .wrongType(expected: .boolean, found: .null),
            .wrongType(expected: .number, found: .string), .outOfRange(300, allowed: 0...127),
            .notWholeNumber(1.5),
            .notNoteName("H9"), .notOneOf("x", known: ["a", "b"]), .unknownField(known: ["a", "b"]),
            .missing(alternatives: []), .missing(alternatives: ["action", "gesture"]),
            .needsExactlyOne(["a", "b"]),
            .needsBoth("short", "long"), .conflicting("action", "gesture"), .sameGestureActions,
            .gestureOnProgramChange, .fromAboveTo, .doesNotApply(control: "encoder"), .mapsNothing,
        ]
        errors += profileProblems.map {
            ProfileError.invalid(path: "/p/x.json", field: "actions[0]", problem: $0)
        }
        let allowed: [AllowedValues] = [
            .number(0...1, .seconds), .number(0...1, .hertz), .number(0...1, .amount), .number(0...1, .cents),
            .number(0...1, .decibels), .wholeNumber(1...2),
            .noteRange(within: NoteRange(21, 108), minimumSemitones: 12),
            .oneOf(["a", "b"]), .profileName, .audioOutput, .midiOutput, .onOff,
        ]
        errors += allowed.map { SettingsError.invalidValue(key: "k", value: "v", expected: $0) }
        return errors
    }()

    @Test(
        "a store failure's closing line says where the earlier answers are, except when the journal was replaced"
    )
    func closingAfterStoreFailure() {
        let full = StoreError.io(FileError(path: "/d/records.jsonl", operation: .write, code: ENOSPC))
        let replaced = StoreError.journalReplaced(path: "/d/records.jsonl")
        let progress = TrainingProgress()
        #expect(
            Self.english.closing(.storeFailure(full), progress: progress, storeLocation: "/d/records.jsonl")
                .hasSuffix("The answers before it are saved: /d/records.jsonl"))
        let closing = Self.english.closing(
            .storeFailure(replaced), progress: progress, storeLocation: "/d/records.jsonl")
        #expect(closing.contains("was replaced or removed by another program"), "\(closing)")
        #expect(!closing.contains("are saved"), "\(closing)")
    }

    @Test("every error is one line in both languages, and the German one is German")
    func errors() {
        for error in Self.errors {
            let english = Self.english.message(for: error)
            let german = Self.german.message(for: error)
            Self.check(english, german, "\(error)")
            #expect(!english.contains("\n") && !german.contains("\n"))
            #expect(!english.hasPrefix("unexpected failure"), "not in the catalogue: \(error)")
        }
    }

    /// One ending of each kind.
    static let endings: [TrainingEnding] = [
        .user, .inputEnded, .signal(15), .controllerDisconnected("Keys"),
        .controllerFailed(
            MIDIInputError.readFailed(FileError(path: "/dev/x", operation: .read, code: ENODEV))),
        .audioFailure(SynthError.outputNotRunning), .storeFailure(StoreError.io(Self.file)),
        .measured(
            ThresholdEstimate(
                cents: 7.3, interval68: 6.1...8.7, interval95: 5...10, slope: 2, trials: 60,
                logStandardDeviation: 0.15)),
    ]

    /// One notice of each kind.
    static let notices: [TrainingNotice] = [
        .noControllerYet, .controllerConnected("Keys"), .settingsProblem(StoreError.io(file)),
        .actionNotApplicable("commit", .comparison),
    ]

    @Test("the screen's words: endings, notices and progress in both languages")
    func screen() {
        var progress = TrainingProgress()
        progress.answered = 3
        progress.correct = 2
        progress.matched = 1
        for ending in Self.endings {
            Self.check(
                Self.english.closing(ending, progress: progress, storeLocation: "/d"),
                Self.german.closing(ending, progress: progress, storeLocation: "/d"), "\(ending)")
        }
        for notice in Self.notices {
            Self.check(Self.english.notice(notice), Self.german.notice(notice), "\(notice)")
        }
        for mode in TrainingMode.allCases {
            Self.check(Self.english.keysHelp(for: mode), Self.german.keysHelp(for: mode), "\(mode)")
        }
    }

    @Test("singular and plural in both languages; decimal comma in German")
    func plurals() {
        #expect(Self.english.cents(1, 0) == "1 cent")
        #expect(Self.english.cents(2, 0) == "2 cents")
        #expect(Self.english.cents(1.5) == "1.5 cents")
        #expect(Self.english.cents(1) == "1.0 cents")
        #expect(Self.german.cents(1, 0) == "1 Cent")
        #expect(Self.german.cents(1.5) == "1,5 Cent")
        #expect(Self.english.signedCents(-1) == "-1 cent")
        #expect(Self.english.sharpOrFlat(1) == "1 cent sharp")
        #expect(Self.english.sharpOrFlat(-27) == "27 cents flat")
        #expect(Self.german.sharpOrFlat(-27) == "27 Cent zu tief")
        #expect(Self.english.answers(1) == "1 answer" && Self.english.answers(2) == "2 answers")
        #expect(Self.german.answers(1) == "1 Antwort" && Self.german.attempts(3) == "3 Versuche")
        #expect(Self.german.allowed(.number(0.3...3, .seconds)) == "0,3–3 Sekunden")
    }

    @Test("the language comes from LANGUAGE, then LC_ALL, LC_MESSAGES and LANG, as gettext chooses it")
    func language() {
        #expect(Language.from(environment: ["LANG": "de_DE.UTF-8"]).preferences == ["de_DE", "de"])
        #expect(Language.from(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(
            Language.from(environment: ["LC_ALL": "", "LC_MESSAGES": "de_AT", "LANG": "C"]).preferences == [
                "de_AT", "de",
            ])
        #expect(
            Language.from(environment: ["LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"]).preferences == [
                "fr", "de",
            ])
        // The C locale wins over LANGUAGE, as in gettext.
        #expect(Language.from(environment: ["LANGUAGE": "de", "LANG": "C"]) == .english)
        #expect(Language.from(environment: [:]) == .english)
        // A language without a catalogue speaks English; one with a country finds its language's catalogue.
        #expect(Texts(language: Language(code: "fr_FR"))(.higher) == "Higher")
        #expect(Texts(language: Language.from(environment: ["LANG": "de_CH.UTF-8"]))(.higher) == "Höher")
    }

    @Test("one name per thing: no synonym the glossary replaced is left in the catalogue's sources")
    func glossary() throws {
        // The German is in po/de.po; the English is in the Swift sources (the template's msgids).
        let german = try POFile(
            parsing: try String(contentsOfFile: MessageCatalogue.sourceFolder + "/de.po", encoding: .utf8))
        let template = try POFile(
            parsing: try String(contentsOfFile: MessageCatalogue.sourceFolder + "/peach.pot", encoding: .utf8)
        )
        let texts =
            german.entries.flatMap(\.translations) + template.entries.flatMap { [$0.id, $0.pluralID ?? ""] }
        #expect(texts.count > 1000, "the catalogues were found")
        for text in texts {
            for entry in Glossary.entries {
                for word in entry.avoid {
                    #expect(
                        !text.contains(word),
                        "«\(text)» says «\(word)»; the glossary's word is «\(entry.german)»")
                }
            }
        }
    }
}
