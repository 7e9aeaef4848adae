// CommandLogicTests: the commands' logic that lives in the library: MIDI learn as a run, profile locations.

import Foundation
import PeachLive
import PeachMIDI
import PeachText
import PeachTraining
import Testing

@Suite("Command logic in the library")
struct CommandLogicTests {
    static func event(_ message: MIDIMessage) -> ControllerInputItem {
        .midi(.event(MIDIEvent(message, from: MIDIAddress(client: 20, port: 0), at: 0)))
    }

    @Test("learn: a prompt per step, the control taken for each, the profile made with the source's name")
    func learn() throws {
        var run = LearnRun(steps: [.action(.higher), .action(.lower)], texts: Texts(language: .english)) {
            _ in
            "Launchkey"
        }
        #expect(run.takeLines() == ["Press the control for Higher…"])
        #expect(try run.handle(Self.event(.noteOn(channel: 0, note: 72, velocity: 100))) == .next)
        #expect(try run.handle(Self.event(.noteOn(channel: 0, note: 72, velocity: 100))) == .next)  // taken
        #expect(run.learned == 1)
        #expect(try run.handle(Self.event(.noteOn(channel: 0, note: 48, velocity: 100))) == .complete)
        let lines = run.takeLines()
        #expect(lines.first?.hasPrefix("  higher: note-on") == true)
        #expect(lines.contains { $0.contains("already used for higher") })
        let profile = run.profile(name: "keys", devices: [], from: "seq")
        #expect(profile.devices == ["Launchkey"] && profile.switches.count == 2)
    }

    @Test("learn: the end of the input before every step is learned is an error; a signal abandons")
    func learnEnds() throws {
        var run = LearnRun(steps: [.action(.higher), .tune], texts: Texts(language: .german)) { _ in nil }
        #expect(run.takeLines() == ["Drücke das Bedienelement für „Höher“…"])
        _ = try run.handle(Self.event(.noteOn(channel: 0, note: 72, velocity: 100)))
        #expect(throws: CommandError.learnInputEnded(learned: 1, total: 2)) { try run.handle(.midi(.ended)) }
        #expect(try run.handle(.signal(2)) == .abandon(130))
    }

    @Test("shipped profiles: PEACH_PROFILES_DIR first, else beside the executable or in its source tree")
    func profileLocations() throws {
        #expect(
            ProfileLocations.shippedDirectories(environment: ["PEACH_PROFILES_DIR": "/p"], executable: nil)
                == ["/p"])
        let tree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let built = tree.path + "/.build/x86_64-unknown-linux-gnu/debug/peach"
        #expect(
            ProfileLocations.shippedDirectories(environment: [:], executable: built) == [
                tree.path + "/Profiles"
            ])
        #expect(
            ProfileLocations.shippedDirectories(environment: [:], executable: "/nowhere/bin/peach").isEmpty)
    }
}
