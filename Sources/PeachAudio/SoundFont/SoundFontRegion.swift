// SoundFontRegion: one sample zone of a preset, with the preset's and instrument's generators combined.

/// What sounds for a key and velocity of a preset: a sample with every generator's final value, after the
/// rules of section 9.4 of the SoundFont 2.04 specification: an instrument zone's generators override its
/// instrument's global zone, which overrides the defaults; a preset zone's generators (over its preset's
/// global zone) add to those, except the ones only instruments set; key and velocity ranges are intersected.
struct SoundFontRegion {
    /// The keys it sounds for.
    var keys: ClosedRange<Int>
    /// The velocities it sounds for.
    var velocities: ClosedRange<Int>
    /// Index of its sample header.
    var sample: Int
    /// Every generator's value by operator number (signed amounts; ranges as low | high << 8).
    var values: [Int]

    /// The value of `generator`.
    subscript(_ generator: SoundFontGenerator) -> Int { values[generator.rawValue] }

    /// The most regions one preset may have (real ones have tens to a few hundred).
    static let maximumCount = 16384
}

extension SoundFont {
    /// The regions of `preset`, in the order of its zones.
    /// - Throws: ``SoundFontError`` (`tooLarge`) for a preset with more than ``SoundFontRegion/maximumCount``.
    func regions(of preset: SoundFontPreset) throws(SoundFontError) -> [SoundFontRegion] {
        var regions: [SoundFontRegion] = []
        let presetZones = Self.zones(
            presetBags[preset.index], bags: presetZones, generators: presetGenerators,
            terminal: SoundFontGenerator.instrument.rawValue)
        var visited = 0
        for presetZone in presetZones {
            guard presetZone.target < instrumentBags.count else { continue }
            // A hostile file can point many preset zones at one huge instrument: bound the work, not just the result.
            visited += instrumentBags[presetZone.target].count
            guard visited <= 64 * SoundFontRegion.maximumCount else {
                throw SoundFontError(path: path, problem: .tooLarge)
            }
            let instrumentZones = Self.zones(
                instrumentBags[presetZone.target], bags: self.instrumentZones,
                generators: instrumentGenerators,
                terminal: SoundFontGenerator.sampleID.rawValue)
            for instrumentZone in instrumentZones where instrumentZone.target < samples.count {
                var values = SoundFontGenerator.defaults
                for (number, amount) in instrumentZone.values { values[number] = amount }
                for (number, amount) in presetZone.values where SoundFontGenerator.addsAtPresetLevel(number) {
                    values[number] += amount
                }
                func range(_ generator: SoundFontGenerator) -> ClosedRange<Int>? {
                    let own = values[generator.rawValue]
                    var low = own & 0xFF
                    var high = (own >> 8) & 0xFF
                    if let outer = presetZone.values[generator.rawValue] {
                        low = max(low, outer & 0xFF)
                        high = min(high, (outer >> 8) & 0xFF)
                    }
                    high = min(high, 127)
                    return low <= high ? low...high : nil
                }
                guard let keys = range(.keyRange), let velocities = range(.velocityRange) else { continue }
                regions.append(
                    SoundFontRegion(
                        keys: keys, velocities: velocities, sample: instrumentZone.target, values: values))
                guard regions.count <= SoundFontRegion.maximumCount else {
                    throw SoundFontError(path: path, problem: .tooLarge)
                }
            }
        }
        return regions
    }

    /// The zones of a preset or instrument: each local zone's generators over the global zone's (the first
    /// zone, when it does not end in the `terminal` generator), and the terminal's target. Zones after the
    /// first that lack the terminal are ignored, as are generators after it; a later duplicate wins.
    private static func zones(
        _ bagRange: Range<Int>, bags: [Range<Int>], generators: [(number: Int, amount: UInt16)], terminal: Int
    ) -> [(values: [Int: Int], target: Int)] {
        var global: [Int: Int] = [:]
        var result: [(values: [Int: Int], target: Int)] = []
        for (position, bag) in bagRange.enumerated() where bag < bags.count {
            var values = global
            var target: Int?
            for index in bags[bag] where index < generators.count {
                let (number, amount) = generators[index]
                if number == terminal {
                    target = Int(amount)
                    break
                }
                guard number < SoundFontGenerator.tableSize else { continue }
                let isRange =
                    number == SoundFontGenerator.keyRange.rawValue
                    || number == SoundFontGenerator.velocityRange.rawValue
                values[number] = isRange ? Int(amount) : Int(Int16(bitPattern: amount))
            }
            if let target {
                result.append((values, target))
            } else if position == 0 {
                global = values
            }
        }
        return result
    }
}
