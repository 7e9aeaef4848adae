// WAVSamples: the float samples of a WAV file written by Peach, found by walking its RIFF chunks.

import Foundation

/// Reads the samples of a float WAV file (any header layout: the `data` chunk is found by walking the chunks).
public enum WAVSamples {
    /// The 32-bit float samples in `bytes` (interleaved), or none if there is no `data` chunk. A `data` size of
    /// 0 or one larger than the file (a file still being written) means "to the end of the file".
    public static func floats(in bytes: some Collection<UInt8>) -> [Float] {
        let data = Array(bytes)
        var offset = 12
        while offset + 8 <= data.count {
            let size = (0..<4).reduce(0) { $0 | Int(data[offset + 4 + $1]) << (8 * $1) }
            if data[offset..<offset + 4].elementsEqual("data".utf8) {
                let start = offset + 8
                let available = data.count - start
                let count = (size == 0 || size > available ? available : size) / 4
                return data[start..<start + count * 4].withUnsafeBytes { raw in
                    (0..<count).map {
                        Float(bitPattern: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))
                    }
                }
            }
            offset += 8 + size + size % 2
        }
        return []
    }
}
