/// Reading a TZif file (RFC 8536), the format of `/usr/share/zoneinfo/*`.
extension ZoneRules {
    struct InvalidTZif: Error {}

    /// Parses the version 2+ body (64-bit transition times) and its footer; a version 1 file
    /// (32-bit times only) is read as it is. Leap-second records are skipped: tzdata's
    /// default `zoneinfo` (as opposed to `right/`) has none, and civil time ignores them.
    init(identifier: String, tzif bytes: [UInt8]) throws(InvalidTZif) {
        var reader = ByteReader(bytes)
        var header = try reader.header()
        var timeSize = 4
        if header.version >= 2 {
            // Skip the version 1 body; the second header describes the 64-bit one.
            try reader.skip(header.bodySize(timeSize: 4))
            header = try reader.header()
            timeSize = 8
        }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            transitions.append(timeSize == 8 ? try reader.int64() : Int64(try reader.int32()))
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount { typeIndices.append(Int(try reader.byte())) }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            typeOffsets.append(try reader.int32())
            try reader.skip(2)  // isdst, designation index
        }
        guard !typeOffsets.isEmpty, typeIndices.allSatisfy({ $0 < typeOffsets.count }) else { throw InvalidTZif() }
        try reader.skip(header.charCount + header.leapCount * (timeSize + 4) + header.isStdCount + header.isUTCCount)

        var footer: PosixZoneRule?
        if header.version >= 2, let text = reader.footer(), !text.isEmpty {
            footer = PosixZoneRule(text)
        }
        self.init(identifier: identifier, transitions: transitions, offsets: typeIndices.map { typeOffsets[$0] },
                  initialOffset: typeOffsets[0], footer: footer)
    }
}

private struct TZifHeader {
    var version: Int
    var isUTCCount, isStdCount, leapCount, timeCount, typeCount, charCount: Int

    func bodySize(timeSize: Int) -> Int {
        timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4)
            + isStdCount + isUTCCount
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func header() throws(ZoneRules.InvalidTZif) -> TZifHeader {
        guard position + 44 <= bytes.count, Array(bytes[position..<position + 4]) == Array("TZif".utf8)
        else { throw ZoneRules.InvalidTZif() }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            let count = try int32()
            guard count >= 0 else { throw ZoneRules.InvalidTZif() }
            counts.append(Int(count))
        }
        return TZifHeader(version: version, isUTCCount: counts[0], isStdCount: counts[1], leapCount: counts[2],
                          timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    mutating func skip(_ count: Int) throws(ZoneRules.InvalidTZif) {
        guard count >= 0, position + count <= bytes.count else { throw ZoneRules.InvalidTZif() }
        position += count
    }

    mutating func byte() throws(ZoneRules.InvalidTZif) -> UInt8 {
        guard position < bytes.count else { throw ZoneRules.InvalidTZif() }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int32() throws(ZoneRules.InvalidTZif) -> Int32 {
        var value: UInt32 = 0
        for _ in 0..<4 { value = value << 8 | UInt32(try byte()) }
        return Int32(bitPattern: value)
    }

    mutating func int64() throws(ZoneRules.InvalidTZif) -> Int64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return Int64(bitPattern: value)
    }

    /// The text between the two newlines that end a version 2+ file.
    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\n"),
              let end = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }
}
