// MessageTests: a message's template and values: places found, filled in any order, renumbered when joined.

import Testing

@testable import PeachText

@Suite("Message")
struct MessageTests {
    @Test("an interpolated literal is a template with numbered places and the values as text")
    func interpolation() {
        let name = "Kazez"
        let count = 12
        let cents = 3.25
        let message: Message = "\(name) after \(count) answers: \(cents) cents"
        #expect(message.template == "{1} after {2} answers: {3} cents")
        #expect(message.values == ["Kazez", "12", "3.25"])
    }

    @Test("places are filled in the translation's order; braces that are no place stay; other scripts pass")
    func filling() {
        #expect(Message.filling("{2} vor {1}", with: ["A", "B"]) == "B vor A")
        #expect(Message.filling("Größe {1} — {x} {} {1", with: ["7"]) == "Größe 7 — {x} {} {1")
        #expect(Message.filling("{1}{2}", with: ["é", "♭"]) == "é♭")
        #expect(Message.filling("{3} bleibt", with: ["a"]) == "{3} bleibt")
        #expect(Message.filling("{007}", with: Array(repeating: "x", count: 7)) == "x")
        #expect(Message.filling("kein {1} Wert", with: []) == "kein {1} Wert")
        #expect(Message.filling("{99999999999999999999999}", with: ["a"]) == "{99999999999999999999999}")
        #expect(Message.filling("", with: ["a"]) == "")
    }

    @Test("the places of a template, in order; joined messages renumber the second's")
    func placesAndJoining() {
        #expect(Message.places(in: "{2} und {1}, {x}, {3}") == [2, 1, 3])
        #expect(Message.places(in: "nichts") == [])
        let joined =
            Message(template: "{1} – ", values: ["a"]) + Message(template: "{2} {1}", values: ["b", "c"])
        #expect(joined.template == "{1} – {3} {2}")
        #expect(joined.values == ["a", "b", "c"])
        #expect(Message.filling(joined.template, with: joined.values) == "a – c b")
    }
}
