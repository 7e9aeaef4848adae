// BoxFactsTests: the box's status in words, as `peach serve --status` and the dashboard's Box page show it.

import Foundation
import PeachCore
import PeachMIDI
import PeachSystem
import PeachText
import PeachTraining
import Testing

@Suite("The box's facts in words")
struct BoxFactsTests {
    let started = Date(timeIntervalSince1970: 1_800_000_000)

    func status(_ activity: BoxStatus.Activity) -> BoxStatus {
        BoxStatus(
            activity: activity, mode: activity == .training ? .pitchMatching : nil,
            controllers: ["20:0 Keystation"], audio: "alsa:default", lastProblem: "audio lost",
            lastProblemTime: started, since: started, started: started, processID: 42)
    }

    @Test(
        "the facts a reader shows: what it does, the controllers, the sound, the last problem; or that it is not running"
    )
    func facts() {
        let texts = Texts(language: .english)
        func shown(_ date: Date) -> String { "T" }
        #expect(
            texts.boxFacts(.none, time: shown).map(\.value) == [
                "Not running: no practice box ('peach serve') has used this data folder."
            ])
        let facts = texts.boxFacts(.running(status(.training)), time: shown)
        #expect(facts.map(\.name) == ["The box", "Controller", "Sound", "Last problem"])
        #expect(
            facts.map(\.value) == [
                "Practising Pitch matching since T", "20:0 Keystation", "alsa:default", "T audio lost",
            ])
        #expect(
            texts.boxFacts(.gone(status(.ready)), time: shown).map(\.value) == [
                "Not running (last seen: Ready since T: a mode is chosen on the controller)"
            ])
        let deutsch = Texts(language: .german).boxFacts(.running(status(.training)), time: shown)
        #expect(deutsch.first?.value.contains("Tonhöhe treffen") == true, "\(deutsch)")
        // A session on clicks says its tempo; melodies that they are in tempo.
        var clicked = status(.training)
        clicked.mode = .gapFill
        clicked.tempo = 80
        #expect(texts.boxActivity(clicked, since: "T") == "Practising Timing: fill the gap at 80 BPM since T")
        clicked.mode = .playBack(.melodies)
        clicked.tempo = 90
        #expect(
            texts.boxActivity(clicked, since: "T")
                == "Practising Play back: melodies in tempo at 90 BPM since T",
            "\(texts.boxActivity(clicked, since: "T"))")
        #expect(
            Texts(language: .german).boxActivity(clicked, since: "T")
                == "Übt Nachspielen: Melodien im Tempo bei 90 BPM seit T",
            "\(Texts(language: .german).boxActivity(clicked, since: "T"))")
    }

    @Test("serve --status prints no control character from a device's name or the log: ESC and BEL become ?")
    func reportPrintable() throws {
        let folder = NSTemporaryDirectory() + "peach-box-report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hostile = "\u{1B}]0;owned\u{07}Keys\u{1B}[2J\u{9B}1m"
        var running = status(.ready)
        running.controllers = [hostile]
        running.processID = getpid()
        running.processStart = ProcessLiveness.startTicks(of: getpid())
        BoxStatusFile.write(running, in: folder)
        let log = StatusLog(directory: folder)
        log.append("controller connected: " + hostile, at: started)
        let report = Texts(language: .english).boxReport(log)
        #expect(report.contains("?]0;owned?Keys?[2J?1m"), "\(report)")
        #expect(
            !report.unicodeScalars.contains {
                $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
            })
        #expect(PrintableText.of("Launchkey Mini MK3 MIDI 1") == "Launchkey Mini MK3 MIDI 1")
        #expect(
            MIDIPortInfo(
                address: MIDIAddress(client: 20, port: 0), clientName: hostile, portName: "a\nb",
                isReadable: true,
                isWritable: false, isHardware: true
            ).portName == "a?b")
    }

    @Test("serve --status: the facts from the folder's status file, then the log's last lines")
    func report() throws {
        let folder = NSTemporaryDirectory() + "peach-box-report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let texts = Texts(language: .english)
        let log = StatusLog(directory: folder)
        #expect(texts.boxReport(log).hasSuffix(texts.boxNoStatus(log.path)))
        log.append("session started", at: started)
        #expect(
            texts.boxReport(log)
                == "The box: Not running: no practice box ('peach serve') has used this data folder.\n"
                + StatusLog.stamp(started) + " session started")
    }
}
