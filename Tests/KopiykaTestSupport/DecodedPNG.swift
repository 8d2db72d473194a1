import CZlib
import FoundationEssentials

/// A PNG read back the strict way, for tests: the signature, every chunk's CRC, IHDR first
/// and IEND last, the zlib stream inflated to exactly one filter byte plus a row per line,
/// and the rows unfiltered into pixels.
public struct DecodedPNG {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    public let width: Int
    public let height: Int
    public let chunkTypes: [String]
    /// Each row's filter type byte.
    public let filterTypes: [UInt8]
    /// 3 bytes a pixel, row by row from the top.
    public let rgb: [UInt8]

    public init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure("no PNG signature") }
        var offset = 8, types: [String] = [], idat: [UInt8] = [], header: [UInt8] = []
        func read32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure("truncated chunk at \(offset)") }
            let length = read32(offset)
            guard offset + 12 + length <= bytes.count else { throw Failure("chunk past the end") }
            let typeAndData = Array(bytes[offset + 4..<offset + 8 + length])
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            guard UInt32(crc) == UInt32(read32(offset + 8 + length)) else { throw Failure("bad CRC in \(type)") }
            let body = Array(typeAndData.dropFirst(4))
            if type == "IHDR" { header = body }
            if type == "IDAT" { idat += body }
            types.append(type)
            offset += 12 + length
        }
        guard types.first == "IHDR", types.last == "IEND", header.count == 13 else { throw Failure("chunks \(types)") }
        guard header[8] == 8, header[9] == 2, header[10] == 0, header[11] == 0, header[12] == 0 else {
            throw Failure("not 8-bit RGB without interlace: \(header[8...])")
        }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        chunkTypes = types
        let stride = width * 3
        var inflated = [UInt8](repeating: 0, count: (stride + 1) * height + 1)
        var length = uLongf(inflated.count)
        let status = inflated.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK else { throw Failure("zlib status \(status)") }
        guard Int(length) == (stride + 1) * height else { throw Failure("inflated \(length) bytes for \(width)×\(height)") }
        var pixels = [UInt8](repeating: 0, count: stride * height), filters: [UInt8] = []
        for y in 0..<height {
            let filter = inflated[y * (stride + 1)]
            filters.append(filter)
            for i in 0..<stride {
                let raw = inflated[y * (stride + 1) + 1 + i]
                let left = i >= 3 ? pixels[y * stride + i - 3] : 0
                let above = y > 0 ? pixels[(y - 1) * stride + i] : 0
                switch filter {
                case 0: pixels[y * stride + i] = raw
                case 1: pixels[y * stride + i] = raw &+ left
                case 2: pixels[y * stride + i] = raw &+ above
                default: throw Failure("filter \(filter) in row \(y)")
                }
            }
        }
        filterTypes = filters
        rgb = pixels
    }

    /// The pixel's red, green and blue.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }
}
