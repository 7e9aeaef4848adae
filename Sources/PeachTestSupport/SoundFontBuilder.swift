// SoundFontBuilder: writes small SoundFont 2 files for tests: samples, instruments, presets and generators.

/// Builds the bytes of a SoundFont 2 file from samples, instruments and presets, the way an editor would write
/// them (each sample followed by 46 zero frames; terminal records; empty modulator lists), so tests can check
/// the reader and the synth on files whose every value they know.
public struct SoundFontBuilder {
    /// A sample: 16-bit frames and its header fields.
    public struct Sample {
        /// Its name.
        public var name: String
        /// Its 16-bit frames.
        public var frames: [Int16]
        /// Its sample rate.
        public var sampleRate: Int
        /// Its root key.
        public var originalPitch: Int
        /// Its pitch correction, cents.
        public var pitchCorrection: Int
        /// Loop start and end, frames from the sample's first frame.
        public var loop: Range<Int>
        /// 1 mono, 2 right, 4 left, 8 linked; 0x10 compressed (SoundFont 3).
        public var type: Int
        /// The linked sample of a stereo pair.
        public var link: Int

        /// A sample.
        public init(
            name: String, frames: [Int16], sampleRate: Int, originalPitch: Int = 60, pitchCorrection: Int = 0,
            loop: Range<Int>? = nil, type: Int = 1, link: Int = 0
        ) {
            self.name = name
            self.frames = frames
            self.sampleRate = sampleRate
            self.originalPitch = originalPitch
            self.pitchCorrection = pitchCorrection
            self.loop = loop ?? 0..<frames.count
            self.type = type
            self.link = link
        }
    }

    /// A zone: generators (operator, amount) and the instrument or sample it plays (nil: a global zone).
    public struct Zone {
        /// Its generators.
        public var generators: [(UInt16, Int16)]
        /// The instrument or sample it plays; nil for a global zone.
        public var target: Int?

        /// A zone of `generators` playing `target` (an instrument for a preset, a sample for an instrument).
        public init(_ generators: [(UInt16, Int16)] = [], target: Int?) {
            self.generators = generators
            self.target = target
        }
    }

    /// An instrument or preset: a name and zones (a preset also bank and program).
    public struct Part {
        /// Its name.
        public var name: String
        /// Its zones.
        public var zones: [Zone]
        /// Its bank (presets).
        public var bank: Int
        /// Its program (presets).
        public var program: Int

        /// A part.
        public init(name: String, zones: [Zone], bank: Int = 0, program: Int = 0) {
            self.name = name
            self.zones = zones
            self.bank = bank
            self.program = program
        }
    }

    /// The SoundFont's name (INAM).
    public var name: String
    /// The samples.
    public var samples: [Sample]
    /// The instruments.
    public var instruments: [Part]
    /// The presets.
    public var presets: [Part]
    /// Write an `sm24` chunk with these low bytes (one per frame of all samples, zero padding included).
    public var lowBytes: [UInt8]?

    /// A builder.
    public init(name: String = "Test Font", samples: [Sample], instruments: [Part], presets: [Part]) {
        self.name = name
        self.samples = samples
        self.instruments = instruments
        self.presets = presets
    }

    /// Generator operators the tests use.
    public enum Operator: UInt16 {
        case startAddressOffset = 0, endAddressOffset = 1, pan = 17, delay = 33, attack = 34, hold = 35
        case decay = 36, sustain = 37, release = 38, instrument = 41, keyRange = 43, velocityRange = 44
        case initialAttenuation = 48, coarseTune = 51, fineTune = 52, sampleID = 53, sampleModes = 54
        case scaleTuning = 56, overridingRootKey = 58
    }

    /// A generator.
    public static func generator(_ operator: Operator, _ amount: Int) -> (UInt16, Int16) {
        (`operator`.rawValue, Int16(truncatingIfNeeded: amount))
    }

    /// A key or velocity range generator.
    public static func range(_ operator: Operator, _ range: ClosedRange<Int>) -> (UInt16, Int16) {
        (`operator`.rawValue, Int16(bitPattern: UInt16(range.lowerBound) | UInt16(range.upperBound) << 8))
    }

    /// The file's bytes.
    public func bytes() -> [UInt8] {
        var smpl: [UInt8] = []
        var shdr: [UInt8] = []
        var offset = 0
        for sample in samples {
            for frame in sample.frames + [Int16](repeating: 0, count: 46) {
                Self.put16(&smpl, UInt16(bitPattern: frame))
            }
            Self.putName(&shdr, sample.name)
            Self.put32(&shdr, offset)
            Self.put32(&shdr, offset + sample.frames.count)
            Self.put32(&shdr, offset + sample.loop.lowerBound)
            Self.put32(&shdr, offset + sample.loop.upperBound)
            Self.put32(&shdr, sample.sampleRate)
            shdr.append(UInt8(truncatingIfNeeded: sample.originalPitch))
            shdr.append(UInt8(bitPattern: Int8(truncatingIfNeeded: sample.pitchCorrection)))
            Self.put16(&shdr, UInt16(sample.link))
            Self.put16(&shdr, UInt16(sample.type))
            offset += sample.frames.count + 46
        }
        Self.putName(&shdr, "EOS")
        shdr += [UInt8](repeating: 0, count: 26)
        let (phdr, pbag, pgen) = Self.records(presets, headerSize: 38, terminal: Operator.instrument.rawValue)
        {
            part, bag, out in
            Self.putName(&out, part.name)
            Self.put16(&out, UInt16(part.program))
            Self.put16(&out, UInt16(part.bank))
            Self.put16(&out, UInt16(bag))
            out += [UInt8](repeating: 0, count: 12)
        }
        let (inst, ibag, igen) = Self.records(
            instruments, headerSize: 22, terminal: Operator.sampleID.rawValue
        ) {
            part, bag, out in
            Self.putName(&out, part.name)
            Self.put16(&out, UInt16(bag))
        }
        let modulators = [UInt8](repeating: 0, count: 10)
        var info = Self.chunk("ifil", [2, 0, 4, 0])
        info += Self.chunk("INAM", Array(name.utf8) + [0])
        var sdta = Self.chunk("smpl", smpl)
        if let lowBytes { sdta += Self.chunk("sm24", lowBytes) }
        let pdta =
            Self.chunk("phdr", phdr) + Self.chunk("pbag", pbag) + Self.chunk("pmod", modulators)
            + Self.chunk("pgen", pgen) + Self.chunk("inst", inst) + Self.chunk("ibag", ibag)
            + Self.chunk("imod", modulators) + Self.chunk("igen", igen) + Self.chunk("shdr", shdr)
        let body =
            Array("sfbk".utf8) + Self.list("INFO", info) + Self.list("sdta", sdta) + Self.list("pdta", pdta)
        return Self.chunk("RIFF", body)
    }

    /// Header, bag and generator records of presets or instruments, with their terminal records.
    private static func records(
        _ parts: [Part], headerSize: Int, terminal: UInt16, header: (Part, Int, inout [UInt8]) -> Void
    ) -> ([UInt8], [UInt8], [UInt8]) {
        var headers: [UInt8] = []
        var bags: [UInt8] = []
        var generators: [UInt8] = []
        var bagCount = 0
        var generatorCount = 0
        for part in parts {
            header(part, bagCount, &headers)
            for zone in part.zones {
                put16(&bags, UInt16(generatorCount))
                put16(&bags, 0)
                bagCount += 1
                var list = zone.generators
                if let target = zone.target { list.append((terminal, Int16(truncatingIfNeeded: target))) }
                for (number, amount) in list {
                    put16(&generators, number)
                    put16(&generators, UInt16(bitPattern: amount))
                    generatorCount += 1
                }
            }
        }
        header(Part(name: headerSize == 38 ? "EOP" : "EOI", zones: []), bagCount, &headers)
        put16(&bags, UInt16(generatorCount))
        put16(&bags, 0)
        generators += [0, 0, 0, 0]
        return (headers, bags, generators)
    }

    static func chunk(_ id: String, _ data: [UInt8]) -> [UInt8] {
        var bytes = Array(id.utf8)
        put32(&bytes, data.count)
        bytes += data
        if data.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    static func list(_ type: String, _ data: [UInt8]) -> [UInt8] { chunk("LIST", Array(type.utf8) + data) }

    static func put16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    static func put32(_ bytes: inout [UInt8], _ value: Int) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> shift) & 0xFF)) }
    }

    static func putName(_ bytes: inout [UInt8], _ name: String) {
        let text = Array(name.utf8.prefix(19))
        bytes += text + [UInt8](repeating: 0, count: 20 - text.count)
    }

    /// A SoundFont of one 440 Hz sine at 48 kHz (44 whole cycles in its 4,800-frame loop, root A4), played by
    /// every preset in `presets` (name, program; bank 0): it sounds exactly the pitch asked for.
    public static func loopedSine(presets: [(name: String, program: Int)]) -> SoundFontBuilder {
        let sine = Sample(
            name: "sine440", frames: sine(count: 4800, period: 4800, cycles: 44, amplitude: 0.5),
            sampleRate: 48_000,
            originalPitch: 69)
        let instrument = Part(name: "Sine", zones: [Zone([generator(.sampleModes, 1)], target: 0)])
        return SoundFontBuilder(
            samples: [sine], instruments: [instrument],
            presets: presets.map { Part(name: $0.name, zones: [Zone(target: 0)], program: $0.program) })
    }

    /// `count` frames of a sine of `cycles` whole cycles per `period` frames at `amplitude` (of full scale).
    public static func sine(count: Int, period: Int, cycles: Int, amplitude: Double) -> [Int16] {
        (0..<count).map { frame in
            let phase = 2 * Double.pi * Double(cycles) * Double(frame) / Double(period)
            return Int16((amplitude * 32767 * sin(phase)).rounded())
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
