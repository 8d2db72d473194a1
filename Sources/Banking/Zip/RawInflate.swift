import CZlib

/// zlib's inflate and CRC-32 over Swift arrays.
enum RawInflate {
    /// Exactly `size` bytes unpacked from the raw deflate stream `input`; nil when the stream
    /// is invalid, ends short of `size`, or would unpack past it (the output buffer has one
    /// spare byte to notice that, and inflate never writes beyond it). Cost: one allocation of
    /// `size` + 1 bytes; zlib inflates at a few hundred MB/s.
    static func inflate(_ input: ArraySlice<UInt8>, size: Int) -> [UInt8]? {
        guard size >= 0, size < Int(UInt32.max), input.count < Int(UInt32.max) else { return nil }
        var stream = z_stream()
        guard kopiyka_inflate_init_raw(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: size + 1)
        let status: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, stream.total_out == UInt(size) else { return nil }
        output.removeLast()
        return output
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let crc = bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, UInt32($0.count)) }
        return UInt32(truncatingIfNeeded: crc)
    }
}
