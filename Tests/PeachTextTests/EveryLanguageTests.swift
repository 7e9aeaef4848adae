// EveryLanguageTests: each language of po/LINGUAS is complete, keeps every place, and renders every screen.

import Foundation
import PeachCore
import PeachTestSupport
import PeachTraining
import Testing

@testable import PeachStore
@testable import PeachText

@MainActor
@Suite("Every language in po/LINGUAS")
struct EveryLanguageTests {
    /// The languages Peach ships: po/LINGUAS, one code per word, `#` comments left out.
    nonisolated static let codes: [String] = {
        let text =
            (try? String(contentsOfFile: MessageCatalogue.sourceFolder + "/LINGUAS", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").flatMap { line in
            line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace).map(String.init)
        }
    }()

    static func template() throws -> POFile {
        try POFile(parsing: try String(contentsOfFile: PseudoLanguage.templatePath, encoding: .utf8))
    }

    static func texts(_ code: String) throws -> Texts {
        let catalogue = try #require(
            MessageCatalogue.readPO(MessageCatalogue.sourceFolder + "/\(code).po", language: code),
            "po/\(code).po reads")
        return Texts(language: Language(code: code), catalogue: catalogue)
    }

    @Test("po/LINGUAS lists German, and every .po in po/ is listed")
    func listed() throws {
        #expect(Self.codes.contains("de"))
        let files = try FileManager.default.contentsOfDirectory(atPath: MessageCatalogue.sourceFolder)
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }
        #expect(Set(files) == Set(Self.codes), "po/LINGUAS and the .po files agree")
    }

    @Test(
        "each catalogue translates exactly the template, keeps every place, and is flagged for msgfmt's check",
        arguments: codes)
    func complete(code: String) throws {
        let template = try Self.template()
        let file = try POFile(
            parsing: try String(
                contentsOfFile: MessageCatalogue.sourceFolder + "/\(code).po", encoding: .utf8))
        func key(_ entry: POFile.Entry) -> String { "\(entry.context ?? "")|\(entry.id)" }
        let ids = Set(template.entries.filter { !$0.id.isEmpty }.map(key))
        let translated = file.entries.filter { !$0.id.isEmpty && !$0.flags.contains("fuzzy") }
        #expect(ids.count > 500)
        #expect(Set(translated.map(key)) == ids, "\(code).po translates exactly the template")
        let flagged = Set(template.entries.filter { $0.flags.contains("python-brace-format") }.map(key))
        for entry in template.entries where !entry.id.isEmpty {
            let places = Message.places(in: entry.id) + Message.places(in: entry.pluralID ?? "")
            #expect(flagged.contains(key(entry)) == !places.isEmpty, "the template's flag of «\(entry.id)»")
        }
        for entry in translated {
            #expect(entry.translations.allSatisfy { !$0.isEmpty }, "untranslated: \(entry.id)")
            // Every place of the English is in each form of the translation, and no other (msgfmt --check
            // says the same in CI, through the python-brace-format flag).
            let places = Set(Message.places(in: entry.id) + Message.places(in: entry.pluralID ?? ""))
            #expect(
                places.isEmpty || entry.flags.contains("python-brace-format"), "«\(entry.id)» is not flagged")
            for form in entry.translations {
                #expect(Set(Message.places(in: form)) == places, "«\(entry.id)» → «\(form)»: places differ")
            }
        }
    }

    @Test("each language renders every text and screen: no place left empty, its own words", arguments: codes)
    func screens(code: String) throws {
        let texts = try Self.texts(code)
        let english = Texts(language: .english)
        var rendered: [(what: String, text: String, english: String)] = []
        func add(_ what: String, _ render: (Texts) -> String) {
            rendered.append((what, render(texts), render(english)))
        }
        for phrase in Phrase.allCases { add("\(phrase)") { $0(phrase) } }
        for key in Help.allCases { add("\(key)") { $0.help(key, current: "C3-C5") } }
        for error in CatalogueTests.errors { add("\(error)") { $0.message(for: error) } }
        var progress = TrainingProgress()
        progress.answered = 3
        progress.correct = 2
        progress.matched = 1
        for ending in CatalogueTests.endings {
            add("\(ending)") { $0.closing(ending, progress: progress, storeLocation: "/d") }
        }
        for notice in CatalogueTests.notices { add("\(notice)") { $0.notice(notice) } }
        for mode in TrainingMode.allCases { add("keys of \(mode)") { $0.keysHelp(for: mode) } }
        add("start commands") { $0.startCommands.joined(separator: "\n") }
        add("settings") {
            $0.settingsList(
                SettingsFile.Loaded(settings: .defaults, unknownKeys: [], problems: []), path: "/s"
            )
            .joined(separator: "\n")
        }
        add("box") { $0.line(.sessionEnded(.comparison, progress, reason: "user")) }
        // A whole run of each pitch mode on the screen, as a user sees it at 80 columns.
        for mode in [TrainingMode.comparison, .pitchMatching] {
            let harness = RunHarness(mode: mode)
            harness.run.start()
            harness.advance(3)
            harness.press(mode == .comparison ? harness.right : .commit)
            harness.advance(3)
            harness.press(.stop)
            add("a \(mode) run") { texts in
                let output = RecordingScreenOutput()
                let screen = TerminalScreen(texts: texts, output: output, isTerminal: false, color: false)
                for event in harness.presenter.events { screen.present(event, at: Date()) }
                return output.screen
            }
        }
        for (what, text, _) in rendered {
            #expect(!text.isEmpty, "\(code): \(what) is empty")
            #expect(
                text.firstMatch(of: /\{\d+\}/) == nil, "\(code): a place left unfilled in \(what): «\(text)»")
        }
        // The language's own words: nearly every text differs from the English (a few, like "OK" or a unit, may
        // read the same).
        let same = rendered.filter { $0.text == $0.english }
        #expect(
            Double(same.count) < 0.05 * Double(rendered.count),
            "\(code): \(same.count) of \(rendered.count) read as in English: \(same.prefix(10).map(\.what))")
    }

    @Test("help writes numbers as they are typed (0.3, not 0,3) in every language", arguments: codes)
    func helpNumbers(code: String) throws {
        let texts = try Self.texts(code)
        let english = Texts(language: .english)
        for key in Help.allCases {
            let typed = english.help(key).matches(of: /\d+\.\d+/).map { String($0.output) }
            let translated = texts.help(key)
            for number in typed {
                #expect(
                    translated.contains(number), "\(code): \(key) writes \(number) otherwise: «\(translated)»"
                )
            }
        }
    }

    @Test(
        "a simulation's summary lines its values up after the longest label, in every language",
        arguments: codes)
    func summaryColumn(code: String) throws {
        let texts = try Self.texts(code)
        var lines: [String] = []
        let report = SimulationReport(texts: texts, verbose: false) { lines.append($0) }
        let simulation = Simulation(
            mode: .comparison, parameters: SimulatedListener.Parameters(threshold: 8), settings: .defaults,
            trials: 30, seed: 3)
        #expect(
            simulation.run(start: Date(timeIntervalSince1970: 0), store: nil, report: report, error: { _ in })
        )
        report.saved(to: "/d/records.jsonl", total: 30)
        let labels = SummaryLabel.allCases.map { texts.tr($0.english) }
        let rows = lines.filter { line in labels.contains { line.hasPrefix("  " + $0 + " ") } }
        #expect(rows.count >= 5, "\(lines)")
        let column = SummaryLabel.columnWidth(in: texts) + 2
        for row in rows {
            let value = row.dropFirst(column)
            #expect(row.prefix(column).last == " " && value.first != " ", "\(code): «\(row)»")
        }
    }

    @Test("a simulated melody in tempo shows each answer's timing under its notes", arguments: codes)
    func melodyTimingRows(code: String) throws {
        var lines: [String] = []
        let report = SimulationReport(texts: try Self.texts(code), verbose: true) { lines.append($0) }
        var options = PlayBackOptions(kind: .melodies)
        options.inTempo = true
        let simulation = Simulation(
            mode: .playBack(.melodies), parameters: SimulatedListener.Parameters(threshold: 8),
            settings: .defaults,
            trials: 3, seed: 4, playBack: options)
        #expect(
            simulation.run(start: Date(timeIntervalSince1970: 0), store: nil, report: report, error: { _ in })
        )
        let timing = try Self.texts(code).tr("timing: \("+0") ms (mean \("+0") ms)").prefix(6)
        let below = String(repeating: " ", count: 21) + timing
        let rows = lines.indices.filter { lines[$0].hasPrefix(below) }
        #expect(rows.count == 3, "\(lines)")
        // Each under its trial's row, whose notes start in the same column.
        for (number, row) in zip(1..., rows) {
            let above = lines[row - 1]
            #expect(above.hasPrefix(String(repeating: " ", count: 6) + String(number) + "  "), "\(above)")
            #expect(above.dropFirst(21).first != " " && above.prefix(21).last == " ", "\(above)")
        }
    }

    @Test(
        "a simulated play-back table keeps its results in one column: German chords of four, melodies of eight",
        arguments: codes)
    func playBackResultColumn(code: String) throws {
        let texts = try Self.texts(code)
        let results = [texts.tr("correct"), texts.tr("wrong")]
        for (kind, items) in [(PlayBackKind.chords, "dom7/1,m7b5/2,maj7/3"), (.melodies, "chromatic8,wide8")]
        {
            var lines: [String] = []
            let report = SimulationReport(texts: texts, verbose: true) { lines.append($0) }
            var options = PlayBackOptions(kind: kind)
            options.items = try PlayBackItem.list(parsing: items, kind: kind).get()
            let simulation = Simulation(
                mode: .playBack(kind),
                parameters: SimulatedListener.Parameters(threshold: 8), settings: .defaults, trials: 12,
                seed: 5, playBack: options)
            #expect(
                simulation.run(
                    start: Date(timeIntervalSince1970: 0), store: nil, report: report, error: { _ in }))
            let rows = lines.filter { line in results.contains { line.hasSuffix("  " + $0) } }
            #expect(rows.count == 12, "\(lines)")
            let columns = Set(rows.map { $0.count - ($0.split(separator: " ").last?.count ?? 0) })
            #expect(columns.count == 1, "\(code) \(kind): \(rows)")
            // The heading widened with the column: its last word beyond the notes played.
            let heading = try #require(lines.first { $0.hasPrefix("      #") })
            #expect(
                heading.count > SimulationReport.playedColumn + SimulationReport.playedWidth(of: kind),
                "\(heading)")
        }
    }

    @Test("a timing offset in whole ms is signed as a musician reads it: +12 late, −5 early, 0 unsigned")
    func signedOffsets() {
        let texts = Texts(language: .english)
        #expect(
            [12.4, -4.6, 0.4, -0.4, 0].map(texts.signedWholeMilliseconds) == ["+12", "−5", "0", "0", "0"])
    }
}
