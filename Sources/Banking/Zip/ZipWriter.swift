import CZlib

/// A ZIP archive written in memory: each file deflated by zlib (or stored, when deflate would
/// not make it smaller), with its CRC-32, a local header before it and the central directory
/// at the end, as `unzip`, Python's `zipfile`, Windows Explorer and macOS open it.
///
/// No ZIP64: a file, and the archive, must stay under 4 GB (`add` refuses past
/// `maximumBytes`, 1 GB, long before). Names are UTF-8 (general purpose flag bit 11). Every
/// file carries the same modification time, the one given at `init`, so the same content
/// makes the same bytes.
///
/// Cost: a file is compressed once, at `add`, at zlib's default level (tens of MB/s); the
/// archive is held in memory while it is written. A value; not shared between threads.
public struct ZipWriter {
    /// The most one file, and the archive, may hold: far below ZIP's 4 GB without ZIP64.
    public static let maximumBytes = 1 << 30

    public enum Refusal: Error, Equatable {
        /// The file or the archive would pass `maximumBytes`.
        case tooLarge
        /// zlib could not compress (it runs out of memory only).
        case compression
    }

    private var bytes: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0
    private let dosTime: UInt16
    private let dosDate: UInt16

    /// `year`…`second`: the files' modification time, as the family's clock reads it.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        let clampedYear = min(max(year, 1980), 2107)
        dosDate = UInt16(((clampedYear - 1980) << 9) | (month << 5) | day)
        dosTime = UInt16((hour << 11) | (minute << 5) | (second / 2))
    }

    /// Adds the file `name` (a relative path with `/`) holding `data`.
    public mutating func add(_ name: String, _ data: [UInt8]) throws(Refusal) {
        guard data.count < Self.maximumBytes else { throw .tooLarge }
        let deflated = try Self.deflate(data)
        let (method, stored): (UInt16, [UInt8]) = deflated.count < data.count ? (8, deflated) : (0, data)
        let crc = data.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: CZlib.crc32(0, $0.baseAddress, UInt32($0.count))) }
        let nameBytes = Array(name.utf8)
        let offset = bytes.count
        guard offset + 30 + nameBytes.count + stored.count < Self.maximumBytes else { throw .tooLarge }
        // What the local header and the central record both say, from "version needed" to the
        // name's length.
        func describe(into buffer: inout [UInt8]) {
            Self.put(&buffer, UInt16(20))  // version needed: 2.0, deflate
            Self.put(&buffer, UInt16(1 << 11))  // names in UTF-8
            Self.put(&buffer, method)
            Self.put(&buffer, dosTime)
            Self.put(&buffer, dosDate)
            Self.put(&buffer, crc)
            Self.put(&buffer, UInt32(stored.count))
            Self.put(&buffer, UInt32(data.count))
            Self.put(&buffer, UInt16(nameBytes.count))
        }
        // Local file header.
        Self.put(&bytes, UInt32(0x0403_4B50))
        describe(into: &bytes)
        Self.put(&bytes, UInt16(0))  // extra field
        bytes += nameBytes
        bytes += stored
        // Its central directory record.
        Self.put(&directory, UInt32(0x0201_4B50))
        Self.put(&directory, UInt16(0x031E))  // made by: Unix, spec 3.0
        describe(into: &directory)
        Self.put(&directory, UInt16(0))  // extra
        Self.put(&directory, UInt16(0))  // comment
        Self.put(&directory, UInt16(0))  // disk
        Self.put(&directory, UInt16(0))  // internal attributes
        Self.put(&directory, UInt32(0o100600) << 16)  // a regular file, rw for its owner
        Self.put(&directory, UInt32(offset))
        directory += nameBytes
        count += 1
    }

    /// The archive: the files, their directory and its end record.
    public func finish() -> [UInt8] {
        var result = bytes + directory
        Self.put(&result, UInt32(0x0605_4B50))
        Self.put(&result, UInt16(0))  // this disk
        Self.put(&result, UInt16(0))  // the directory's disk
        Self.put(&result, UInt16(count))
        Self.put(&result, UInt16(count))
        Self.put(&result, UInt32(directory.count))
        Self.put(&result, UInt32(bytes.count))
        Self.put(&result, UInt16(0))  // comment
        return result
    }

    /// `data` as a raw deflate stream, in one call: the output buffer is `deflateBound` long.
    private static func deflate(_ data: [UInt8]) throws(Refusal) -> [UInt8] {
        var stream = z_stream()
        guard kopiyka_deflate_init_raw(&stream) == Z_OK else { throw .compression }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(data.count))))
        let status: Int32 = data.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .compression }
        return Array(output.prefix(Int(stream.total_out)))
    }

    private static func put(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    private static func put(_ bytes: inout [UInt8], _ value: UInt32) {
        put(&bytes, UInt16(truncatingIfNeeded: value))
        put(&bytes, UInt16(truncatingIfNeeded: value >> 16))
    }
}
