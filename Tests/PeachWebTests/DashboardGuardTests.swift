// DashboardGuardTests: the dashboard's defences as parts: host names, connection limits, the global sign-in budget.

import Foundation
import NIOCore
import NIOEmbedded
import PeachCore
import PeachTraining
import Testing

@testable import PeachWeb

@Suite("The dashboard's defences, as parts")
struct DashboardGuardTests {
    @Test(
        "Host: IP literals, localhost, the computer's name with and without .local, --host names; nothing else"
    )
    func hostNames() {
        let hosts = HostNames(listenAddress: "::", extra: ["Peach.Example."], hostName: { "practicebox.lan" })
        for allowed in [
            "127.0.0.1:8765", "192.168.1.20", "[::1]:8765", "[fe80::1]", "localhost", "LOCALHOST:80",
            "localhost.", "practicebox", "practicebox.local:8765", "practicebox.lan", "practicebox.lan.local",
            "peach.example:8765", "PEACH.EXAMPLE.",
        ] {
            #expect(hosts.allows(allowed), "\(allowed)")
        }
        for refused in [
            nil, "", "evil.example", "evil.example:8765", "practicebox.evil.example",
            "localhost.evil.example",
            "127.0.0.1.evil.example", "1.2.3", "[::1", "[::1]x", "localhost:80x", "peach.example:http",
            "exa mple", "[evil.example]",
        ] {
            #expect(!hosts.allows(refused), "\(refused ?? "none")")
        }
        let renamed = HostNames(listenAddress: "10.0.0.5", extra: [], hostName: { nil })
        #expect(renamed.allows("10.0.0.5") && !renamed.allows("practicebox.local"))
    }

    @Test("the computer's name is read again when it changes")
    func renamedComputer() {
        let name = NameBox("first")
        let hosts = HostNames(listenAddress: "127.0.0.1", extra: [], hostName: { name.value })
        #expect(hosts.allows("first.local"))
        name.value = "second"
        #expect(hosts.allows("second.local") && !hosts.allows("first.local"))
    }

    @Test(
        "from the dashboard a setting names no file: wav:, rawmidi:, SoundFont paths and ALSA's file plugins refused; devices and library fonts taken"
    )
    func settingRules() throws {
        let folder = NSTemporaryDirectory() + "peach-fonts-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/FluidR3_GM.sf2", contents: Data([0])))
        let library = SoundFontLibrary(directories: [folder])
        func refusal(_ key: SettingKey, _ value: String) -> DashboardSettingRules.Refusal? {
            DashboardSettingRules.refusal(key, value, soundFonts: library)
        }
        for (key, value) in [
            (SettingKey.audioOutput, "wav:/var/lib/peach/records.jsonl"), (.audioOutput, "wav:x.wav"),
            (.audioOutput, "alsa:file:FILE=/tmp/x,raw"), (.audioOutput, "alsa:file"),
            (.audioOutput, "alsa:tee:default,'/tmp/x'"), (.audioOutput, "alsa:plug:'file:/tmp/x'"),
            (.audioOutput, "alsa:{type file}"), (.audioOutput, "alsa:hw:0,0/../x"),
            (.midiOutput, "rawmidi:/etc/peach/web-password"), (.soundFont, "/etc/shadow"),
            (.soundFont, "../x"), (.soundFont, "~/x.sf2"), (.soundFont, ".hidden"),
        ] {
            #expect(refusal(key, value) == .path, "\(key.rawValue)=\(value)")
        }
        #expect(refusal(.soundFont, "Other") == .unknownSoundFont(known: ["FluidR3_GM"]))
        for (key, value) in [
            (SettingKey.audioOutput, "alsa:default"), (.audioOutput, "alsa:plughw:CARD=Device,DEV=0"),
            (.audioOutput, "alsa:hw:1,0"), (.audioOutput, "alsa:pulse"), (.audioOutput, "alsa:my_card-out"),
            (.audioOutput, "jack"), (.audioOutput, "jack:fluidsynth"), (.audioOutput, "null"),
            (.midiOutput, "synth"), (.midiOutput, "midi:FLUID Synth"), (.midiOutput, "midi:128:0"),
            (.soundFont, "none"), (.soundFont, "FluidR3_GM"), (.soundFont, "FluidR3_GM.sf2"),
            (.tempo, "/not/a/path/but/not/one/either"),
        ] {
            #expect(refusal(key, value) == nil, "\(key.rawValue)=\(value)")
        }
    }

    @Test(
        "beside each address's budget one for all: after 20 failures from anyone in 15 minutes, one check every 30 s; ten lines, then one that says so"
    )
    func globalBudget() async {
        let clock = DashboardPartsTests.ManualClock()
        let store = SessionStore(now: { clock.now() })
        var notices: [SessionStore.FailureNotice] = []
        for index in 0..<20 {
            let client = "10.0.\(index).1"
            #expect(await store.beginAttempt(client: client) == nil, "\(client)")
            notices.append(await store.finishAttempt(client: client, succeeded: false))
            clock.advance(1)
        }
        #expect(notices.filter { $0 == .failed }.count == 10)
        #expect(notices.last == .slowed && notices.filter { $0 == .slowed }.count == 1)
        #expect(await store.beginAttempt(client: "10.9.9.9") == 29, "anyone waits for the next check")
        clock.advance(29)
        #expect(await store.beginAttempt(client: "10.9.9.9") == nil)
        #expect(await store.finishAttempt(client: "10.9.9.9", succeeded: false) == .none, "no more lines")
        #expect(await store.beginAttempt(client: "10.9.9.8") == 30)
        clock.advance(30)
        #expect(await store.beginAttempt(client: "10.9.9.8") == nil, "the owner, half a minute later")
        await store.finishAttempt(client: "10.9.9.8", succeeded: true)
        clock.advance(15 * 60 + 1)
        #expect(await store.beginAttempt(client: "10.9.9.7") == nil, "the failures have aged out")
        #expect(
            await store.finishAttempt(client: "10.9.9.7", succeeded: false) == .failed, "a new quarter hour")
    }

    @Test("Accept-Language with a new code each time: what is kept stays bounded, German still German")
    func languagesBounded() {
        let negotiation = LanguageNegotiation()
        for index in 0..<2_000 {
            _ = negotiation.texts(for: "x\(index)-AB, de;q=0.5")
        }
        let held = negotiation.held
        #expect(held.catalogues <= 2 && held.codes <= LanguageNegotiation.codesKept, "\(held)")
        #expect(negotiation.texts(for: "de").catalogue.language == "de")
        #expect(negotiation.texts(for: "fi").catalogue.language.isEmpty)
    }

    @Test(
        "connections: 64 a client (its next displaces its oldest), 512 in all (a lighter client displaces the heaviest's oldest)"
    )
    func connectionLimits() async throws {
        let limits = ConnectionLimits(perClient: 3, total: 5)
        var channels: [EmbeddedChannel] = []
        let address = try SocketAddress(ipAddress: "127.0.0.1", port: 1)
        func open(_ client: String) -> (EmbeddedChannel, Bool) {
            let channel = EmbeddedChannel()
            channel.connect(to: address, promise: nil)  // active until closed
            channels.append(channel)
            return (channel, limits.admit(channel, client: client))
        }
        let (first, _) = open("a")
        let (second, _) = open("a")
        #expect(open("a").1)
        #expect(open("a").1, "a fourth from one client displaces its own oldest")
        #expect(!first.isActive && second.isActive)
        #expect(open("b").1 && open("b").1)
        #expect(limits.counts.held == 5)
        #expect(!open("b").1, "b holds 2 and a 3: b may not displace a's")
        let (_, newcomer) = open("c")
        #expect(newcomer, "c holds none: a's oldest gives way")
        #expect(!second.isActive, "the displaced connection is closed")
        #expect(limits.counts == (held: 5, refused: 1, displaced: 2))
        limits.release(first)
        limits.release(second)
        #expect(limits.counts.held == 5, "a displaced connection is let go once")
        limits.release(channels[3])
        #expect(limits.counts.held == 4 && open("b").1)
        withExtendedLifetime(channels) {}
    }

    @Test("a piece at a time from a thread to a task; the consumer's end or silence stops the producer")
    func handoff() async throws {
        // No limit that a loaded machine could reach (the limit itself is the last part's): under qemu the arm64
        // suite's synchronous tests have held every thread of the concurrency pool for over 600 s (the consumer's
        // task waited that long, so the producer gave up), and a starved consumer must only make this slower.
        let handoff = PieceHandoff(limit: 86_400)
        let thread = Thread {
            do {
                for index in 0..<100 { try handoff.put([UInt8(index)]) }
                handoff.finish(nil)
            } catch {
                handoff.finish(error)
            }
        }
        thread.start()
        var received: [UInt8] = []
        while let piece = try await handoff.next() { received += piece }
        #expect(received == (0..<100).map(UInt8.init))

        let cancelled = PieceHandoff(limit: 86_400)
        let (stopped, stop) = AsyncStream.makeStream(of: Bool.self)
        Thread {
            do {
                for _ in 0..<100 { try cancelled.put([1]) }
                stop.yield(false)
            } catch { stop.yield(true) }
            stop.finish()
        }.start()
        _ = try await cancelled.next()
        cancelled.cancel()
        var threw = false
        for await value in stopped { threw = value }
        #expect(threw, "put throws once the consumer has gone")

        let unread = PieceHandoff(limit: 0.05)
        try unread.put([1])
        #expect(throws: PieceHandoff.Stopped.consumerGone) { try unread.put([2]) }
    }
}

/// A name a test changes.
private final class NameBox: @unchecked Sendable {
    var value: String
    init(_ value: String) { self.value = value }
}
