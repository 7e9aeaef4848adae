// CSVReader: CSV text (RFC 4180) split into rows of cells, each with its line number.

/// Splits CSV text (RFC 4180: quotes, doubled quotes, newlines inside quotes) into rows of cells.
enum CSVReader {
    struct Row {
        let line: Int
        var cells: [String]
    }

    /// Calls `visit` with each row of `bytes` (UTF-8), in order, until it returns false. Byte by byte (the
    /// separators are ASCII, so a multi-byte character is never split), each cell decoded once, no row kept:
    /// memory does not grow with the file.
    static func forEachRow(bytes: UnsafeBufferPointer<UInt8>, _ visit: (Row) throws -> Void) rethrows {
        var cells: [String] = []
        var cell: [UInt8] = []
        var quoted = false
        var line = 1
        var rowLine = 1
        var index = 0
        let count = bytes.count
        func endCell() {
            cells.append(String(decoding: cell, as: UTF8.self))
            cell.removeAll(keepingCapacity: true)
        }
        while index < count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == 0x22 {
                    if index < count, bytes[index] == 0x22 {
                        cell.append(0x22)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    cell.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22 where cell.isEmpty: quoted = true
            case 0x2C: endCell()
            case 0x0A, 0x0D:
                if byte == 0x0D, index < count, bytes[index] == 0x0A { index += 1 }
                endCell()
                try visit(Row(line: rowLine, cells: cells))
                cells.removeAll(keepingCapacity: true)
                line += 1
                rowLine = line
            default: cell.append(byte)
            }
        }
        if !cell.isEmpty || !cells.isEmpty {
            endCell()
            try visit(Row(line: rowLine, cells: cells))
        }
    }
}
