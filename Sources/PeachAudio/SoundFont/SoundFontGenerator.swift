// SoundFontGenerator: the SoundFont 2 generators Peach reads, with their defaults and how presets combine them.

/// A SoundFont 2.04 generator (section 8.1.2 of the specification), by its operator number. Only the ones
/// Peach plays have names; the others are read and kept in a zone's value table but do nothing.
enum SoundFontGenerator: Int, CaseIterable {
    case startAddressOffset = 0
    case endAddressOffset = 1
    case startLoopAddressOffset = 2
    case endLoopAddressOffset = 3
    case startAddressCoarseOffset = 4
    case endAddressCoarseOffset = 12
    case pan = 17
    case delayVolumeEnvelope = 33
    case attackVolumeEnvelope = 34
    case holdVolumeEnvelope = 35
    case decayVolumeEnvelope = 36
    case sustainVolumeEnvelope = 37
    case releaseVolumeEnvelope = 38
    case keyNumberToVolumeEnvelopeHold = 39
    case keyNumberToVolumeEnvelopeDecay = 40
    case instrument = 41
    case keyRange = 43
    case velocityRange = 44
    case startLoopAddressCoarseOffset = 45
    case initialAttenuation = 48
    case endLoopAddressCoarseOffset = 50
    case coarseTune = 51
    case fineTune = 52
    case sampleID = 53
    case sampleModes = 54
    case scaleTuning = 56
    case overridingRootKey = 58

    /// How many operator numbers a zone's value table holds (0 … 60, `endOper` excluded).
    static let tableSize = 61

    /// The default values of every generator (most are 0; envelope times −12000 timecents ≈ 1 ms).
    static let defaults: [Int] = {
        var table = [Int](repeating: 0, count: tableSize)
        for generator in [
            delayVolumeEnvelope, attackVolumeEnvelope, holdVolumeEnvelope, decayVolumeEnvelope,
            releaseVolumeEnvelope,
        ] {
            table[generator.rawValue] = -12000
        }
        for modulationEnvelope in 25...30 where modulationEnvelope != 29 {
            table[modulationEnvelope] = -12000
        }
        table[21] = -12000  // delayModLFO
        table[23] = -12000  // delayVibLFO
        table[8] = 13500  // initialFilterFc: open
        table[keyRange.rawValue] = 127 << 8  // 0 … 127, low byte first
        table[velocityRange.rawValue] = 127 << 8
        table[46] = -1  // keynum
        table[47] = -1  // velocity
        table[scaleTuning.rawValue] = 100
        table[overridingRootKey.rawValue] = -1
        return table
    }()

    /// Whether a preset zone's value of operator `number` adds to the instrument's (section 8.5): not for
    /// sample addresses, modes, overrides, ranges or the instrument and sample links, which only instruments set.
    static func addsAtPresetLevel(_ number: Int) -> Bool {
        switch number {
        case 0...4, 12, 41, 43...47, 50, 53...55, 57...60: false
        default: true
        }
    }
}
