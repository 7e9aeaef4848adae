// JSONString: the escapes of a JSON string, decoded from bytes (beside JSONObjectScanner, which finds them).

import Foundation

/// Decodes the escapes of a JSON string's contents.
enum JSONString {
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        var output: [UInt8] = []
        var index = 0
        func flush() {
            scalars.append(contentsOf: String(decoding: output, as: UTF8.self).unicodeScalars)
            output.removeAll(keepingCapacity: true)
        }
        func hex4(_ start: Int) -> UInt32? {
            guard start + 4 <= bytes.count else { return nil }
            return UInt32(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + 4)]), as: UTF8.self),
                radix: 16)
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x5C else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case 0x22: output.append(0x22)
            case 0x5C: output.append(0x5C)
            case 0x2F: output.append(0x2F)
            case 0x62: output.append(0x08)
            case 0x66: output.append(0x0C)
            case 0x6E: output.append(0x0A)
            case 0x72: output.append(0x0D)
            case 0x74: output.append(0x09)
            case 0x75:
                guard var code = hex4(index) else { return nil }
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 6 <= bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x75,
                        let low = hex4(index + 2), (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    index += 6
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { return nil }
                flush()
                scalars.append(scalar)
            default: return nil
            }
        }
        flush()
        return String(scalars)
    }
}
