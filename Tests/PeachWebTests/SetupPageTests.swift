// SetupPageTests: the setup page in process over a fake box: outputs, a test tone, an output used, keys, SoundFonts, log, restart.

import Foundation
import HTTPTypes
import PeachCore
import PeachStore
import PeachTraining
import Synchronization
import Testing

@testable import PeachWeb

/// A running box as the dashboard sees it: a status, requests left for it, and signals sent to it. SIGUSR1 makes
/// it answer the request left (as `peach serve` does: done, or refused with its words).
final class FakeBox: Sendable {
    struct State {
        var status: BoxStatus?
        var requests: [BoxRequest] = []
        var signals: [Int32] = []
        var refusal: String?
    }

    let state: Mutex<State>

    init(running: Bool = true) {
        let status = BoxStatus(
            activity: .ready, controllers: ["20:0 Keystation"], audio: "alsa:default", since: Date(),
            started: Date(), processID: 4242)
        var state = State(status: running ? status : nil)
        state.status?.outputs = [
            BoxStatus.Output(setting: "alsa:hw:CARD=Headphones,DEV=0", description: "bcm2835 Headphones"),
            BoxStatus.Output(setting: "alsa:hw:CARD=Device,DEV=0", description: "USB Audio, USB Audio"),
        ]
        self.state = Mutex(state)
    }

    var control: BoxControl {
        BoxControl(
            status: { [self] in state.withLock { $0.status.map { .running($0) } ?? .none } },
            leave: { [self] request in state.withLock { $0.requests.append(request) } },
            signal: { [self] pid, signal in
                state.withLock { state in
                    guard state.status?.processID == pid else { return false }
                    state.signals.append(signal)
                    if signal == SIGUSR1, let request = state.requests.last {
                        state.status?.answer = BoxStatus.Answer(
                            id: request.id, done: state.refusal == nil, problem: state.refusal)
                        if request.action == .watchKeys {
                            state.status?.watchingUntil = Date().addingTimeInterval(60)
                            state.status?.keys = [
                                BoxStatus.Key(note: 60, velocity: 80, time: Date()),
                                BoxStatus.Key(note: 70, velocity: 64, time: Date()),
                            ]
                        }
                    }
                    return true
                }
            },
            pause: { await Task.yield() })
    }
}

@Suite("The setup page, in process over a fake box")
struct SetupPageTests {
    static let password = "correct horse"

    @Test("signed out the page only says to sign in, and every change is refused; signed in it lists the box")
    func page() async throws {
        let box = FakeBox()
        let client = try DashboardClient(password: Self.password, box: box.control)
        defer { client.remove() }
        let signedOut = try await client.send(.get, "/setup")
        #expect(signedOut.status == .ok && signedOut.body.contains("Sign in to set up the box"))
        #expect(!signedOut.body.contains("/setup/tone"))
        for path in ["/setup/tone", "/setup/output", "/setup/watch", "/setup/restart", "/setup/soundfont"] {
            #expect(try await client.send(.post, path).status == .forbidden, "\(path)")
        }
        #expect(try await client.send(.get, "/setup/log").status == .forbidden)
        #expect(try await client.send(.get, "/setup/keys").status == .forbidden)
        let (headers, _) = try await client.signedIn(Self.password)
        let page = try await client.send(.get, "/setup", headers: headers)
        #expect(page.body.contains("<code>alsa:hw:CARD=Device,DEV=0</code>"))
        #expect(page.body.contains("USB Audio, USB Audio"))
        #expect(page.body.contains("20:0 Keystation"))
        #expect(page.body.contains("<option selected>default</option><option>pads</option>"))
        #expect(page.body.contains(#"<a href="/setup/log" download>"#))
        #expect(page.body.contains("<li>Not calibrated yet.</li>"))
        #expect(box.state.withLock { $0.signals }.isEmpty, "looking signals nothing")
    }

    @Test(
        "the timing calibrations the box keeps are listed, newest first; a broken file says so in their place"
    )
    func calibrations() async throws {
        let client = try DashboardClient(password: Self.password, box: FakeBox().control)
        defer { client.remove() }
        let (headers, _) = try await client.signedIn(Self.password)
        let file = CalibrationFile(path: client.locations.calibrationFile)
        try file.save(
            TimingCalibration(
                offsets: [17, 19], controller: "Keystation MIDI 1", output: "alsa:default",
                time: Date(timeIntervalSince1970: 1_780_000_000)))
        try file.save(
            TimingCalibration(
                offsets: [-6], controller: "Pads MIDI 1", output: "alsa:default",
                time: Date(timeIntervalSince1970: 1_780_086_400)))
        let page = try await client.send(.get, "/setup", headers: headers).body
        let pads = try #require(
            page.range(
                of:
                    "<li>Pads MIDI 1 on alsa:default: your strikes land 6.0 ms early (median of 1, spread 0.0 ms), "
                    + "measured "))
        let keystation = try #require(
            page.range(
                of:
                    "<li>Keystation MIDI 1 on alsa:default: your strikes land 18.0 ms late (median of 2, spread "
                    + "1.4 ms), measured "))
        #expect(pads.lowerBound < keystation.lowerBound, "newest first")
        #expect(!page.contains("Not calibrated yet."))
        try "{\"calibrations\": 3}".write(toFile: file.path, atomically: true, encoding: .utf8)
        let broken = try await client.send(.get, "/setup", headers: headers).body
        #expect(broken.contains("calibration.json"), "the file is named")
        #expect(!broken.contains("Keystation MIDI 1 on"))
    }

    @Test("a test tone is asked of the box and its answer shown; a refusal or no box says so")
    func testTone() async throws {
        let box = FakeBox()
        let client = try DashboardClient(password: Self.password, box: box.control)
        defer { client.remove() }
        let (headers, csrf) = try await client.signedIn(Self.password)
        let played = try await client.send(
            .post, "/setup/tone", headers: headers,
            form: [("output", "alsa:hw:CARD=Device,DEV=0"), ("csrf", csrf)])
        #expect(played.status == .ok)
        #expect(played.body.contains("The box played a tone on alsa:hw:CARD=Device,DEV=0."))
        let asked = box.state.withLock { ($0.requests, $0.signals) }
        #expect(asked.0.map(\.action) == [.testTone] && asked.0.first?.output == "alsa:hw:CARD=Device,DEV=0")
        #expect(asked.1 == [SIGUSR1])
        box.state.withLock { $0.refusal = "no test tone: the box does not see that output" }
        let refused = try await client.send(
            .post, "/setup/tone", headers: headers,
            form: [("output", "alsa:file:/etc/passwd"), ("csrf", csrf)])
        #expect(refused.status == .conflict && refused.body.contains("No tone: no test tone"))
        let forged = try await client.send(
            .post, "/setup/tone", headers: headers, form: [("output", "alsa:default"), ("csrf", "guess")])
        #expect(forged.status == .forbidden)
        box.state.withLock { $0.status = nil }
        let gone = try await client.send(
            .post, "/setup/tone", headers: headers, form: [("output", "alsa:default"), ("csrf", csrf)])
        #expect(gone.status == .conflict && gone.body.contains("The box is not running"))
    }

    @Test(
        "Use saves a listed output as audioOutput and restarts the box; an output it does not list is refused"
    )
    func useOutput() async throws {
        let box = FakeBox()
        let client = try DashboardClient(password: Self.password, box: box.control)
        defer { client.remove() }
        let (headers, csrf) = try await client.signedIn(Self.password)
        let used = try await client.send(
            .post, "/setup/output", headers: headers,
            form: [("output", "alsa:hw:CARD=Device,DEV=0"), ("csrf", csrf)])
        #expect(
            used.status == .ok
                && used.body.contains("Saved: the box restarts with alsa:hw:CARD=Device,DEV=0."))
        let settings = try SettingsFile(path: client.locations.settingsFile).load().settings
        #expect(settings.audioOutput == "alsa:hw:CARD=Device,DEV=0")
        #expect(box.state.withLock { $0.signals } == [SIGUSR2])
        for output in [
            "wav:" + client.locations.dataDirectory + "/records.jsonl", "alsa:hw:CARD=Other,DEV=0",
        ] {
            let refused = try await client.send(
                .post, "/setup/output", headers: headers, form: [("output", output), ("csrf", csrf)])
            #expect(
                refused.status == .badRequest && refused.body.contains("The box does not see that output."))
        }
        #expect(
            try SettingsFile(path: client.locations.settingsFile).load().settings.audioOutput
                == "alsa:hw:CARD=Device,DEV=0")
        #expect(box.state.withLock { $0.signals } == [SIGUSR2], "nothing restarted for a refusal")
    }

    @Test("a controller test: the box is asked to watch, and the keys it shows are read as JSON")
    func keys() async throws {
        let box = FakeBox()
        let client = try DashboardClient(password: Self.password, box: box.control)
        defer { client.remove() }
        let (headers, csrf) = try await client.signedIn(Self.password)
        let before = try await client.send(.get, "/setup/keys", headers: headers)
        #expect(before.body.contains(#""watching":false"#))
        let watch = try await client.send(.post, "/setup/watch", headers: headers, form: [("csrf", csrf)])
        #expect(watch.status == .seeOther || watch.status == .found)
        #expect(box.state.withLock { $0.requests.last?.action } == .watchKeys)
        let keys = try await client.send(.get, "/setup/keys", headers: headers)
        #expect(
            keys.body.contains(#""watching":true"#)
                && keys.body.contains(#""keys":["A#4, velocity 64","C4, velocity 80"]"#), "\(keys.body)")
        let page = try await client.send(.get, "/setup", headers: headers)
        #expect(
            page.body.contains(#"data-watching="true""#) && page.body.contains("<li>C4, velocity 80</li>"))
        var german = headers
        german[.acceptLanguage] = "de"
        let deutsch = try await client.send(.get, "/setup/keys", headers: german)
        #expect(deutsch.body.contains(#""B4, "#), "B-flat as German musicians name it: \(deutsch.body)")
        let profile = try await client.send(
            .post, "/setup/profile", headers: headers, form: [("value", "pads"), ("csrf", csrf)])
        #expect(profile.status == .seeOther || profile.status == .found)
        #expect(
            try SettingsFile(path: client.locations.settingsFile).load().settings.controllerProfile == "pads")
    }

    @Test(
        "a SoundFont upload: checked before it is named, never a path or a name the library has, 403 without the token"
    )
    func soundFont() async throws {
        let client = try DashboardClient(password: Self.password, box: FakeBox().control)
        defer { client.remove() }
        let (headers, csrf) = try await client.signedIn(Self.password)
        func upload(
            _ name: String, _ body: String, token: String? = nil
        ) async throws -> DashboardClient.Answer {
            var fields = headers
            fields[DashboardHeader.csrfToken] = token ?? csrf
            fields[DashboardHeader.fileName] = name
            fields[.contentType] = "application/octet-stream"
            return try await client.send(.post, "/setup/soundfont", headers: fields, body: body)
        }
        let font = "RIFF\u{10}\0\0\0sfbkLIST\0\0\0\0"
        let folder = client.folder + "/soundfonts"
        #expect(try await upload("Piano.sf2", font, token: "guess").status == .forbidden)
        let bad = try await upload("..%2F..%2Fsettings.sf2", font)
        #expect(bad.status == .badRequest && bad.body.contains("a SoundFont's name is letters"))
        let notFont = try await upload("Notes.sf2", "just some text, not a SoundFont at all")
        #expect(
            notFont.status == .unprocessableContent && notFont.body.hasPrefix("Notes.sf2 is not a SoundFont"))
        let added = try await upload("Piano.sf2", font)
        #expect(added.status == .ok && added.body.hasPrefix("Added Piano.sf2"), "\(added.body)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Piano.sf2"))
        let again = try await upload("piano.sf2", font)
        #expect(again.status == .conflict)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(left == ["Piano.sf2"], "no half-written or refused file stays: \(left)")
        let page = try await client.send(.get, "/setup", headers: headers)
        #expect(page.body.contains("<li><code>Piano</code></li>"))
    }

    @Test("the log downloads as a file; a restart signals the box, or says it is not running")
    func logAndRestart() async throws {
        let box = FakeBox()
        let client = try DashboardClient(password: Self.password, box: box.control)
        defer { client.remove() }
        try FileManager.default.createDirectory(
            atPath: client.locations.dataDirectory, withIntermediateDirectories: true)
        StatusLog(directory: client.locations.dataDirectory).append(
            "controller connected: 20:0 Keystation", at: Date())
        let (headers, csrf) = try await client.signedIn(Self.password)
        let log = try await client.send(.get, "/setup/log", headers: headers)
        #expect(log.status == .ok && log.body.contains("controller connected: 20:0 Keystation"))
        #expect(log.headers[.contentDisposition]?.contains("attachment") == true)
        let restart = try await client.send(.post, "/setup/restart", headers: headers, form: [("csrf", csrf)])
        #expect(restart.status == .ok && restart.body.contains("The box restarts"))
        #expect(box.state.withLock { $0.signals } == [SIGUSR2])
        #expect(
            try String(contentsOfFile: client.locations.dataDirectory + "/serve.log", encoding: .utf8)
                .contains("dashboard: restart from 192.0.2.7"))
        box.state.withLock { $0.status = nil }
        let none = try await client.send(.post, "/setup/restart", headers: headers, form: [("csrf", csrf)])
        #expect(none.status == .conflict && none.body.contains("The box is not running"))
    }
}
