// BoxLineTests: the practice box's log lines in words (the box's tests check its entries, these their words).

import Foundation
import PeachCore
import PeachMIDI
import PeachStore
import PeachText
import PeachTraining
import Testing

@Suite("The practice box's log lines")
struct BoxLineTests {
    @Test("each entry the box's tests look for reads as the status log shows it")
    func lines() {
        let texts = Texts(language: .english)
        var progress = TrainingProgress()
        progress.answered = 5
        progress.correct = 4
        #expect(
            texts.line(.sessionEnded(.comparison, progress, reason: "user"))
                == "session ended (user): Pitch discrimination, 5 answers, 4 right")
        #expect(
            texts.line(.timingDropout)
                == "the sound dropped out (an audio underrun): the timing trial starts again")
        #expect(texts.line(.audioBack("alsa:hw:1,0")) == "audio back: alsa:hw:1,0")
        #expect(
            texts.line(.audioUnavailable(SettingsError.unknownKey("x")))
                .hasPrefix("audio unavailable, retrying with backoff: there is no setting 'x'"))
        #expect(
            texts.line(.reloadFailed(SettingsError.unknownKey("x")))
                .hasPrefix("settings not read again, the previous ones stay: there is no setting 'x'"))
        #expect(texts.line(.reloaded(profile: "pads")) == "settings and profile read again (profile pads)")
        #expect(texts.line(.finished) == "practice box stopped, all notes off")
        let german = Texts(language: .german)
        #expect(german.line(.finished) != texts.line(.finished))
    }

    @Test("a calibration from the box's menu: what it measured, where it was kept, or why not (EN and DE)")
    func calibrationLines() {
        let texts = Texts(language: .english)
        let german = Texts(language: .german)
        let time = Date(timeIntervalSince1970: 1_780_000_000)
        let steady = TimingCalibration(
            offsets: [17, 19], controller: "Keystation MIDI 1", output: "alsa:default", time: time)
        #expect(
            texts.line(.calibrated(steady, savedIn: "/etc/peach/calibration.json"))
                == "timing calibrated with Keystation MIDI 1 on alsa:default: your strikes land 18.0 ms late "
                + "(median of 2, spread 1.4 ms); saved in /etc/peach/calibration.json: fill the gap's and rhythm echo's "
                + "earcons take it off"
        )
        #expect(
            german.line(.calibrated(steady, savedIn: "/etc/peach/calibration.json"))
                == "Timing kalibriert mit Keystation MIDI 1 an alsa:default: deine Schläge kommen 18,0 ms zu spät "
                + "(Median von 2, Streuung 1,4 ms); gespeichert in /etc/peach/calibration.json: die Hörzeichen "
                + "bei „Lücke füllen“ und „Rhythmus-Echo“ rechnen sie heraus")
        #expect(
            texts.line(.calibrated(steady, savedIn: nil)).hasSuffix(
                "; not kept: the box has no calibration file"))
        let uneven = TimingCalibration(
            offsets: [-30, 40], controller: "Pads", output: "alsa:default", time: time)
        #expect(
            texts.line(.calibrated(uneven, savedIn: nil))
                == "Your 2 strikes spread 49.5 ms around their median: too uneven to calibrate by (at most 20 ms), so "
                + "nothing was saved. Strike a pad with each click and keep with it, then calibrate again.")
        var progress = TrainingProgress()
        progress.strikes = 20
        #expect(
            texts.line(.sessionEnded(.calibration, progress, reason: "calibrated"))
                == "session ended (calibrated): Timing: calibration, 20 strikes counted")
    }
}

@Suite("peach monitor's lines")
struct MonitorLineTests {
    @Test("a note is named in the language's naming: H3 in German for B3, JSON and English unchanged")
    func noteNames() {
        let event = MIDIEvent(.noteOn(channel: 0, note: 59, velocity: 100), at: 0)
        #expect(Texts(language: .english).monitorLine(event, actions: [], time: 1).contains(" B3 (59)"))
        #expect(Texts(language: .german).monitorLine(event, actions: [], time: 1).contains(" H3 (59)"))
        #expect(
            MIDIText.summary(.noteOn(channel: 0, note: 70, velocity: 1), naming: .german).contains(" B4 (70)")
        )
        #expect(MIDIText.summary(.noteOn(channel: 0, note: 70, velocity: 1)).contains(" A#4 (70)"))
    }
}
