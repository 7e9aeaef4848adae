// PracticeBoxSetupTests: the dashboard's requests to the box (SIGUSR1): outputs, a test tone, a controller test; SIGUSR2.

import Foundation
import PeachCore
import PeachTraining
import Testing

@Suite("The practice box answers the setup page, in virtual time")
@MainActor
struct PracticeBoxSetupTests {
    static let outputs = [
        BoxStatus.Output(setting: "alsa:hw:CARD=Headphones,DEV=0", description: "bcm2835 Headphones"),
        BoxStatus.Output(setting: "alsa:hw:CARD=Device,DEV=0", description: "USB Audio", busy: true),
    ]

    @Test("a controller test shows the keys for a minute instead of acting on them; then keys choose again")
    func watchingKeys() throws {
        let harness = BoxHarness()
        harness.devices.listed = Self.outputs
        harness.connect()
        #expect(harness.box.status.outputs == Self.outputs, "listed when a controller connects")
        harness.devices.request = BoxRequest(id: "w1", action: .watchKeys)
        harness.signal(SIGUSR1)
        #expect(harness.box.status.answer == BoxStatus.Answer(id: "w1", done: true))
        #expect(harness.box.state == .ready, "SIGUSR1 stops nothing")
        for note: UInt8 in [48, 60, 72] { harness.key(note) }
        harness.advance(1)
        #expect(harness.box.state == .ready, "the keys started no mode")
        #expect(harness.box.status.keys?.map(\.note) == [48, 60, 72])
        #expect(harness.box.status.keys?.first?.velocity == 90)
        #expect(harness.devices.statuses.last?.keys?.count == 3, "each key press is published")
        #expect(harness.notices.contains("watchingKeys 60"))
        harness.advance(PracticeBox.watchSeconds)
        harness.key(48)  // Lower, after the minute: comparison
        harness.advance(0.2)
        #expect(harness.box.state == .starting(.comparison))
        #expect(harness.box.status.keys == nil && harness.box.status.watchingUntil == nil)
        // The same request again (the file not replaced) is not taken twice.
        harness.signal(SIGUSR1)
        #expect(harness.box.status.answer?.id == "w1")
    }

    @Test(
        "a test tone on the box's own output rings its ready earcon; on another it opens that one for the tone"
    )
    func testTone() throws {
        var settings = BoxHarness.settings
        settings = try settings.setting(.audioOutput, toText: "alsa:hw:CARD=Headphones,DEV=0")
        let harness = BoxHarness(settings: settings)
        harness.devices.listed = Self.outputs
        harness.connect()
        harness.advance(1)
        #expect(harness.audioOutputs.count == 1 && harness.earcons == ["ready"])
        harness.devices.request = BoxRequest(
            id: "t1", action: .testTone, output: "alsa:hw:CARD=Headphones,DEV=0")
        harness.signal(SIGUSR1)
        #expect(harness.box.status.answer == BoxStatus.Answer(id: "t1", done: true))
        #expect(harness.earcons == ["ready", "ready"] && harness.audioOutputs.count == 1)
        harness.advance(1)
        harness.devices.request = BoxRequest(id: "t2", action: .testTone, output: "alsa:hw:CARD=Device,DEV=0")
        harness.signal(SIGUSR1)
        #expect(harness.box.status.answer == BoxStatus.Answer(id: "t2", done: true))
        let second = try #require(harness.audioOutputs.last)
        harness.advance(0.1)
        #expect(
            harness.audioOutputs.count == 2 && !second.fake.playedNotes.isEmpty, "its own device, its tone")
        #expect(second.shutdownCount == 0)
        harness.advance(2)
        #expect(second.shutdownCount == 1, "closed after its tone")
        #expect(harness.audioOutputs[0].shutdownCount == 0, "the box's own output stays open")
        // Only an output the box listed: never a name the request makes up (a file plugin, a path).
        harness.devices.request = BoxRequest(id: "t3", action: .testTone, output: "alsa:file:/etc/passwd")
        harness.signal(SIGUSR1)
        #expect(
            harness.box.status.answer == BoxStatus.Answer(id: "t3", done: false, problem: "testToneRefused"))
        #expect(harness.audioOutputs.count == 2)
        harness.devices.missing = true
        harness.devices.request = BoxRequest(id: "t4", action: .testTone, output: "alsa:hw:CARD=Device,DEV=0")
        harness.signal(SIGUSR1)
        #expect(harness.box.status.answer?.done == false)
        #expect(
            harness.box.status.answer?.problem?.hasPrefix("error ") == true, "the device's error, in words")
    }

    @Test("SIGUSR2 stops the box cleanly with a failure status, so its service starts it again")
    func restart() {
        let harness = BoxHarness()
        harness.devices.listed = Self.outputs
        harness.connect()
        harness.devices.request = BoxRequest(id: "t", action: .testTone, output: "alsa:hw:CARD=Device,DEV=0")
        harness.signal(SIGUSR1)
        harness.signal(SIGUSR2)  // while the test tone's own device plays
        #expect(
            harness.audioOutputs.allSatisfy { $0.shutdownCount == 1 }, "every device closed, the tone's too")
        #expect(harness.box.state == .finished)
        #expect(harness.box.exitStatus == 128 + SIGUSR2)
        #expect(harness.notices.contains("restarting"))
    }
}
