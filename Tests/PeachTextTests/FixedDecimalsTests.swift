// FixedDecimalsTests: numbers written as printf's %.Nf writes them, to the byte, halfway cases and signs included.

import Foundation
import PeachCore
import Testing

@testable import PeachText

@Suite("FixedDecimals")
struct FixedDecimalsTests {
    @Test("the same bytes as String(format:) for 0–3 decimals: halfway cases, tiny and huge numbers, signs")
    func sameAsPrintf() {
        var values: [Double] = [
            0, -0.0, 0.05, -0.05, 0.15, 0.25, 0.35, 0.45, 2.5, -2.5, 9.95, 99.95, -99.95, 1.005, 0.0005,
            -0.0004,
            123_456.7895, 1e12, 0x1p40, 1e15, 1e300, -1e300, .leastNonzeroMagnitude, .nan, .infinity,
            -.infinity,
        ]
        var generator = SeededRandomGenerator(seed: 11)
        for _ in 0..<20_000 {
            values.append(Double.random(in: -1000...1000, using: &generator))
            // Decimal fractions, many of them exactly or nearly halfway at some number of decimals.
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 200)
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000)
        }
        var differing: [String] = []
        for value in values {
            for decimals in 0...3 {
                let written = FixedDecimals.string(value, decimals: decimals)
                let printf = String(format: "%.\(decimals)f", value)
                if written != printf {
                    differing.append("\(value) to \(decimals): \(written), not \(printf)")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(
            FixedDecimals.string(-0.04, decimals: 1) == "-0.0"
                && FixedDecimals.string(0.25, decimals: 1) == "0.2")
    }
}

@Suite("Signed numbers")
struct SignedNumberTests {
    @Test("a sign always written; a value that rounds to zero is +0.0 (unsigned 0.0), never -0.0; EN, DE")
    func signs() {
        let english = Texts(language: .english)
        let german = Texts(language: .german)
        let cases: [(Double, Int, String, String)] = [
            (2.24, 1, "+2.2", "+2,2"), (-0.8, 1, "-0.8", "-0,8"), (0, 1, "+0.0", "+0,0"),
            (-0.0, 1, "+0.0", "+0,0"), (-0.015, 1, "+0.0", "+0,0"), (-0.049, 1, "+0.0", "+0,0"),
            (-0.05, 1, "-0.1", "-0,1"), (-0.004, 2, "+0.00", "+0,00"), (-0.006, 2, "-0.01", "-0,01"),
            (-10.04, 1, "-10.0", "-10,0"), (-0.4, 0, "+0", "+0"), (-0.6, 0, "-1", "-1"),
        ]
        for (value, decimals, en, de) in cases {
            #expect(english.signed(value, decimals) == en, "\(value)")
            #expect(german.signed(value, decimals) == de, "\(value)")
            // Unsigned (`format`): the same digits, a minus only where one shows, never a plus.
            let plain = en.hasPrefix("+") ? String(en.dropFirst()) : en
            #expect(english.format(value, decimals) == plain, "\(value)")
            #expect(german.format(value, decimals) == plain.replacingOccurrences(of: ".", with: ","))
        }
        // The dashboard's answer line: a tiny negative offset reads +0.0 ms as the terminal's do.
        #expect(english.signedMilliseconds(-0.02) == "+0.0 ms")
        #expect(english.signedMilliseconds(-3.24) == "-3.2 ms")
        #expect(german.signedMilliseconds(0) == "+0,0 ms")
    }
}
