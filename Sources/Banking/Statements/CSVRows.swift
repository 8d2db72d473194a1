/// One record of a CSV file.
struct CSVRow {
    /// The line the record starts on, counting from 1.
    var line: Int
    var fields: [String]
    /// A quoted field ran to the end of the file: the record is cut off.
    var unclosedQuote = false

    /// Why 256: Monobank's export has 10 columns; a line of 20 million separators would
    /// otherwise be 20 million strings. Fields past it are read over and dropped.
    static let maximumFields = 256

    mutating func append(_ field: @autoclosure () -> String) {
        if fields.count < Self.maximumFields { fields.append(field()) }
    }
}

/// RFC 4180 records over UTF-8 bytes: fields split by `separator`, quoted fields may hold the
/// separator, line breaks and doubled quotes; lines end in LF, CRLF or CR. One pass, each
/// byte read once; every index is checked against the end.
struct CSVRows: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private let separator: UInt8
    private var position: Int
    private var line = 1

    init(_ bytes: [UInt8], from start: Int = 0, separator: UInt8 = UInt8(ascii: ",")) {
        self.bytes = bytes
        self.separator = separator
        self.position = Swift.min(Swift.max(0, start), bytes.count)
    }

    private static let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    mutating func next() -> CSVRow? {
        guard position < bytes.count else { return nil }
        var row = CSVRow(line: line, fields: [])
        while true {
            // A separator as the file's last byte leaves one empty field.
            guard position < bytes.count else {
                row.append("")
                return row
            }
            if bytes[position] == Self.quote {
                position += 1
                var field: [UInt8] = []
                var closed = false
                while position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    if byte == Self.quote {
                        if position < bytes.count, bytes[position] == Self.quote {
                            field.append(Self.quote)
                            position += 1
                        } else {
                            closed = true
                            break
                        }
                    } else {
                        if byte == Self.lf || (byte == Self.cr && (position >= bytes.count || bytes[position] != Self.lf)) {
                            line += 1
                        }
                        field.append(byte)
                    }
                }
                guard closed else {
                    row.append(String(decoding: field, as: UTF8.self))
                    row.unclosedQuote = true
                    return row
                }
                // Leniently keep anything between the closing quote and the separator.
                let rest = position
                skipToDelimiter()
                field += bytes[rest..<position]
                row.append(String(decoding: field, as: UTF8.self))
            } else {
                let start = position
                skipToDelimiter()
                row.append(String(decoding: bytes[start..<position], as: UTF8.self))
            }
            guard position < bytes.count else { return row }
            let byte = bytes[position]
            position += 1
            if byte == separator { continue }
            if byte == Self.cr, position < bytes.count, bytes[position] == Self.lf { position += 1 }
            line += 1
            return row
        }
    }

    private mutating func skipToDelimiter() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == separator || byte == Self.lf || byte == Self.cr { return }
            position += 1
        }
    }

    /// How many lines with anything on them follow `start`, outside quotes, counted only up
    /// to `limit` + 1: whether a file is past the row cap, known before any row is built.
    /// Cost: one pass over the bytes up to that line, no allocation.
    static func countsMore(than limit: Int, in bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var lines = 0, quoted = false, empty = true
            var at = Swift.min(Swift.max(0, start), buffer.count)
            while at < buffer.count {
                let byte = base[at]
                at += 1
                if byte == quote { quoted.toggle() }
                if !quoted, byte == lf || byte == cr {
                    if !empty { lines += 1 }
                    if lines > limit { return true }
                    empty = true
                } else {
                    empty = false
                }
            }
            return lines + (empty ? 0 : 1) > limit
        }
    }
}

