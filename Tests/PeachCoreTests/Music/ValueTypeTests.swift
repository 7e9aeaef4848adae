// ValueTypeTests: boundaries and behaviour of MIDIVelocity, Cents, Frequency and AmplitudeDB.

import Foundation
import PeachCore
import Testing

@Suite("MIDIVelocity")
struct MIDIVelocityTests {
    @Test("accepts 1…127, rejects 0 and 128")
    func boundaries() throws {
        #expect(try MIDIVelocity(validating: 1).rawValue == 1)
        #expect(try MIDIVelocity(validating: 127).rawValue == 127)
        #expect(throws: DomainValueError.velocityOutOfRange(0)) { try MIDIVelocity(validating: 0) }
        #expect(throws: DomainValueError.velocityOutOfRange(128)) { try MIDIVelocity(validating: 128) }
        #expect(MIDIVelocity.default.rawValue == 63)
    }

    @Test("decoding rejects 0")
    func coding() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([MIDIVelocity].self, from: Data("[0]".utf8))
        }
    }
}

@Suite("Cents")
struct CentsTests {
    @Test("sign, magnitude and arithmetic")
    func arithmetic() {
        let sharp: Cents = 12.5
        #expect(sharp.magnitude == 12.5)
        #expect((-sharp).magnitude == 12.5)
        #expect((-sharp).rawValue == -12.5)
        #expect((sharp + 2.5).rawValue == 15)
        #expect((sharp - 20).rawValue == -7.5)
        #expect(Cents(-3) < Cents(1))
    }

    @Test("rejects infinity and NaN from outside")
    func validation() throws {
        #expect(throws: DomainValueError.self) { try Cents(validating: .infinity) }
        #expect(throws: DomainValueError.self) { try Cents(validating: .nan) }
        #expect(try Cents(validating: -1200).rawValue == -1200)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Cents.self, from: Data("\"x\"".utf8)) }
    }

    @Test(
        "formats with an explicit sign",
        arguments: [(12.34, "+12.3"), (-3.0, "-3.0"), (0.0, "0.0"), (-0.04, "0.0")])
    func formatting(value: Double, text: String) {
        #expect(Cents(value).description == text)
    }
}

@Suite("Frequency")
struct FrequencyTests {
    @Test("must be positive and finite")
    func validation() throws {
        #expect(try Frequency(validating: 440).hertz == 440)
        #expect(try Frequency(validating: 0.001).hertz == 0.001)
        for bad in [0, -1, Double.infinity, Double.nan] {
            #expect(throws: DomainValueError.self) { try Frequency(validating: bad) }
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Frequency.self, from: Data("0".utf8)) }
    }

    @Test("literals and description")
    func literals() {
        let a: Frequency = 440
        let b: Frequency = 442.5
        #expect(a < b)
        #expect(a.description == "440.00 Hz")
    }
}

@Suite("AmplitudeDB")
struct AmplitudeDBTests {
    @Test(
        "clamps to −90…+12",
        arguments: [(-200.0, -90.0), (-90.0, -90.0), (0.0, 0.0), (12.0, 12.0), (40.0, 12.0)])
    func clamping(input: Double, expected: Double) {
        #expect(AmplitudeDB(input).decibels == expected)
    }

    @Test("NaN is rejected from outside and means silence in code")
    func notANumber() {
        #expect(throws: DomainValueError.self) { try AmplitudeDB(validating: .nan) }
        #expect(AmplitudeDB(.nan).decibels == -90)
    }

    @Test("linear gain")
    func linearGain() {
        #expect(AmplitudeDB(0).linearGain == 1)
        #expect(abs(AmplitudeDB(-6).linearGain - 0.501_187) < 1e-6)
        #expect(abs(AmplitudeDB(12).linearGain - 3.981_072) < 1e-6)
        #expect(AmplitudeDB(-90).linearGain == 0)
    }

    @Test("decoding clamps")
    func coding() throws {
        #expect(try JSONDecoder().decode(AmplitudeDB.self, from: Data("99".utf8)).decibels == 12)
    }
}
