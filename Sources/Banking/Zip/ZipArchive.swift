/// The parts of a ZIP archive (an XLSX workbook), read from its central directory.
///
/// Only what XLSX writers produce: one disk, stored or deflated parts, no encryption, no
/// ZIP64. Every offset and size read from the file is checked against the bytes held, and a
/// part is inflated as it is read, only up to the size the directory declares, itself
/// capped: a small file cannot unpack into gigabytes (a "zip bomb"), and the part is never
/// held whole.
struct ZipArchive {
    struct Entry {
        var name: String
        var flags: UInt16
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    /// 32 MB: a 10,000-row sheet is about 5 MB of XML, so the 20,000 rows a statement may
    /// have (`StatementReader.maximumRows`) fit twice over with inline strings. It bounds the
    /// time a part takes to read; its memory is a chunk at a time (a 98 KB file whose sheet
    /// inflated to 49 MB held ~495 MB when parts were unpacked whole).
    static let maximumEntryBytes = 32 * 1024 * 1024

    private let bytes: [UInt8]
    let entries: [Entry]

    init(_ bytes: [UInt8]) throws(StatementProblem) {
        self.bytes = bytes
        guard let end = Self.endOfDirectory(bytes) else { throw .damaged(.truncated) }
        guard let count = bytes.u16(end + 10), let directorySize = bytes.u32(end + 12),
              let directoryStart = bytes.u32(end + 16)
        else { throw .damaged(.truncated) }
        guard directoryStart != 0xFFFF_FFFF else { throw .tooLarge(limit: Self.maximumEntryBytes) }
        var entries: [Entry] = []
        var at = Int(directoryStart)
        let directoryEnd = at + Int(directorySize)
        guard directoryEnd <= end else { throw .damaged(.truncated) }
        for _ in 0..<Int(count) {
            guard at + 46 <= directoryEnd, bytes.u32(at) == 0x0201_4B50,
                  let flags = bytes.u16(at + 8), let method = bytes.u16(at + 10), let crc = bytes.u32(at + 16),
                  let compressed = bytes.u32(at + 20), let size = bytes.u32(at + 24),
                  let nameLength = bytes.u16(at + 28), let extraLength = bytes.u16(at + 30),
                  let commentLength = bytes.u16(at + 32), let local = bytes.u32(at + 42),
                  at + 46 + Int(nameLength) <= directoryEnd
            else { throw .damaged(.truncated) }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + Int(nameLength))], as: UTF8.self)
            entries.append(Entry(name: name, flags: flags, method: method, crc: crc, compressedSize: Int(compressed),
                                 size: Int(size), localHeader: Int(local)))
            at += 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
        }
        self.entries = entries
    }

    /// A reader of the part named `name`'s bytes as they unpack, nil when there is none.
    /// `limit`: the most the part may unpack to (`maximumEntryBytes` for a workbook).
    /// Cost: nothing until it is read; then at most the part's declared size (capped at
    /// `limit`) comes out, a chunk at a time (`PartReader`).
    func reader(of name: String, limit: Int = maximumEntryBytes) throws(StatementProblem) -> PartReader? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        // 0xFFFFFFFF marks ZIP64 sizes: beyond 4 GB, so beyond the cap too.
        guard entry.size <= limit, entry.compressedSize != 0xFFFF_FFFF else {
            throw .tooLarge(limit: limit)
        }
        guard entry.flags & 1 == 0 else { throw .damaged(.compression) }  // encrypted
        let at = entry.localHeader
        guard bytes.u32(at) == 0x0403_4B50, let nameLength = bytes.u16(at + 26), let extraLength = bytes.u16(at + 28)
        else { throw .damaged(.truncated) }
        let start = at + 30 + Int(nameLength) + Int(extraLength)
        guard start <= bytes.count, entry.compressedSize <= bytes.count - start else { throw .damaged(.truncated) }
        let data = bytes[start..<(start + entry.compressedSize)]
        switch entry.method {
        case 0: return try PartReader(data, deflated: false, size: entry.size, crc: entry.crc)
        case 8: return try PartReader(data, deflated: true, size: entry.size, crc: entry.crc)
        default: throw .damaged(.compression)
        }
    }

    /// The unpacked bytes of the part named `name`, whole, nil when there is none: for the small
    /// files of a family archive. Memory: the part, at most `limit` bytes.
    func contents(of name: String, limit: Int = maximumEntryBytes) throws(StatementProblem) -> [UInt8]? {
        guard let reader = try reader(of: name, limit: limit) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(reader.size)
        while true {
            let chunk = try reader.read(64 * 1024)
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }

    /// Where the end-of-central-directory record starts: searched back from the end, past a
    /// comment of at most 65,535 bytes.
    private static func endOfDirectory(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 22 else { return nil }
        var at = bytes.count - 22
        let lowest = max(0, at - 65_535)
        while at >= lowest {
            if bytes.u32(at) == 0x0605_4B50 { return at }
            at -= 1
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// The little-endian `UInt16` at `offset`, nil past the end.
    func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        return UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    /// The little-endian `UInt32` at `offset`, nil past the end.
    func u32(_ offset: Int) -> UInt32? {
        guard let low = u16(offset), let high = u16(offset + 2) else { return nil }
        return UInt32(low) | UInt32(high) << 16
    }
}
