import CZlib
import FoundationEssentials

/// PNG files from RGB pixels: 8-bit truecolour, no interlace. Each row is filtered by
/// whichever of None, Sub and Up leaves the smallest sum of bytes (the usual heuristic; flat
/// chart colours mostly become runs of zeros) and the whole is deflated by zlib.
/// Cost: three passes over the pixels plus zlib's; pure and thread-safe.
enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func encode(width: Int, height: Int, rgb: [UInt8]) -> Data {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "pixels do not match the size")
        var header: [UInt8] = []
        append32(UInt32(width), to: &header)
        append32(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filters, no interlace
        var file = signature
        appendChunk("IHDR", header, to: &file)
        appendChunk("IDAT", deflate(filtered(width: width, height: height, rgb: rgb)), to: &file)
        appendChunk("IEND", [], to: &file)
        return Data(file)
    }

    /// Each row preceded by its filter type byte.
    static func filtered(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        let stride = width * 3
        var out = [UInt8](repeating: 0, count: (stride + 1) * height)
        rgb.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = y * stride, start = y * (stride + 1) + 1
                    func sub(_ i: Int) -> UInt8 { pixels[row + i] &- (i >= 3 ? pixels[row + i - 3] : 0) }
                    func up(_ i: Int) -> UInt8 { pixels[row + i] &- (y > 0 ? pixels[row + i - stride] : 0) }
                    var costNone = 0, costSub = 0, costUp = 0
                    for i in 0..<stride {
                        costNone += Int(Int8(bitPattern: pixels[row + i]).magnitude)
                        costSub += Int(Int8(bitPattern: sub(i)).magnitude)
                        costUp += Int(Int8(bitPattern: up(i)).magnitude)
                    }
                    if costUp <= costSub && costUp <= costNone {
                        out[start - 1] = 2
                        for i in 0..<stride { out[start + i] = up(i) }
                    } else if costSub <= costNone {
                        out[start - 1] = 1
                        for i in 0..<stride { out[start + i] = sub(i) }
                    } else {
                        for i in 0..<stride { out[start + i] = pixels[row + i] }
                    }
                }
            }
        }
        return out
    }

    /// A zlib stream at level 6, zlib's default: on these pictures level 9 saves about 1 KB
    /// and takes 2-4 times longer (20-50 ms against 9-11 for the whole chart), level 1 costs
    /// 5 KB for 2 ms.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 6)
            }
        }
        // compressBound is enough by zlib's contract, and the only other failure is memory.
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        out.removeSubrange(Int(length)...)
        return out
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        append32(UInt32(data.count), to: &file)
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        // Never a null buffer: zlib's crc32 answers that with its initial value, not the sum so far.
        if !data.isEmpty { crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) } }
        file += typeBytes
        file += data
        append32(UInt32(truncatingIfNeeded: crc), to: &file)
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                  UInt8(truncatingIfNeeded: value)]
    }
}
