// Texts+Web: the dashboard's texts with values (`peach web`): the address, states, sizes, periods.

import PeachCore
import PeachTraining

extension Texts {
    /// The dashboard's plain phrase `phrase`.
    public func callAsFunction(_ phrase: WebPhrase) -> String { tr(phrase.english) }

    /// `Peach's dashboard: http://127.0.0.1:8765/ (Ctrl-C stops it)`.
    public func dashboardAddress(_ url: String) -> String {
        tr("Peach's dashboard: \(url) (Ctrl-C stops it)")
    }

    /// `Practising now: Pitch discrimination`.
    public func practisingNow(_ mode: TrainingMode) -> String { tr("Practising now: \(title(of: mode))") }

    /// `tempo saved.`
    public func settingSaved(_ key: String) -> String { tr("\(key) saved.") }

    /// Why a value naming a file on the box is not saved from the dashboard.
    public func settingNamesAFile(_ key: String) -> String {
        tr(
            "\(key): from the dashboard, choose a device (or a SoundFont of the box's library), not a file on the box; at the box, peach settings set \(key) takes a path."
        )
    }

    /// Why a SoundFont the box's library lacks is not saved from the dashboard, and which it has.
    public func unknownSoundFont(_ value: String, known: [String]) -> String {
        known.isEmpty
            ? tr("\(value) is not in the box's SoundFont library, which is empty; only none can be chosen.")
            : tr("\(value) is not in the box's SoundFont library: \(known.joined(separator: ", ")) or none.")
    }

    /// The box's log: a failed sign-in on the dashboard.
    public func auditFailedSignIn(client: String) -> String {
        tr("dashboard: a failed sign-in from \(client)")
    }

    /// The box's log: so many failed sign-ins that they are now slowed for everyone.
    public func auditSignInsSlowed(failures: Int, minutes: Int, seconds: Int) -> String {
        tr(
            "dashboard: \(failures) failed sign-ins within \(minutes) minutes: one sign-in is now checked every \(seconds) s"
        )
    }

    /// The box's log: a setting changed on the dashboard.
    public func auditSettingChanged(_ key: String, value: String, client: String) -> String {
        tr("dashboard: \(key) set to \(value) from \(client)")
    }

    /// The box's log: a value naming a file refused on the dashboard.
    public func auditSettingRefused(_ key: String, value: String, client: String) -> String {
        tr("dashboard: \(key) not set to \(value) from \(client) (a file on the box)")
    }

    /// The box's log: an import on the dashboard, with what it came to.
    public func auditImport(_ outcome: String, client: String) -> String {
        tr("dashboard: an import from \(client): \(outcome)")
    }

    /// `Error 404`: an error page's title.
    public func errorTitle(_ status: Int) -> String { tr("Error \(status)") }

    /// `4 weeks`: a period of the progress page.
    public func weeks(_ count: Int) -> String {
        tr(one: "\(count) week", other: "\(count) weeks", count: count)
    }

    /// `12 340 MB of 31 000 MB`: free space and the whole disk (GB from 10 GB on).
    public func freeSpace(available: Int64, total: Int64) -> String {
        tr("\(diskSize(available)) of \(diskSize(total))")
    }

    /// `840 MB`, `31 GB`.
    func diskSize(_ bytes: Int64) -> String {
        bytes >= 10_000_000_000
            ? tr("\(format(Double(bytes) / 1e9, 0)) GB") : tr("\(format(Double(bytes) / 1e6, 0)) MB")
    }

    /// `80 BPM`.
    public func beatsPerMinute(_ tempo: Int) -> String { tr("\(tempo) BPM") }

    /// `3 of 4 notes echoed`.
    public func notesEchoed(_ hits: Int, of count: Int) -> String { tr("\(hits) of \(count) notes echoed") }

    /// `18 of 24 right (75 %)`: a session's answers.
    public func sessionRight(_ right: Int, of count: Int) -> String {
        tr("\(right) of \(count) right (\(format(Double(right) / Double(max(count, 1)) * 100, 0)) %)")
    }

    /// `mean error 4.2 cents`: a pitch-matching session.
    public func sessionMeanError(_ cents: Double) -> String { tr("mean error \(self.cents(cents))") }

    /// This week's practice time: `This week: 1 h 5 min on 3 days`.
    public func practiceThisWeek(_ seconds: Double, days: Int) -> String {
        guard days > 0 else { return tr("This week: no practice yet") }
        let time = sessionLength(seconds)
        return tr(
            one: "This week: \(time) on \(days) day", other: "This week: \(time) on \(days) days", count: days
        )
    }

    /// Last week's practice time: `Last week: 40 min on 2 days`.
    public func practiceLastWeek(_ seconds: Double, days: Int) -> String {
        guard days > 0 else { return tr("Last week: no practice") }
        let time = sessionLength(seconds)
        return tr(
            one: "Last week: \(time) on \(days) day", other: "Last week: \(time) on \(days) days", count: days
        )
    }

    /// A weekday's short name, Monday 0 … Sunday 6: `Mon`, German `Mo`.
    public func weekdayShort(_ index: Int) -> String {
        switch index {
        case 0: tr("Mon")
        case 1: tr("Tue")
        case 2: tr("Wed")
        case 3: tr("Thu")
        case 4: tr("Fri")
        case 5: tr("Sat")
        default: tr("Sun")
        }
    }

    /// A day of the year as people write it short: `11/23`, German `23.11.`.
    public func shortDate(month: Int, day: Int) -> String {
        // TRANSLATORS: a short date, month and day; write it in your language's order (German: {2}.{1}.)
        tr("\(month)/\(day)")
    }

    /// A practice session's length: `under a minute`, `12 min`, `1 h 5 min`.
    public func sessionLength(_ seconds: Double) -> String {
        let total = Int((seconds / 60).rounded())
        if total < 1 { return tr("under a minute") }
        if total < 60 { return tr("\(total) min") }
        let (hours, minutes) = (total / 60, total % 60)
        return tr("\(hours) h \(minutes) min")
    }

    /// `mean offset 12.5 ms`: a fill-the-gap session (how far its trials were from on time).
    public func sessionMeanOffset(_ milliseconds: Double) -> String {
        tr("mean offset \(format(milliseconds, 1)) ms")
    }

    /// The setup page's sound output now: `The box plays through alsa:hw:CARD=Device,DEV=0.`
    public func boxPlaysThrough(_ output: String) -> String { tr("The box plays through \(output).") }

    /// A test tone played: `The box played a tone on alsa:hw:CARD=Device,DEV=0.`
    public func tonePlayed(_ output: String) -> String { tr("The box played a tone on \(output).") }

    /// A test tone not played, and the box's reason.
    public func toneNotPlayed(_ reason: String) -> String { tr("No tone: \(reason)") }

    /// An output saved from the setup page; the box restarts with it (or uses it when it starts).
    public func outputSaved(_ output: String, restarting: Bool) -> String {
        restarting
            ? tr("Saved: the box restarts with \(output).")
            : tr("Saved: the box uses \(output) when it starts.")
    }

    /// A SoundFont added to the box's library: `Added Piano.sf2 (12.5 MB) to the box's library.`
    public func soundFontAdded(_ name: String, megabytes: Double) -> String {
        let size = format(megabytes, 1)
        return tr("Added \(name) (\(size) MB) to the box's library.")
    }

    /// A SoundFont refused: `Piano.sf2 is not a SoundFont Peach can play: …; nothing was added.`
    public func soundFontRefused(_ name: String, reason: String) -> String {
        tr("\(name) is not a SoundFont Peach can play: \(reason); nothing was added.")
    }

    /// A SoundFont whose name the library has already.
    public func soundFontExists(_ name: String) -> String {
        tr("The library has a SoundFont named \(name) already; nothing was added.")
    }

    /// A SoundFont's file name that is no `NAME.sf2` of letters, digits, `-`, `_` and `.`.
    public func soundFontBadName(_ name: String) -> String {
        tr(
            "\(name): a SoundFont's name is letters, digits, '-', '_' and '.', ending in .sf2; nothing was added."
        )
    }

    /// A timing calibration on the setup page: `Keystation MIDI 1 on alsa:default: your strikes land 18.0 ms late
    /// (median of 20, spread 2.1 ms), measured 5 Dec 19:00`; `measured` is its time as the page shows times.
    public func calibrationLine(_ calibration: TimingCalibration, measured: String) -> String {
        tr("\(calibrationMeasured(calibration)), measured \(measured)")
    }

    /// A key pressed while the setup page watches: `C4, velocity 80`.
    public func keyPressed(_ name: String, velocity: Int) -> String { tr("\(name), velocity \(velocity)") }

    /// The dashboard's log line for what came of a SoundFont upload (its answer's line), from `client`.
    public func auditSetup(_ what: String, client: String) -> String {
        tr("dashboard: \(what) from \(client)")
    }

    /// The dashboard's log line for a restart of the box asked from `client`.
    public func auditRestart(client: String) -> String { tr("dashboard: restart from \(client)") }
}
