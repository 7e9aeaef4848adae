// SoundFont: a SoundFont 2 file read and checked: its presets, and each preset's zones resolved to regions.

import PeachSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A SoundFont 2 (`.sf2`) file: RIFF `sfbk` with `INFO`, `sdta` (`smpl`, 16-bit, and `sm24` when present) and
/// `pdta` (`phdr`/`pbag`/`pmod`/`pgen`, `inst`/`ibag`/`imod`/`igen`, `shdr`).
///
/// Opening reads and checks the INFO and preset data only (a few hundred kilobytes even for a 148 MB General
/// MIDI set); sample data is read later, and only for the preset played (``instrument(preset:)``). Every size,
/// count and index is checked against the file before it is used, so a truncated or hostile file gets a
/// ``SoundFontError`` naming what is wrong: never a crash, and never an allocation larger than the file.
/// Modulators (`pmod`, `imod`) are read and checked but not applied: Peach's loudness is the gain, not velocity.
public struct SoundFont: Sendable {
    /// The file's path (as given), for messages.
    public let path: String
    /// The SoundFont's name (`INAM`), or the file name when it has none.
    public let name: String
    /// Its presets, in the order of the file.
    public let presets: [SoundFontPreset]

    let presetBags: [Range<Int>]  // per preset: its zones (pbag indices)
    let presetZones: [Range<Int>]  // per pbag: its generators (pgen indices)
    let presetGenerators: [(number: Int, amount: UInt16)]
    let instrumentNames: [String]
    let instrumentBags: [Range<Int>]
    let instrumentZones: [Range<Int>]
    let instrumentGenerators: [(number: Int, amount: UInt16)]
    let samples: [SampleHeader]
    let source: Source
    /// Byte offset and frame count of `smpl`, and the offset of `sm24` when it is usable.
    let sampleData: (offset: Int, frames: Int, lowBytesOffset: Int?)

    /// The most preset data (`pdta`) Peach reads: far above any real SoundFont's (FluidR3_GM's is under 1 MB).
    static let maximumPresetDataSize = 32 << 20

    /// A sample header (`shdr`).
    struct SampleHeader {
        var name: String
        var start: Int
        var end: Int
        var loopStart: Int
        var loopEnd: Int
        var sampleRate: Int
        var originalPitch: Int
        var pitchCorrection: Int
        var type: Int
    }

    /// Where the bytes come from: the open file (read piece by piece) or memory (tests, fuzzing).
    final class Source: @unchecked Sendable {
        let file: SystemFile?
        let bytes: [UInt8]
        let count: Int

        init(file: SystemFile) throws(FileError) {
            self.file = file
            bytes = []
            count = try file.size()
        }

        init(bytes: [UInt8]) {
            file = nil
            self.bytes = bytes
            count = bytes.count
        }

        /// `length` bytes at `offset` (the caller has checked they lie inside the file).
        func read(at offset: Int, length: Int) throws(FileError) -> [UInt8] {
            guard let file else { return Array(bytes[offset..<(offset + length)]) }
            var result = [UInt8](repeating: 0, count: length)
            var done = 0
            while done < length {
                var failure: FileError?
                let count = result.withUnsafeMutableBytes { buffer -> Int in
                    do throws(FileError) {
                        return try file.read(
                            into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]),
                            atOffset: offset + done)
                    } catch {
                        failure = error
                        return 0
                    }
                }
                if let failure { throw failure }
                guard count > 0 else {
                    throw FileError(path: file.path, operation: .read, code: EIO)
                }
                done += count
            }
            return result
        }
    }

    /// Opens and checks the SoundFont at `path` (its sample data is read when a preset is played).
    /// - Throws: ``SoundFontError`` naming the file and the problem.
    public static func open(path: String) throws(SoundFontError) -> SoundFont {
        let source: Source
        do throws(FileError) {
            // Non-blocking: a FIFO where a SoundFont should be is refused at once, not waited on.
            let file = try SystemFile(path: path, flags: O_RDONLY | O_NONBLOCK)
            guard try file.isRegularFile() else {
                throw FileError(path: path, operation: .open, code: EINVAL)
            }
            source = try Source(file: file)
        } catch {
            throw SoundFontError(path: path, problem: .unreadable(error))
        }
        return try SoundFont(source: source, path: path)
    }

    /// Reads a SoundFont held in memory (`path` names it in errors).
    /// - Throws: ``SoundFontError``.
    public init(bytes: [UInt8], path: String) throws(SoundFontError) {
        try self.init(source: Source(bytes: bytes), path: path)
    }

    private init(source: Source, path: String) throws(SoundFontError) {
        func fail(_ problem: SoundFontError.Problem) -> SoundFontError {
            SoundFontError(path: path, problem: problem)
        }
        func read(_ offset: Int, _ length: Int) throws(SoundFontError) -> [UInt8] {
            do { return try source.read(at: offset, length: length) } catch { throw fail(.unreadable(error)) }
        }
        guard source.count >= 12 else { throw fail(.notSoundFont) }
        let header = try read(0, 12)
        guard Self.tag(header, 0) == "RIFF", Self.tag(header, 8) == "sfbk" else { throw fail(.notSoundFont) }
        let riffEnd = min(source.count, 8 + Int(Self.uint32(header, 4)))

        // The top-level lists: INFO, sdta, pdta (each a LIST chunk), found by walking the chunk headers.
        var lists: [String: (offset: Int, size: Int)] = [:]
        var offset = 12
        while offset + 8 <= riffEnd {
            let chunk = try read(offset, 12 <= riffEnd - offset ? 12 : 8)
            let id = Self.tag(chunk, 0)
            let size = Int(Self.uint32(chunk, 4))
            guard offset + 8 + size <= source.count else { throw fail(.truncated(chunk: id)) }
            if id == "LIST", chunk.count == 12 {
                lists[Self.tag(chunk, 8)] = (offset + 12, size - 4)
            }
            offset += 8 + size + (size & 1)
        }
        guard let presetList = lists["pdta"] else { throw fail(.missingChunk("pdta")) }
        guard let sampleList = lists["sdta"] else { throw fail(.missingChunk("sdta")) }

        // INFO: the name, when there is one.
        var name = (path as String).split(separator: "/").last.map(String.init) ?? path
        if let info = lists["INFO"], info.size >= 0, info.size <= 1 << 20 {
            let bytes = try read(info.offset, info.size)
            for chunk in Self.chunks(in: bytes) where chunk.id == "INAM" {
                let text = Self.string(bytes, chunk.range.lowerBound, chunk.range.count)
                if !text.isEmpty { name = text }
            }
        }

        // sdta: where the samples are (not read now).
        guard sampleList.size >= 0 else { throw fail(.badChunk("sdta")) }
        var sampleChunk: Range<Int>?
        var lowBytesChunk: Range<Int>?
        var position = sampleList.offset
        while position + 8 <= sampleList.offset + sampleList.size {
            let chunk = try read(position, 8)
            let size = Int(Self.uint32(chunk, 4))
            let id = Self.tag(chunk, 0)
            guard position + 8 + size <= sampleList.offset + sampleList.size else {
                throw fail(.truncated(chunk: id))
            }
            if id == "smpl" { sampleChunk = (position + 8)..<(position + 8 + size) }
            if id == "sm24" { lowBytesChunk = (position + 8)..<(position + 8 + size) }
            position += 8 + size + (size & 1)
        }
        guard let sampleChunk else { throw fail(.missingChunk("smpl")) }
        let frames = sampleChunk.count / 2
        // sm24 holds one byte per frame (padded to even); of any other size it is ignored, as the standard says.
        let lowBytes = lowBytesChunk.flatMap {
            $0.count == frames + (frames & 1) || $0.count == frames ? $0 : nil
        }
        sampleData = (sampleChunk.lowerBound, frames, lowBytes?.lowerBound)

        // pdta: the nine record chunks.
        guard presetList.size >= 0, presetList.size <= Self.maximumPresetDataSize else {
            throw fail(.badChunk("pdta"))
        }
        let data = try read(presetList.offset, presetList.size)
        var records: [String: Range<Int>] = [:]
        for chunk in Self.chunks(in: data) { records[chunk.id] = chunk.range }
        func table(_ id: String, size: Int) throws(SoundFontError) -> (start: Int, count: Int) {
            guard let range = records[id] else { throw fail(.missingChunk(id)) }
            guard range.count % size == 0, range.count >= size else { throw fail(.badChunk(id)) }
            return (range.lowerBound, range.count / size)
        }
        let phdr = try table("phdr", size: 38)
        let pbag = try table("pbag", size: 4)
        let pmod = try table("pmod", size: 10)
        let pgen = try table("pgen", size: 4)
        let inst = try table("inst", size: 22)
        let ibag = try table("ibag", size: 4)
        let imod = try table("imod", size: 10)
        let igen = try table("igen", size: 4)
        let shdr = try table("shdr", size: 46)

        /// Consecutive indices at `field` of each record (the last is the terminal record's): each range must
        /// run forwards and stay below `limit`.
        func ranges(
            _ id: String, _ table: (start: Int, count: Int), size: Int, field: Int, limit: Int
        ) throws(SoundFontError) -> [Range<Int>] {
            var result: [Range<Int>] = []
            result.reserveCapacity(table.count - 1)
            var previous = Int(Self.uint16(data, table.start + field))
            for index in 1..<table.count {
                let next = Int(Self.uint16(data, table.start + index * size + field))
                guard previous <= next, next <= limit else { throw fail(.badIndex(id)) }
                result.append(previous..<next)
                previous = next
            }
            return result
        }
        presetBags = try ranges("phdr", phdr, size: 38, field: 24, limit: pbag.count - 1)
        presetZones = try ranges("pbag", pbag, size: 4, field: 0, limit: pgen.count - 1)
        _ = try ranges("pbag", pbag, size: 4, field: 2, limit: pmod.count - 1)
        instrumentBags = try ranges("inst", inst, size: 22, field: 20, limit: ibag.count - 1)
        instrumentZones = try ranges("ibag", ibag, size: 4, field: 0, limit: igen.count - 1)
        _ = try ranges("ibag", ibag, size: 4, field: 2, limit: imod.count - 1)

        presets = (0..<(phdr.count - 1)).map { index in
            let base = phdr.start + index * 38
            return SoundFontPreset(
                index: index, name: Self.string(data, base, 20), bank: Int(Self.uint16(data, base + 22)),
                program: Int(Self.uint16(data, base + 20)))
        }
        guard !presets.isEmpty else { throw fail(.noPresets) }
        func generators(_ table: (start: Int, count: Int)) -> [(number: Int, amount: UInt16)] {
            (0..<table.count).map { index in
                let base = table.start + index * 4
                return (Int(Self.uint16(data, base)), Self.uint16(data, base + 2))
            }
        }
        presetGenerators = generators(pgen)
        instrumentGenerators = generators(igen)
        instrumentNames = (0..<(inst.count - 1)).map { Self.string(data, inst.start + $0 * 22, 20) }
        samples = (0..<(shdr.count - 1)).map { index in
            let base = shdr.start + index * 46
            return SampleHeader(
                name: Self.string(data, base, 20), start: Int(Self.uint32(data, base + 20)),
                end: Int(Self.uint32(data, base + 24)), loopStart: Int(Self.uint32(data, base + 28)),
                loopEnd: Int(Self.uint32(data, base + 32)), sampleRate: Int(Self.uint32(data, base + 36)),
                originalPitch: Int(data[base + 40]), pitchCorrection: Int(Int8(bitPattern: data[base + 41])),
                type: Int(Self.uint16(data, base + 44)))
        }
        self.path = path
        self.name = name
        self.source = source
    }

    /// The preset called `name` (case does not matter), or given as `bank:program` (`0:0`) or a program alone.
    public func preset(named name: String) -> SoundFontPreset? {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let bank = Int(parts[0]), let program = Int(parts[1]) {
            return presets.first { $0.bank == bank && $0.program == program }
        }
        if let program = Int(name) {
            return presets.filter { $0.program == program }.min { $0.bank < $1.bank }
        }
        let wanted = name.lowercased()
        return presets.first { $0.name.lowercased() == wanted }
    }

    /// The preset played when none is named: the lowest bank and program (General MIDI's piano).
    public var firstPreset: SoundFontPreset {
        presets.min { ($0.bank, $0.program, $0.index) < ($1.bank, $1.program, $1.index) } ?? presets[0]
    }

    // MARK: - Bytes

    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(
            decoding: bytes[offset..<(offset + 4)].map { (32...126).contains($0) ? $0 : 63 }, as: UTF8.self)
    }

    /// A zero-terminated (or full-width) name, Latin-1 as SoundFont editors write it, trailing spaces removed.
    static func string(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> String {
        let field = bytes[offset..<(offset + width)]
        let text = field.prefix { $0 != 0 }.map { Character(Unicode.Scalar($0)) }
        return String(text).trimmingTrailingSpaces()
    }

    /// The sub-chunks of a list's body: id and the range of their data (cut at the body's end).
    static func chunks(in bytes: [UInt8]) -> [(id: String, range: Range<Int>)] {
        var result: [(id: String, range: Range<Int>)] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = Int(uint32(bytes, offset + 4))
            let end = min(bytes.count, offset + 8 + size)
            result.append((tag(bytes, offset), (offset + 8)..<end))
            offset += 8 + size + (size & 1)
        }
        return result
    }
}

/// A preset of a SoundFont: what `peach sounds` lists and `--preset` names.
public struct SoundFontPreset: Hashable, Sendable {
    /// Its position in the file's preset headers.
    public let index: Int
    /// Its name (`Yamaha Grand Piano`).
    public let name: String
    /// Its MIDI bank (0 for General MIDI melodic sounds, 128 for percussion).
    public let bank: Int
    /// Its MIDI program, 0 … 127.
    public let program: Int

    /// `bank:program`, as `--preset` also accepts it.
    public var number: String { "\(bank):\(program)" }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
