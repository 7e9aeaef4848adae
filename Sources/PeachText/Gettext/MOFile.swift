// MOFile: a compiled gettext catalogue (.mo, what `make install` puts under share/locale), read into a table.

/// Reads a `.mo` file: the GNU format msgfmt writes (magic `0x950412de` in either byte order, a table of
/// original strings and one of translations; a context is `context\u{4}id`, plural forms are separated by
/// NUL). Only what Peach needs: the pairs, no hash table.
public enum MOFile {
    /// The pairs of `bytes` (original → translation, both with their NULs between plural forms), or nil when
    /// it is not a `.mo` file or is cut short.
    public static func pairs(_ bytes: [UInt8]) -> [(original: String, translation: String)]? {
        guard bytes.count >= 28 else { return nil }
        func word(_ offset: Int, _ bigEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let value = (0..<4).reduce(UInt32(0)) { total, index in
                let byte = UInt32(bytes[offset + (bigEndian ? index : 3 - index)])
                return total << 8 | byte
            }
            return Int(value)
        }
        let magic = word(0, false)
        let bigEndian: Bool
        switch magic {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: return nil
        }
        guard let count = word(8, bigEndian), let originals = word(12, bigEndian),
            let translations = word(16, bigEndian), count < 1_000_000
        else { return nil }
        func string(table: Int, index: Int) -> String? {
            guard let length = word(table + 8 * index, bigEndian),
                let offset = word(table + 8 * index + 4, bigEndian),
                offset + length <= bytes.count
            else { return nil }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        var pairs: [(String, String)] = []
        pairs.reserveCapacity(count)
        for index in 0..<count {
            guard let original = string(table: originals, index: index),
                let translation = string(table: translations, index: index)
            else { return nil }
            pairs.append((original, translation))
        }
        return pairs
    }
}
