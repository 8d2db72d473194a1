import CZlib
import FoundationEssentials
import Testing

@testable import Charts

/// A PNG read back the strict way, for tests: the signature, every chunk's CRC, IHDR first
/// and IEND last, the zlib stream inflated to exactly one filter byte plus a row per line,
/// and the rows unfiltered into pixels.
struct DecodedPNG {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    let width: Int
    let height: Int
    let chunkTypes: [String]
    let filterTypes: [UInt8]
    let rgb: [UInt8]

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.starts(with: PNGEncoder.signature) else { throw Failure("no PNG signature") }
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

    func colour(x: Int, y: Int) -> Colour {
        let i = (y * width + x) * 3
        var colour = Colour(0)
        colour.red = rgb[i]
        colour.green = rgb[i + 1]
        colour.blue = rgb[i + 2]
        return colour
    }

    /// How much of the pixel is `colour` laid over `background`, 0…1, judged by the channel
    /// where the two differ most.
    func coverage(x: Int, y: Int, of colour: Colour, over background: Colour = ChartPalette.background) -> Double {
        let pixel = self.colour(x: x, y: y)
        let channels = [(pixel.red, colour.red, background.red), (pixel.green, colour.green, background.green),
                        (pixel.blue, colour.blue, background.blue)]
        guard let (seen, full, empty) = channels.max(by: { abs(Int($0.1) - Int($0.2)) < abs(Int($1.1) - Int($1.2)) }),
              full != empty else { return 0 }
        return max(0, min(1, (Double(seen) - Double(empty)) / (Double(full) - Double(empty))))
    }

    /// The length in pixels, partial pixels counted by coverage, of `colour` along row `y`.
    func horizontalRun(y: Int, xs: Range<Int>, of colour: Colour) -> Double {
        xs.clamped(to: 0..<width).reduce(0) { $0 + coverage(x: $1, y: y, of: colour) }
    }

    func verticalRun(x: Int, ys: Range<Int>, of colour: Colour) -> Double {
        ys.clamped(to: 0..<height).reduce(0) { $0 + coverage(x: x, y: $1, of: colour) }
    }
}
