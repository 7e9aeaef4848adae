// DashboardPartsTests: the dashboard's pieces without a server: languages, sessions, tokens, events, escaping.

import Foundation
import PeachCore
import PeachStore
import PeachText
import Synchronization
import Testing

@testable import PeachWeb

@Suite("The dashboard's parts")
struct DashboardPartsTests {
    @Test(
        "Accept-Language: by weight, ties in order, regions as gettext spells them; hostile headers cost nothing"
    )
    func languages() {
        #expect(LanguageNegotiation.preferences("de-DE,de;q=0.9,en;q=0.8") == ["de_DE", "de", "en"])
        #expect(LanguageNegotiation.preferences("en;q=0.5, de;q=0.7, fr") == ["fr", "de", "en"])
        #expect(LanguageNegotiation.preferences("de;q=0, *") == [])
        #expect(LanguageNegotiation.preferences(nil) == [])
        #expect(LanguageNegotiation.preferences(String(repeating: "x", count: 100)) == [])
        #expect(LanguageNegotiation.preferences(String(repeating: "de,", count: 1000)).count == 8)
        let negotiation = LanguageNegotiation()
        #expect(negotiation.texts(for: "de-AT").language.code.hasPrefix("de"))
        #expect(negotiation.texts(for: "fi, de;q=0.2").language.code.hasPrefix("de"))
        #expect(negotiation.texts(for: "fi").language.code == "en")
        #expect(negotiation.texts(for: "en, de").language.code == "en")
    }

    /// A clock a test moves by hand.
    final class ManualClock: Sendable {
        let time = Mutex(1000.0)
        func now() -> Double { time.withLock { $0 } }
        func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
    }

    @Test(
        "a session ends after 30 idle minutes, or 12 hours whatever its use; ids and tokens are 256 random bits"
    )
    func sessions() async {
        let clock = ManualClock()
        let store = SessionStore(now: { clock.now() })
        let (id, session) = await store.create()
        #expect(id.count == 64 && session.csrf.count == 64 && id != session.csrf)
        #expect(id.allSatisfy { $0.isHexDigit })
        clock.advance(29 * 60)
        #expect(await store.session(id)?.csrf == session.csrf)
        clock.advance(29 * 60)
        #expect(await store.session(id) != nil, "each use starts the idle time again")
        clock.advance(31 * 60)
        #expect(await store.session(id) == nil, "idle for 31 minutes")
        let (busy, _) = await store.create()
        for _ in 0..<25 {
            clock.advance(29 * 60)
            _ = await store.session(busy)
        }
        #expect(await store.session(busy) == nil, "used all along, but older than 12 hours")
        #expect(await store.session("not-a-session") == nil)
        #expect(await store.session(nil) == nil)
    }

    @Test(
        "five failed sign-ins lock a client out for 15 minutes; others are not affected; one check at a time")
    func attempts() async {
        let clock = ManualClock()
        let store = SessionStore(now: { clock.now() })
        for _ in 0..<5 {
            #expect(await store.beginAttempt(client: "10.0.0.9") == nil)
            await store.finishAttempt(client: "10.0.0.9", succeeded: false)
        }
        let wait = await store.beginAttempt(client: "10.0.0.9")
        #expect(wait == 900.0)
        #expect(await store.beginAttempt(client: "10.0.0.7") == nil, "another client may try")
        #expect(await store.beginAttempt(client: "10.0.0.8") == 1, "while a check is under way")
        await store.finishAttempt(client: "10.0.0.7", succeeded: true)
        clock.advance(15 * 60 + 1)
        #expect(await store.beginAttempt(client: "10.0.0.9") == nil, "after the lockout")
        await store.finishAttempt(client: "10.0.0.9", succeeded: true)
    }

    @Test("tokens compare whole, whatever their length")
    func sameTokens() {
        #expect(Authentication.same("abc", "abc"))
        #expect(!Authentication.same("abc", "abd"))
        #expect(!Authentication.same("abc", "abcd"))
        #expect(!Authentication.same("", "a"))
    }

    @Test("a live event is one JSON line: a newline or quote in a text cannot end or break it")
    func eventJSON() {
        let text = LiveStream.json(["text": "a\nb \"c\" </script>", "count": "3"])
        #expect(!text.contains("\n"))
        let decoded = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        #expect(decoded?["text"] == "a\nb \"c\" </script>")
    }

    @Test("every page renders, and nothing from outside is pasted as HTML")
    func escaping() throws {
        let renderer = try PageRenderer(version: "<b>1</b>")
        let texts = Texts(language: .english)
        let html = renderer.document(
            "error", values: ["message": "<script>alert(1)</script>", "home": "&"], title: "\"title\"",
            current: nil, notices: ["<img src=x onerror=alert(1)>"], texts: texts)
        #expect(!html.contains("<script>alert") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<img src=x") && html.contains("&lt;img src=x"))
        #expect(
            html.contains("Peach &lt;b&gt;1&lt;/b&gt;") && html.contains("<title>&quot;title&quot; · Peach"))
        let locations = try DataLocations(
            environment: ["HOME": "/nonexistent-home"], dataDirectoryOverride: "/nonexistent-data")
        let pages = DashboardPages(renderer: renderer, locations: locations, timeZone: .gmt)
        let view = DashboardStore.View(
            contents: JournalContents(), recordCount: 0, recent: [], latest: nil, error: nil)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let documents = [
            pages.overview(view, texts: texts, session: nil, now: now),
            pages.progress(view, weeks: 26, texts: texts, session: nil),
            pages.sessions(PracticeSessions(records: []), error: nil, texts: texts, session: nil, now: now),
            pages.box(view, texts: texts, session: nil, now: now),
            pages.settings(texts: texts, session: nil, hasPassword: false),
            pages.login(texts: texts, csrf: "t", hasPassword: true), pages.data(texts: texts, session: nil),
            pages.error(status: 404, texts: texts),
        ]
        for document in documents {
            #expect(document.hasPrefix("<!doctype html>") && document.hasSuffix("</html>\n"))
            #expect(!document.contains("{{") && !document.contains("/nonexistent-data"))
        }
    }

    /// The settings page signed in, in each of `languages`, over a settings file holding `json`.
    static func settingsPages(_ json: String, in languages: [Language]) throws -> [String] {
        let folder = NSTemporaryDirectory() + "peach-fields-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locations = try DataLocations(
            environment: ["HOME": folder, "XDG_CONFIG_HOME": folder + "/config"],
            dataDirectoryOverride: folder + "/data")
        try FileManager.default.createDirectory(
            atPath: folder + "/config/peach", withIntermediateDirectories: true)
        try json.write(toFile: locations.settingsFile, atomically: true, encoding: .utf8)
        let pages = DashboardPages(
            renderer: try PageRenderer(version: "1"), locations: locations, timeZone: .gmt)
        let session = SessionStore.Session(csrf: "t", created: 0, lastUsed: 0)
        return languages.map {
            pages.settings(texts: Texts(language: $0), session: session, hasPassword: true)
        }
    }

    @Test(
        "signed in, each setting is edited as what it allows: a choice of words, a number in its range, or text"
    )
    func settingFields() throws {
        let page = try Self.settingsPages(#"{"timbre": "organ", "tempo": 96}"#, in: [.english])[0]
        func row(_ key: String) throws -> String {
            let start = try #require(page.range(of: "<tr id=\"setting-\(key)\">"))
            let end = try #require(page[start.upperBound...].range(of: "</tr>"))
            return String(page[start.lowerBound..<end.lowerBound])
        }
        let timbre = try row("timbre")
        #expect(timbre.contains("<select name=\"value\" aria-label=\"timbre\">"), "\(timbre)")
        #expect(
            timbre.contains("<option selected>organ</option>") && timbre.contains("<option>sine</option>"))
        let tick = try row("wrongAnswerTick")
        #expect(tick.contains("<option selected>on</option><option>off</option>"), "\(tick)")
        let tempo = try row("tempo")
        #expect(
            tempo.contains(#"<input type="number" name="value" value="96" min="40" max="200" step="1""#),
            "\(tempo)")
        let duration = try row("noteDuration")
        #expect(duration.contains(#"type="number""#) && duration.contains(#"step="any""#), "\(duration)")
        let range = try row("noteRange")
        #expect(
            range.contains(#"<input name="value" value="C2-C6" aria-label="noteRange" spellcheck="false">"#))
        #expect(
            page.components(separatedBy: "<form method=\"post\" action=\"/settings\">").count - 1
                == SettingKey.allCases.count)
    }

    @Test(
        "in German the keys are offered as German musicians write them (Es, B, H), and read back so"
    )
    func germanKeyChoices() throws {
        let pages = try Self.settingsPages(
            #"{"degreeKey": "Bb", "keySignature": "Eb"}"#, in: [.german, .english])
        let (german, english) = (pages[0], pages[1])
        #expect(german.contains("<option selected>B</option>"), "\(german)")
        #expect(german.contains("<option>H</option>") && german.contains("<option selected>Es</option>"))
        #expect(german.contains("<option>random</option>") && german.contains("<option>Fis</option>"))
        #expect(german.contains(#"<input name="value" value="C2-C6""#))
        #expect(english.contains("<option selected>B♭</option>") && english.contains("<option>B</option>"))
        #expect(english.contains("<option>F♯</option>"))
    }

    @Test("the dashboard's texts with values are German in German")
    func germanTexts() {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        let pairs: [(String, String)] = [
            (english.practisingNow(.comparison), german.practisingNow(.comparison)),
            (english.settingSaved("tempo"), german.settingSaved("tempo")),
            (english.errorTitle(404), german.errorTitle(404)), (english.weeks(4), german.weeks(4)),
            (english.weeks(1), german.weeks(1)),
            (
                english.freeSpace(available: 5_000_000, total: 31_000_000_000),
                german.freeSpace(available: 5_000_000, total: 31_000_000_000)
            ),
            (english.notesEchoed(3, of: 4), german.notesEchoed(3, of: 4)),
            (english.sessionRight(18, of: 24), german.sessionRight(18, of: 24)),
            (english.sessionMeanError(4.2), german.sessionMeanError(4.2)),
            (english.sessionMeanOffset(12.5), german.sessionMeanOffset(12.5)),
            (english.dashboardAddress("http://x/"), german.dashboardAddress("http://x/")),
        ]
        for (inEnglish, inGerman) in pairs {
            #expect(inEnglish != inGerman, "\(inEnglish)")
        }
        #expect(
            german.weeks(4) == "4 Wochen" && german.sessionRight(18, of: 24) == "18 von 24 richtig (75 %)")
        #expect(german.sessionMeanOffset(12.5) == "mittlere Abweichung 12,5 ms")
    }

    @Test(
        "the report and its parts are made once a generation, per language and range; a new generation makes them anew"
    )
    func reportCache() {
        let cache = ReportCache<String>()
        var reports = 0
        var made = 0
        func value(
            _ generation: Int, _ language: String = "en", _ item: ReportCache<String>.Item = .summary
        ) -> [String] {
            cache.value(
                generation: generation, language: language, range: "C2-C6", item: item,
                report: {
                    reports += 1
                    return "report \(reports)"
                },
                make: { report in
                    made += 1
                    return ["\(generation) \(made) \(report)"]
                })
        }
        #expect(value(1) == ["1 1 report 1"])
        #expect(value(1) == ["1 1 report 1"] && made == 1)
        #expect(value(1, "en", .profileChart(phone: false)) == ["1 2 report 1"], "one report for every part")
        #expect(value(1, "de") == ["1 3 report 2"] && reports == 2)
        #expect(value(2) == ["2 4 report 3"])
        #expect(
            value(1) == ["1 5 report 4"] && value(2) == ["2 4 report 3"],
            "an older generation is made, never kept")
        #expect(reports == 4)
    }

    @Test("a play-back answer in the live feed says what was played, spelled in the chord's key, EN and DE")
    func playBackLine() throws {
        let question = try #require(PlayBackQuestion(.chord(.minor, inversion: 0), reference: 65))
        let completed = CompletedPlayBack(
            question: question,
            played: [77, 80, 84].map { PlayedNote(note: MIDINote(clamping: $0), velocity: 80, time: 0) },
            anyOctave: false, anyVoicing: false, timestamp: Date(timeIntervalSince1970: 1_800_000_000),
            responseTime: 1, inputKind: .midiNote)
        let utc = try #require(TimeZone(identifier: "UTC"))
        let english = AnswerLine.text(
            StoredRecord(.playBack(completed)), texts: Texts(language: .english), timeZone: utc)
        #expect(
            english.hasSuffix(
                "The right chord an octave too high: F5 A♭5 C6 — it was F4 A♭4 C5 (Fm: Minor triad, root position)"
            ), "\(english)")
        let german = AnswerLine.text(
            StoredRecord(.playBack(completed)), texts: Texts(language: .german), timeZone: utc)
        #expect(german.contains("F5 As5 C6"), "\(german)")
    }

    @Test("the live feed signs a matching's error and a timing offset as the terminal does: +0.0, never -0.0")
    func signedFigures() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        func line(_ record: StoredRecord, _ language: Language = .english) -> String {
            AnswerLine.text(record, texts: Texts(language: language), timeZone: utc)
        }
        func matching(_ error: Double) -> StoredRecord {
            StoredRecord(
                .pitchMatching(
                    CompletedPitchMatching(
                        referenceNote: 60, initialOffset: Cents(20), userError: Cents(error),
                        timestamp: Date(timeIntervalSince1970: 1_800_000_000),
                        context: TrialContext(settings: .defaults, procedure: .training))))
        }
        #expect(line(matching(-0.02)).hasSuffix(" · +0.0 cents"), "\(line(matching(-0.02)))")
        #expect(line(matching(-3.24)).hasSuffix(" · -3.2 cents"))
        #expect(line(matching(4.96)).hasSuffix(" · +5.0 cents"))
        #expect(line(matching(-0.02), .german).hasSuffix(" · +0,0 Cent"), "\(line(matching(-0.02), .german))")
        let offset = RhythmRecord(
            offsetDetectionAt: Date(timeIntervalSince1970: 1_800_000_000), tempoBPM: 100, offsetMs: -0.04,
            isCorrect: true, pattern: nil, offsetPosition: nil)
        #expect(line(StoredRecord(.rhythm(offset))).contains(" · +0.0 ms · 100 BPM"))
    }

    @Test(
        "a session is a sitting: modes within five minutes are its parts, in the order practised; a pause begins the next"
    )
    func sittings() throws {
        func answer(_ item: PlayBackItem, at seconds: Double, right: Bool = true) throws -> StoredRecord {
            let question = try #require(PlayBackQuestion(item, reference: 60))
            let notes = right ? question.answerNotes : question.answerNotes.map { $0.advanced(by: 1) }
            return StoredRecord(
                .playBack(
                    CompletedPlayBack(
                        question: question,
                        played: notes.map { PlayedNote(note: $0, velocity: 80, time: 0) },
                        anyOctave: false, anyVoicing: false,
                        timestamp: Date(timeIntervalSince1970: 1_800_000_000 + seconds), responseTime: 1,
                        inputKind: .midiNote)))
        }
        let chord = PlayBackItem.chord(.major, inversion: 0)
        let degree = PlayBackItem.degree(ScaleDegree(mode: .major, semitones: 7))
        let records = [
            try answer(chord, at: 0), try answer(degree, at: 60), try answer(chord, at: 120, right: false),
            try answer(degree, at: 290),
            // Ten minutes later: the next sitting.
            try answer(degree, at: 890),
        ]
        let sessions = PracticeSessions(records: records).sessions
        #expect(sessions.map(\.records.count) == [1, 4], "newest first")
        let sitting = try #require(sessions.last)
        #expect(sitting.parts.map(\.mode) == [.playBack(.chords), .playBack(.degrees)])
        #expect(sitting.parts.map(\.records.count) == [2, 2])
        #expect(sitting.length == 290)
        let texts = Texts(language: .english)
        #expect(
            sitting.parts.map { $0.result(texts: texts) } == ["1 of 2 right (50 %)", "2 of 2 right (100 %)"])
        #expect(texts.sessionLength(sitting.length) == "5 min" && texts.sessionLength(20) == "under a minute")
        #expect(texts.sessionLength(3_900) == "1 h 5 min")
        // Stored out of time order (the older sitting imported after the newer one, its answers shuffled): the
        // same sittings, the same parts.
        let imported = PracticeSessions(records: [records[4], records[2], records[0], records[3], records[1]])
        #expect(imported.sessions.map(\.records.count) == [1, 4])
        #expect(imported.sessions.map(\.start) == sessions.map(\.start))
        #expect(imported.sessions.last?.parts.map(\.records.count) == [2, 2])
        #expect(imported.sessions.last?.length == 290)
    }

    @Test(
        "practice time: each session's length on the day it began, weeks Monday to Sunday, this week and last"
    )
    func practiceTime() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        // Wednesday 2026-11-25 12:00 UTC.
        let now = Date(timeIntervalSince1970: 1_795_608_000)
        let day = 86_400.0
        let sittings: [(start: Date, length: Double)] = [
            (now, 600), (now.addingTimeInterval(3_600), 1_500),  // Wednesday: 35 min
            (now.addingTimeInterval(-2 * day), 0),  // Monday: one answer
            (now.addingTimeInterval(-3 * day), 300),  // last Sunday
            (now.addingTimeInterval(-9 * day), 2_400),  // last Monday
            (now.addingTimeInterval(-200 * day), 999),  // before the calendar
        ]
        let time = PracticeTime(sittings: sittings, now: now, timeZone: utc)
        #expect(time.weeks.count == PracticeTime.calendarWeeks && time.weeks.allSatisfy { $0.count == 7 })
        let thisWeek = try #require(time.weeks.last)
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = utc
        #expect(calendar.component(.weekday, from: thisWeek[0].start) == 2, "Monday first")
        #expect(thisWeek.map(\.seconds) == [0, 0, 2_100, 0, 0, 0, 0])
        #expect(thisWeek.map(\.practised) == [true, false, true, false, false, false, false])
        #expect(time.total(weeksAgo: 0) == (2_100, 2))
        #expect(time.total(weeksAgo: 1) == (2_700, 2))
        #expect(thisWeek.map(PracticeTime.level) == [1, 0, 3, 0, 0, 0, 0])
        let texts = Texts(language: .english)
        #expect(texts.practiceThisWeek(2_100, days: 2) == "This week: 35 min on 2 days")
        #expect(Texts(language: .german).practiceLastWeek(2_700, days: 1) == "Letzte Woche: 45 Min. an 1 Tag")
        #expect(Texts(language: .german).shortDate(month: 11, day: 23) == "23.11.")
    }

    @Test("every setting says what it does, in English and German")
    func settingDescriptions() {
        for key in SettingKey.allCases {
            let english = Texts(language: .english).help(key.meaning)
            let german = Texts(language: .german).help(key.meaning)
            #expect(english.count > 20, "\(key)")
            #expect(german.count > 20 && german != english, "\(key): \(german)")
        }
    }
}
