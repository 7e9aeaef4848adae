// DashboardPages: what each page of the dashboard shows, from the store, the settings and the box's log.

import Foundation
import PeachCore
import PeachStore
import PeachSystem
import PeachText
import PeachTraining

/// The pages, each a whole HTML document in the request's language. Every number comes from the same
/// reports the terminal shows (``ProfileReport``: a page's summary is `peach profile`'s, its progress
/// `peach profile --progress`'s), so the browser and the terminal never disagree.
struct DashboardPages: Sendable {
    /// The periods the progress page zooms to, in weeks (26 is `peach profile --progress`'s; 520 is ten years:
    /// everything a player is likely to have).
    static let periods = [4, 12, ProgressChart.standardWeeks, 52, 520]
    /// How recent the last answer must be for the box to count as in use, seconds.
    static let inUseWithin = 120.0

    let renderer: PageRenderer
    let locations: DataLocations
    let timeZone: TimeZone
    /// The report's parts until the store changes.
    let cache = ReportCache<ProfileReport>()

    // MARK: - Pages

    /// The overview: live answers, the summary per discipline, the profile chart.
    func overview(
        _ view: DashboardStore.View, texts: Texts, session: SessionStore.Session?, now: Date
    ) -> String {
        let (summary, notices) = cached(view, texts: texts, .summary) { report in
            [report.title] + ProgressTrend(texts: texts).sentences(report.progress)
                + report.summaryLines.filter { !$0.isEmpty }
        }
        var values: [String: Any] = [
            "liveTitle": texts(.now), "liveState": liveState(view.latest, texts: texts, now: now),
            "answersLabel": texts(.answersStoredLabel), "answerCount": view.recordCount,
            "recent": view.recent.reversed().map { AnswerLine.text($0, texts: texts, timeZone: timeZone) },
            "summaryTitle": texts(.inShort),
            // A line the terminal indents belongs to the one above it: nested here too.
            "summary": summary.dropFirst().map { line -> [String: Any] in
                ["text": line.trimmingCharacters(in: .whitespaces), "nested": line.hasPrefix(" ")]
            },
            "chartTitle": summary.first ?? "", "chartNote": texts(.lowerIsBetter),
        ]
        if let suggestion = PracticeSuggestion(history: view.contents.playBack, texts: texts).sentence {
            values["suggestion"] = suggestion
        }
        return renderer.document(
            "overview", values: values, title: PageRenderer.name(of: .overview, texts: texts),
            current: .overview,
            notices: notices, texts: texts, session: session)
    }

    /// The progress page of the last `weeks` weeks.
    func progress(
        _ view: DashboardStore.View, weeks: Int, texts: Texts, session: SessionStore.Session?
    ) -> String {
        // Listed as a phone's chart draws them: a year by month, longer by year (not a line a week).
        let (lines, notices) = cached(view, texts: texts, .progressLines(weeks: weeks)) {
            $0.progressLines(weeks: weeks, maximumPeriods: ProfileReport.phonePeriods)
        }
        let values: [String: Any] = [
            "title": texts.progressTitle, "weeks": weeks, "periodLabel": texts(.period),
            "periods": Self.periods.map { period -> [String: Any] in
                ["weeks": period, "label": periodName(period, texts: texts), "current": period == weeks]
            },
            "lines": lines.filter { !$0.isEmpty }, "chartNote": texts(.lowerIsBetter),
        ]
        return renderer.document(
            "progress", values: values, title: PageRenderer.name(of: .progress, texts: texts),
            current: .progress,
            notices: notices, texts: texts, session: session)
    }

    /// Page `page` of the practice sessions (30 a page), newest first, with links to the newer and older
    /// pages (or why they could not be read).
    func sessions(
        _ sessions: PracticeSessions?, page: Int = 1, error: (any Error)?, texts: Texts,
        session: SessionStore.Session?, now: Date
    )
        -> String
    {
        let rows = (sessions?.page(page) ?? []).map { entry -> [String: Any] in
            [
                "id": entry.id, "when": LocalTime.text(entry.start, timeZone: timeZone, .dayAndMinute),
                "length": texts.sessionLength(entry.length), "count": entry.records.count,
                "parts": entry.parts.map { part in
                    ["mode": texts.title(of: part.mode), "result": part.result(texts: texts)]
                },
            ]
        }
        let time = PracticeTime(sittings: sessions?.sittings ?? [], now: now, timeZone: timeZone)
        let (thisWeek, lastWeek) = (time.total(weeksAgo: 0), time.total(weeksAgo: 1))
        var values: [String: Any] = [
            "practiceTitle": texts(.practiceTime), "sessionsTitle": texts(.sessions),
            "calendarCaption": texts(.calendarCaption),
            "thisWeek": texts.practiceThisWeek(thisWeek.seconds, days: thisWeek.days),
            "lastWeek": texts.practiceLastWeek(lastWeek.seconds, days: lastWeek.days),
            "explanation": texts(.sessionsExplanation), "hasSessions": !rows.isEmpty, "sessions": rows,
            "noSessions": texts(.noSessions), "whenHeader": texts(.when), "lengthHeader": texts(.length),
            "practisedHeader": texts(.practised), "answersHeader": texts(.answers),
            "pagesLabel": texts(.sessionPages),
        ]
        if page > 1 {
            values["newer"] = ["href": "/sessions?page=\(page - 1)", "text": texts(.newerSessions)]
        }
        if let sessions, sessions.sessions.count > page * PracticeSessions.shown {
            values["older"] = ["href": "/sessions?page=\(page + 1)", "text": texts(.olderSessions)]
        } else if let sessions, sessions.hasOlder, !rows.isEmpty {
            values["olderInExports"] = texts(.olderInExports)  // read as far back as a page goes
        }
        values["hasPages"] = values["newer"] != nil || values["older"] != nil
        values.merge(calendar(time, texts: texts)) { $1 }
        return renderer.document(
            "sessions", values: values, title: PageRenderer.name(of: .sessions, texts: texts),
            current: .sessions,
            notices: error.map { [publicMessage($0, texts: texts)] } ?? [], texts: texts, session: session)
    }

    /// The sessions page's calendar: a column a week (its Monday's date shown every fourth week, every one
    /// named for a screen reader), a row a weekday, each day's minutes and how much they weigh.
    private func calendar(_ time: PracticeTime, texts: Texts) -> [String: Any] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        func date(_ day: Date) -> String {
            let parts = calendar.dateComponents([.month, .day], from: day)
            return texts.shortDate(month: parts.month ?? 1, day: parts.day ?? 1)
        }
        let mondays = time.weeks.map { $0.first?.start ?? .distantPast }
        let starts = mondays.enumerated().map { index, monday -> [String: Any] in
            let shown = (time.weeks.count - 1 - index) % 4 == 0
            return ["label": date(monday), "text": shown ? date(monday) : ""]
        }
        let weekdays = (0..<7).map { weekday -> [String: Any] in
            let days = time.weeks.map { week -> [String: Any] in
                let day = week[weekday]
                let minutes = Int((day.seconds / 60).rounded())
                guard day.practised else { return ["level": 0, "minutes": ""] }
                return [
                    "level": PracticeTime.level(day), "minutes": String(minutes),
                    "title": date(day.start) + ": " + texts.sessionLength(day.seconds),
                ]
            }
            return ["name": texts.weekdayShort(weekday), "days": days]
        }
        return ["weekStarts": starts, "weekdays": weekdays]
    }

    /// One practice session and its answers.
    func session(_ entry: PracticeSessions.Session, texts: Texts, session: SessionStore.Session?) -> String {
        let when = LocalTime.text(entry.start, timeZone: timeZone, .dayAndMinute)
        let values: [String: Any] = [
            "when": when, "length": texts.sessionLength(entry.length), "back": texts(.allSessions),
            "parts": entry.parts.map { part -> [String: Any] in
                [
                    "mode": texts.title(of: part.mode), "result": part.result(texts: texts),
                    "answers": part.records.map { AnswerLine.text($0, texts: texts, timeZone: timeZone) },
                ]
            },
        ]
        return renderer.document(
            "session", values: values, title: when, current: .sessions, texts: texts, session: session)
    }

    /// The box: what `peach serve` does now (its status file), version, answers, disk, last answer, and its
    /// status log.
    func box(_ view: DashboardStore.View, texts: Texts, session: SessionStore.Session?, now: Date) -> String {
        var facts: [[String: String]] = [
            ["name": texts(.version), "value": renderer.version],
            ["name": texts(.answersStored), "value": "\(view.recordCount)"],
            ["name": texts(.inUse), "value": liveState(view.latest, texts: texts, now: now)],
        ]
        let boxFacts = texts.boxFacts(BoxStatusFile.current(in: locations.dataDirectory)) {
            LocalTime.text($0, timeZone: timeZone, .dayAndMinute)
        }
        facts.insert(contentsOf: boxFacts.map { ["name": $0.name, "value": $0.value] }, at: 0)
        if let space = FileSystem.space(at: locations.dataDirectory) ?? FileSystem.space(at: "/") {
            facts.append([
                "name": texts(.freeSpace),
                "value": texts.freeSpace(available: space.available, total: space.total),
            ])
        }
        let log = StatusLog(directory: locations.dataDirectory).lastLines(40).reversed().map { $0 }
        let values: [String: Any] = [
            "facts": facts, "logTitle": texts(.logTitle), "log": log,
            "hasLog": !log.isEmpty,
            "noLog": texts(.noLog),
        ]
        return renderer.document(
            "box", values: values, title: PageRenderer.name(of: .box, texts: texts), current: .box,
            notices: notices(view, texts: texts), texts: texts, session: session)
    }

    /// Every setting with its value and what it allows; signed in, a form for each; `notices` above (why a value
    /// was not saved); that `saved` was saved, in its own row (where the page opens after saving: a notice at the
    /// top would be off-screen on a phone).
    func settings(
        texts: Texts, session: SessionStore.Session?, hasPassword: Bool, notices: [String] = [],
        saved: SettingKey? = nil
    )
        -> String
    {
        var notices = notices
        var settings = PeachSettings.defaults
        do {
            let loaded = try SettingsFile(path: locations.settingsFile).loadForRepair()
            settings = loaded.settings
            notices += loaded.problems.map { texts.problem($0) }
        } catch {
            notices.append(publicMessage(error, texts: texts))
        }
        let rows = SettingKey.allCases.map { key -> [String: Any] in
            let stored = settings.text(of: key)
            // As the user reads and types it (German `H2-H5`, `Es`); a saved value is read back so.
            let value = texts.settingValue(stored, of: key)
            return [
                "key": key.rawValue, "value": value, "raw": value, "description": texts.help(key.meaning),
                "saved": key == saved ? texts.settingSaved(key.rawValue) : false,
                "allowed": texts.allowed(key.allowed), "editable": session != nil,
            ].merging(Self.field(for: key.allowed, value: stored) { texts.settingValue($0, of: key) }) { $1 }
        }
        let explanation =
            session != nil
            ? texts(.settingsSignedIn)
            : hasPassword
                ? texts(.settingsSignIn)
                : texts(.settingsNoPassword)
        let values: [String: Any] = [
            "explanation": explanation, "nameHeader": texts(.setting), "valueHeader": texts(.value),
            "allowedHeader": texts(.allowed), "settings": rows, "save": texts(.save),
        ]
        return renderer.document(
            "settings", values: values, title: PageRenderer.name(of: .settings, texts: texts),
            current: .settings,
            notices: notices, texts: texts, session: session)
    }

    /// How a setting's value (`value`, as the file keeps it) is edited: a choice among its words (`select` with
    /// `options`), a number field with the allowed range (`number` with `min`, `max`, `step`), or a text field
    /// (`text`). Each word is offered as the user would type it (`typed`: a key as `Es` in German), and the
    /// server reads what comes back so (``Texts/storedValue(_:of:)``). The browser's checks only help; the
    /// server checks every value as `peach settings set` does.
    static func field(
        for allowed: AllowedValues, value: String, typed: (String) -> String
    ) -> [String: Any] {
        func choice(_ words: [String]) -> [String: Any] {
            let listed = words.contains(value) ? words : [value] + words
            return [
                "select": true,
                "options": listed.map { ["word": typed($0), "selected": $0 == value] as [String: Any] },
            ]
        }
        switch allowed {
        case .oneOf(let words): return choice(words)
        case .onOff: return choice(["on", "off"])
        case .keySignature:
            return choice(KeySignature.fifthsRange.compactMap { KeySignature(fifths: $0)?.description })
        case .degreeKey:
            return choice(
                ["random"] + KeySignature.fifthsRange.compactMap { KeySignature(fifths: $0)?.description })
        case .number(let range, _):
            return [
                "number": true, "min": "\(range.lowerBound)", "max": "\(range.upperBound)", "step": "any",
            ]
        case .wholeNumber(let range):
            return ["number": true, "min": "\(range.lowerBound)", "max": "\(range.upperBound)", "step": "1"]
        case .noteRange, .intervals, .profileName, .audioOutput, .midiOutput, .soundFont, .preset,
            .gapPositions,
            .timingPatterns:
            return ["text": true]
        }
    }

    /// The sign-in page: the form (tied to this browser by `csrf`), or how to set a password when none is.
    func login(texts: Texts, csrf: String, hasPassword: Bool, notices: [String] = []) -> String {
        let values: [String: Any] = [
            "hasPassword": hasPassword, "csrf": csrf, "passwordLabel": texts(.password),
            "signIn": texts(.signIn),
            "explanation": texts(.sessionExplanation),
            "noPassword": texts(.noPassword),
        ]
        return renderer.document(
            "login", values: values, title: texts(.signIn), current: nil, notices: notices, texts: texts)
    }

    /// The exports to download, and (signed in) the import.
    func data(texts: Texts, session: SessionStore.Session?) -> String {
        let exports: [[String: String]] = ExportFormat.allCases.map { format in
            ["format": format.rawValue, "label": exportName(format, texts: texts)]
        }
        let values: [String: Any] = [
            "explanation": texts(.exportExplanation),
            "exports": exports, "importTitle": texts(.importTitle), "fileLabel": texts(.importFile),
            "importButton": texts(.importTitle), "limit": ImportUpload.limit,
            "tooLarge": texts(.importTooLarge),
            "failed": texts(.importNoAnswer),
            "importExplanation": texts(.importExplanation),
            "signInToImport": texts(.importSignIn), "signInToExport": texts(.exportSignIn),
        ]
        return renderer.document(
            "data", values: values, title: PageRenderer.name(of: .data, texts: texts), current: .data,
            texts: texts, session: session)
    }

    /// An error page: one line for the status, a way home; nothing of the server's insides.
    func error(status: Int, texts: Texts) -> String {
        let message =
            switch status {
            case 404: texts(.notFound)
            case 400, 411, 413, 414, 431: texts(.badRequest)
            case 405: texts(.notAllowed)
            case 403: texts(.forbidden)
            case 429: texts(.tooManyTries)
            case 421: texts(.unknownHost)
            default: texts(.serverError)
            }
        let values: [String: Any] = [
            "message": message, "home": PageRenderer.name(of: .overview, texts: texts),
        ]
        return renderer.document(
            "error", values: values, title: texts.errorTitle(status), current: nil, texts: texts)
    }

    // MARK: - Charts

    /// The profile chart over the keyboard, as SVG drawn for `layout`.
    func profileChart(_ view: DashboardStore.View, texts: Texts, layout: ChartLayout = .wide) -> String {
        cached(view, texts: texts, .profileChart(phone: layout == .phone)) {
            [$0.svg(progress: false, layout: layout)]
        }.value.first ?? ""
    }

    /// The progress chart of the last `weeks` weeks, as SVG drawn for `layout`.
    func progressChart(
        _ view: DashboardStore.View, weeks: Int, texts: Texts, layout: ChartLayout = .wide
    ) -> String {
        cached(view, texts: texts, .progressChart(weeks: weeks, phone: layout == .phone)) {
            [$0.svg(progress: true, weeks: weeks, layout: layout)]
        }.value.first ?? ""
    }

    // MARK: - Parts

    /// `item` of the store's report (as the settings' note range shows it), from the cache while the store has
    /// not changed; and what the page should say above it.
    private func cached(
        _ view: DashboardStore.View, texts: Texts, _ item: ReportCache<ProfileReport>.Item,
        make: (ProfileReport) -> [String]
    ) -> (value: [String], notices: [String]) {
        var notices = notices(view, texts: texts)
        var range = PeachSettings.defaults.training.noteRange
        do {
            range = try SettingsFile(path: locations.settingsFile).load().settings.training.noteRange
        } catch {
            notices.append(publicMessage(error, texts: texts))
        }
        let value = cache.value(
            generation: view.generation, language: texts.language.code, range: range.description, item: item,
            report: {
                ProfileReport(
                    contents: view.contents, range: range, texts: texts, days: 14, timeZone: timeZone)
            }, make: make)
        return (value, notices)
    }

    /// What the store says about itself (an import stopped halfway) and why it could not be read, if so.
    private func notices(_ view: DashboardStore.View, texts: Texts) -> [String] {
        texts.storeNotices(view.contents).map { hidingFolders($0, texts: texts) }
            + (view.error.map { [publicMessage($0, texts: texts)] } ?? [])
    }

    /// `Practising now: Pitch discrimination` when the last answer is recent, else that none is coming.
    func liveState(_ last: StoredRecord?, texts: Texts, now: Date) -> String {
        guard let last, now.timeIntervalSince(last.timestamp) < Self.inUseWithin else {
            return texts(.notInUse)
        }
        return texts.practisingNow(AnswerLine.mode(of: last))
    }

    /// The message for `error` with the data and settings folders named by what they are, not their paths (a
    /// page on a network does not show where the box keeps its files).
    func publicMessage(_ error: any Error, texts: Texts) -> String {
        hidingFolders(texts.message(for: error), texts: texts)
    }

    private func hidingFolders(_ text: String, texts: Texts) -> String {
        text.replacingOccurrences(of: locations.dataDirectory, with: texts(.dataFolder))
            .replacingOccurrences(of: locations.configDirectory, with: texts(.settingsFolder))
    }

    private func periodName(_ weeks: Int, texts: Texts) -> String {
        switch weeks {
        case 52: texts(.oneYear)
        case 520: texts(.everything)
        default: texts.weeks(weeks)
        }
    }

    private func exportName(_ format: ExportFormat, texts: Texts) -> String {
        switch format {
        case .json: texts(.exportJSON)
        case .csv: texts(.exportCSV)
        case .peachCSV: texts(.exportPeachCSV)
        }
    }
}
