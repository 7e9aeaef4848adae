// ControllerProfileTests: every shipped profile decodes; broken files give errors naming file and field.

import Foundation
import PeachMIDI
import PeachTestSupport
import Testing

@Suite("Controller profiles")
struct ControllerProfileTests {
    /// The repository's `Profiles` folder.
    static let shippedFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Profiles").standardizedFileURL.path

    static let shippedNames = [
        "default", "sustain-pedal", "two-footswitches", "pads", "faders", "pitch-bend-matching", "encoder",
    ]

    func decode(_ json: String, path: String = "/p/test.json") throws(ProfileError) -> ControllerProfile {
        try ControllerProfile(json: Data(json.utf8), name: "test", path: path)
    }

    @Test("every shipped profile decodes, and writes back to the same profile", arguments: shippedNames)
    func shippedProfileDecodes(name: String) throws {
        let profile = try ProfileLibrary.load(path: Self.shippedFolder + "/\(name).json", name: name)
        #expect(!profile.description.isEmpty)
        #expect(!profile.switches.isEmpty || profile.tune != nil)
        let again = try ControllerProfile(json: Data(profile.jsonText.utf8), name: name, path: "again")
        #expect(again == profile)
    }

    @Test("a learned profile's description keeps its slashes as they are (rawmidi:/dev/…, not \\/)")
    func slashesUnescaped() throws {
        let profile = try decode(
            #"{"description": "learned from rawmidi:/tmp/pads", "actions": [{"action": "higher", "note": 60}]}"#
        )
        #expect(profile.jsonText.contains(#""description": "learned from rawmidi:/tmp/pads""#))
        #expect(try decode(profile.jsonText) == profile)
    }

    @Test("the shipped folder holds exactly the documented profiles")
    func shippedSet() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.shippedFolder).filter {
            $0.hasSuffix(".json")
        }
        #expect(Set(files) == Set(Self.shippedNames.map { $0 + ".json" }))
    }

    @Test("Profiles/default.json is the built-in default")
    func defaultFileMatchesBuiltIn() throws {
        let profile = try ProfileLibrary.load(path: Self.shippedFolder + "/default.json", name: "default")
        #expect(profile == ControllerProfile.builtInDefault)
    }

    @Test("the shipped profiles map what their descriptions promise")
    func shippedContents() throws {
        let library = ProfileLibrary(userDirectory: nil, shippedDirectories: [Self.shippedFolder])
        let pedals = try library.load("two-footswitches")
        #expect(pedals.switches.contains(SwitchMapping(.controller(64), action: .higher)))
        #expect(pedals.switches.contains(SwitchMapping(.controller(67), action: .lower)))
        let single = try library.load("sustain-pedal")
        #expect(
            single.switches == [
                SwitchMapping(.controller(64), response: .gesture(short: .higher, long: .lower))
            ])
        let bend = try library.load("pitch-bend-matching")
        #expect(bend.tune == TuneMapping(.pitchBend(cents: 200, commitOnCentre: true)))
        #expect(try library.load("faders").tune == TuneMapping(.controller(0, cents: 200)))
        #expect(try library.load("pads").switches.count == 8)
        #expect(try library.load("pads").switches.last == SwitchMapping(.note(43), action: .startTiming))
    }

    @Test(
        "a broken field is named, with what is wrong as structure",
        arguments: [
            (
                #"{"actions": [{"action": "higher", "controller": 300}]}"#, "actions[0].controller",
                ProfileProblem.outOfRange(300, allowed: 0...127)
            ),
            (
                #"{"actions": [{"action": "louder", "note": 60}]}"#, "actions[0].action",
                .notOneOf("louder", known: SwitchAction.allCases.map(\.rawValue))
            ),
            (
                #"{"actions": [{"action": "higher"}]}"#, "actions[0]",
                .needsExactlyOne(["note", "notes", "controller", "program"])
            ),
            (
                #"{"actions": [{"action": "higher", "note": 60, "controller": 1}]}"#, "actions[0]",
                .needsExactlyOne(["note", "notes", "controller", "program"])
            ),
            (#"{"actions": [{"action": "higher", "note": "H9"}]}"#, "actions[0].note", .notNoteName("H9")),
            (
                #"{"actions": [{"action": "higher", "note": 60, "treshold": 3}]}"#, "actions[0].treshold",
                .unknownField(known: [
                    "action", "channel", "controller", "gesture", "hysteresis", "inverted", "note", "notes",
                    "program",
                    "threshold",
                ])
            ),
            (
                #"{"actions": [{"action": "higher", "note": 60, "channel": 17}]}"#, "actions[0].channel",
                .outOfRange(17, allowed: 1...16)
            ),
            (
                #"{"actions": [{"action": "higher", "notes": {"from": 70, "to": 60}}]}"#, "actions[0].notes",
                .fromAboveTo
            ),
            (
                #"{"actions": [{"gesture": {"short": "higher", "long": "higher"}, "controller": 64}]}"#,
                "actions[0].gesture", .sameGestureActions
            ),
            (
                #"{"actions": [{"gesture": {"short": "higher", "long": "lower"}, "program": 1}]}"#,
                "actions[0].gesture", .gestureOnProgramChange
            ),
            (
                #"{"actions": [{"action": "higher", "controller": 64, "inverted": "yes"}]}"#,
                "actions[0].inverted", .wrongType(expected: .boolean, found: .string)
            ),
            (
                #"{"tune": {"control": "wheel"}}"#, "tune.control",
                .notOneOf("wheel", known: ["pitchBend", "controller", "controller14", "encoder"])
            ),
            (#"{"tune": {"control": "pitchBend"}}"#, "tune.cents", .missing(alternatives: [])),
            (
                #"{"tune": {"control": "controller14", "controller": 40, "cents": 100}}"#, "tune.controller",
                .outOfRange(40, allowed: 0...31)
            ),
            (
                #"{"tune": {"control": "encoder", "controller": 1, "encoding": "gray", "centsPerStep": 1}}"#,
                "tune.encoding", .notOneOf("gray", known: RelativeEncoding.allCases.map(\.rawValue))
            ),
            (
                #"{"tune": {"control": "controller", "controller": 1, "cents": 100, "commitOnCentre": true}}"#,
                "tune.commitOnCentre", .doesNotApply(control: "controller")
            ),
            (
                #"{"devices": "launchkey", "actions": []}"#, "devices",
                .wrongType(expected: .list, found: .string)
            ),
            (#"{"actions": []}"#, "actions", .mapsNothing),
        ])
    func brokenField(json: String, field: String, problem: ProfileProblem) {
        #expect(throws: ProfileError.invalid(path: "/p/test.json", field: field, problem: problem)) {
            try decode(json)
        }
    }

    @Test("a file that is not JSON is named with no field")
    func notJSON() {
        #expect(throws: ProfileError.invalid(path: "/p/test.json", field: nil, problem: .notJSON)) {
            try decode("{ \"actions\": [")
        }
    }

    @Test("notes by name, channels 1-based, press rules and program 'any' decode")
    func fieldsDecode() throws {
        let profile = try decode(
            #"""
            {"devices": ["FS-*"], "actions": [
              {"action": "commit", "note": "C3", "channel": 10},
              {"action": "lower", "controller": 67, "inverted": true, "threshold": 100, "hysteresis": 0},
              {"action": "stop", "program": "any"}],
             "tune": {"control": "encoder", "controller": 16, "encoding": "binaryOffset", "centsPerStep": 0.25, "channel": "any"}}
            """#)
        #expect(profile.devices == ["FS-*"])
        #expect(profile.switches[0] == SwitchMapping(.note(48), channel: 9, action: .commit))
        #expect(profile.switches[1].press == PressRule(threshold: 100, hysteresis: 0, inverted: true))
        #expect(profile.switches[2].trigger == .program(nil))
        #expect(profile.tune == TuneMapping(.encoder(16, encoding: .binaryOffset, centsPerStep: 0.25)))
    }
}

@Suite("Profile library")
struct ProfileLibraryTests {
    /// The test's folders, removed after it.
    let paths = ScratchPaths()

    func folder(_ files: [String: String]) throws -> String {
        let path = try paths.folder("peach-profiles")
        for (name, text) in files {
            try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
        }
        return path
    }

    @Test("a user profile hides a shipped one of the same name; the built-in default needs no file")
    func userFirst() throws {
        let shipped = try folder(["pads.json": #"{"actions": [{"action": "higher", "note": 1}]}"#])
        let user = try folder(["pads.json": #"{"actions": [{"action": "lower", "note": 2}]}"#])
        let library = ProfileLibrary(userDirectory: user, shippedDirectories: [shipped])
        #expect(try library.load("pads").switches == [SwitchMapping(.note(2), action: .lower)])
        #expect(library.entries().map(\.name) == ["pads"])
        #expect(try library.load("default") == .builtInDefault)
        #expect(throws: ProfileError.notFound(name: "nope", searched: [user, shipped])) {
            try library.load("nope")
        }
        #expect(throws: ProfileError.invalidName("../x")) { try library.load("../x") }
    }

    @Test(
        "a broken profile is an error when asked for by name, else Peach falls back to the default and says why"
    )
    func fallback() throws {
        let user = try folder(["pedal.json": #"{"actions": [{"action": "higher", "controller": 999}]}"#])
        let library = ProfileLibrary(userDirectory: user, shippedDirectories: [])
        #expect(throws: ProfileError.self) { try library.resolve("pedal", explicitly: true) }
        let resolution = try library.resolve("pedal", explicitly: false)
        #expect(resolution.profile == .builtInDefault)
        guard case .invalid(let path, let field, _)? = resolution.fallbackReason else {
            Issue.record("no reason given")
            return
        }
        #expect(path == user + "/pedal.json")
        #expect(field == "actions[0].controller")
    }

    @Test("name patterns: substring without *, anchored with *, case ignored")
    func namePatterns() {
        #expect(NamePattern("launchkey").matches("Launchkey Mini MK3 MIDI 1"))
        #expect(NamePattern("FS-*").matches("fs-1 pedal"))
        #expect(!NamePattern("FS-*").matches("My FS-1"))
        #expect(NamePattern("*MIDI 2").matches("Keystep MIDI 2"))
        #expect(NamePattern("key*mini").matches("Launchkey Mini") == false)
        #expect(NamePattern("*key*mini*").matches("Launchkey Mini MK3"))
        #expect(NamePattern("*").matches("anything"))
    }
}
