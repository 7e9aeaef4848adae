// KeyboardMapperTests: terminal keys, escape sequences split across reads, a lone Esc.

import Foundation
import PeachMIDI
import Testing

@Suite("Terminal keyboard")
struct KeyboardMapperTests {
    @Test("arrows answer and tune; letters, Enter, Space, q")
    func keys() {
        var mapper = KeyboardMapper()
        let keys = mapper.keys(
            for: Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}OD".utf8) + Array("hl+-\r rcmq".utf8))
        #expect(
            keys.map(\.name) == [
                "Up", "Down", "Right", "Left", "h", "l", "+", "-", "Enter", "Space", "r", "c", "m", "q",
            ])
        #expect(keys[0].actions == [.press(.higher, input: .keyboard), .tune(1, input: .keyboard)])
        #expect(keys[2].actions == [.press(.late, input: .keyboard), .tune(10, input: .keyboard)])
        #expect(keys[3].actions == [.press(.early, input: .keyboard), .tune(-10, input: .keyboard)])
        #expect(keys[8].actions == [.press(.commit, input: .keyboard)])
        #expect(keys[13].actions == [.press(.stop, input: .keyboard)])
        #expect(mapper.keys(for: Array("vbni".utf8)).isEmpty)
        #expect(keys[4].piano == .note(9) && keys[5].piano == .note(14), "h and l are piano keys too")
        #expect(keys[12].piano == nil, "m is no piano key")
    }

    @Test("the letters are a piano from C: a w s e d f t g y h u j k o l p ;, z and x an octave down and up")
    func piano() {
        var mapper = KeyboardMapper()
        let keys = mapper.keys(for: Array("awsedftgyhujkolp;zx".utf8))
        #expect(keys.map(\.piano) == (0...16).map { .note($0) } + [.octave(-1), .octave(1)])
        #expect(keys.filter { $0.name != "h" && $0.name != "l" }.allSatisfy { $0.actions.isEmpty })
        #expect(mapper.keys(for: Array("A".utf8)).isEmpty, "Shift or Caps Lock: no piano")
    }

    @Test("on QWERTZ the piano is played by place: z is G-sharp, ö the top E, y and x an octave down and up")
    func qwertzPiano() {
        var mapper = KeyboardMapper(layout: .qwertz)
        let keys = mapper.keys(for: Array("awsedftgzhujkolpöyx".utf8))
        #expect(keys.map(\.piano) == (0...16).map { .note($0) } + [.octave(-1), .octave(1)], "\(keys)")
        #expect(keys[16].name == "ö")
        // `;` still plays the top E; another letter of two bytes (é), or one split across reads, does no harm.
        #expect(mapper.keys(for: Array(";".utf8)).map(\.piano) == [.note(16)])
        #expect(mapper.keys(for: Array("é".utf8)).isEmpty)
        let split = Array("ö".utf8)
        #expect(mapper.keys(for: [split[0]]).isEmpty)
        #expect(mapper.keys(for: [split[1]]).map(\.piano) == [.note(16)])
        var english = KeyboardMapper()
        #expect(english.keys(for: Array("ö".utf8)).isEmpty, "no ö on QWERTY")
    }

    @Test("on AZERTY the piano starts on q: z is C-sharp, m the top E, w and x an octave down and up")
    func azertyPiano() {
        var mapper = KeyboardMapper(layout: .azerty)
        let keys = mapper.keys(for: Array("qzsedftgyhujkolpmwx".utf8))
        #expect(keys.map(\.piano) == (0...16).map { .note($0) } + [.octave(-1), .octave(1)], "\(keys)")
        // QWERTY's places of C, C-sharp and the top E are other letters here: a, w (the octave down) and ;.
        #expect(mapper.keys(for: Array("a;".utf8)).isEmpty)
        #expect(mapper.keys(for: Array("w".utf8)).map(\.piano) == [.octave(-1)])
        // q keeps its meaning outside play-back (it stops), so play-back names Esc as its stop key.
        #expect(keys[0].actions == [.press(.stop, input: .keyboard)])
        #expect(
            KeyboardLayout.azerty.playBackStopKey == "Esc" && KeyboardLayout.qwertz.playBackStopKey == "q")
        #expect(
            KeyboardLayout.azerty.pianoLetters.joined(separator: " ") == "q z s e d f t g y h u j k o l p m")
        #expect(KeyboardLayout.azerty.octaveLetters == ("w", "x"))
    }

    @Test("the layout from the environment, else the keyboard configuration's XKBLAYOUT, else QWERTY")
    func layoutDetected() throws {
        #expect(KeyboardLayout(xkbLayout: "de") == .qwertz && KeyboardLayout(xkbLayout: "de,us") == .qwertz)
        #expect(KeyboardLayout(xkbLayout: "us,de") == .qwerty && KeyboardLayout(xkbLayout: "CH") == .qwertz)
        #expect(KeyboardLayout(xkbLayout: "gb") == .qwerty && KeyboardLayout(xkbLayout: "") == .qwerty)
        #expect(KeyboardLayout(xkbLayout: "fr") == .azerty && KeyboardLayout(xkbLayout: "be,us") == .azerty)
        #expect(KeyboardLayout(xkbLayout: "ca") == .qwerty, "Canadian French types on QWERTY")
        let file = NSTemporaryDirectory() + "peach-keyboard-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "XKBMODEL=\"pc105\"\nXKBLAYOUT=\"at\"\nXKBVARIANT=\"nodeadkeys\"\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(KeyboardLayout.detected(environment: [:], keyboardFile: file) == .qwertz)
        #expect(
            KeyboardLayout.detected(environment: ["PEACH_KEYBOARD_LAYOUT": "QWERTY"], keyboardFile: file)
                == .qwerty)
        #expect(
            KeyboardLayout.detected(environment: ["PEACH_KEYBOARD_LAYOUT": "dvorak"], keyboardFile: file)
                == .qwertz)
        #expect(KeyboardLayout.detected(environment: [:], keyboardFile: file + "-missing") == .qwerty)
        #expect(
            KeyboardLayout.qwertz.pianoLetters.joined(separator: " ") == "a w s e d f t g z h u j k o l p ö")
    }

    @Test("an escape sequence split across reads; a lone Esc stops when nothing follows")
    func splitEscape() {
        var mapper = KeyboardMapper()
        #expect(mapper.keys(for: [0x1B]).isEmpty)
        #expect(mapper.keys(for: [UInt8(ascii: "[")]).isEmpty)
        #expect(mapper.keys(for: [UInt8(ascii: "A")]).map(\.name) == ["Up"])
        #expect(mapper.keys(for: [0x1B]).isEmpty)
        #expect(mapper.flush().map(\.name) == ["Esc"])
        #expect(mapper.flush().isEmpty)
        // Esc then a letter: both count.
        #expect(mapper.keys(for: [0x1B, UInt8(ascii: "h")]).map(\.name) == ["Esc", "h"])
        // Unknown sequences (F1 = ESC O P, Delete = ESC [ 3 ~) do nothing.
        #expect(mapper.keys(for: Array("\u{1B}OP\u{1B}[3~".utf8)).isEmpty)
    }
}
