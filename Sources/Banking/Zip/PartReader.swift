import CZlib

/// A ZIP part's bytes as they unpack, a chunk at a time: stored parts sliced, deflated ones
/// through zlib's inflate. Never more than `size` bytes come out (the size the directory
/// declares, itself capped by `ZipArchive.maximumEntryBytes`): a stream that would unpack past
/// it, ends short of it, or whose CRC-32 differs is `.damaged(.checksum)`, noticed by the
/// read that reaches its end.
///
/// Memory: the compressed bytes (shared with the archive) and zlib's 32 KB window; each chunk
/// is the caller's. Cost: linear in the bytes unpacked, a few hundred MB/s; each `read` is one
/// short C call. Not thread-safe: one reader, one caller at a time.
final class PartReader {
    private let input: ArraySlice<UInt8>
    private let deflated: Bool
    let size: Int
    /// zlib keeps a pointer back to its `z_stream`, so it lives at a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    private var started = false, ended = false
    private(set) var produced = 0
    private var crc: UInt = 0
    private let expectedCRC: UInt32

    init(_ input: ArraySlice<UInt8>, deflated: Bool, size: Int, crc: UInt32) throws(StatementProblem) {
        guard size >= 0, size < Int(UInt32.max), input.count < Int(UInt32.max) else { throw .damaged(.checksum) }
        self.input = input
        self.deflated = deflated
        self.size = size
        expectedCRC = crc
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        if deflated {
            guard kopiyka_inflate_init_raw(stream) == Z_OK else { stream.deallocate(); throw .damaged(.compression) }
            started = true
        } else if input.count != size {
            stream.deallocate()
            throw .damaged(.checksum)
        }
    }

    deinit {
        if started { inflateEnd(stream) }
        stream.deallocate()
    }

    /// Up to `count` more bytes; empty once the part has ended and checked out.
    func read(_ count: Int) throws(StatementProblem) -> [UInt8] {
        guard !ended else { return [] }
        let chunk = deflated ? try inflate(max(1, count)) : Array(input.dropFirst(produced).prefix(max(1, count)))
        produced += chunk.count
        if !chunk.isEmpty {
            crc = chunk.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, UInt32($0.count)) }
        }
        if chunk.isEmpty {
            ended = true
            guard produced == size, UInt32(truncatingIfNeeded: crc) == expectedCRC else { throw .damaged(.checksum) }
        }
        return chunk
    }

    /// The next bytes inflated, at most `count`, and never past `size` + 1 (which is
    /// `.checksum`: the stream says more than the directory). Empty at the stream's end.
    private func inflate(_ count: Int) throws(StatementProblem) -> [UInt8] {
        let room = min(count, size - produced + 1)
        var output = [UInt8](repeating: 0, count: room)
        var status = Z_OK
        var written = 0
        input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                let consumed = Int(stream.pointee.total_in)
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress.map { $0 + consumed })
                stream.pointee.avail_in = UInt32(source.count - consumed)
                stream.pointee.next_out = target.baseAddress
                stream.pointee.avail_out = UInt32(target.count)
                // Input without output (a block's header) is read on until a byte comes or it ends.
                repeat {
                    status = CZlib.inflate(stream, Z_NO_FLUSH)
                } while status == Z_OK && stream.pointee.avail_out == UInt32(target.count) && stream.pointee.avail_in > 0
                written = target.count - Int(stream.pointee.avail_out)
            }
        }
        guard status == Z_OK || status == Z_STREAM_END, produced + written <= size else { throw .damaged(.checksum) }
        if written == 0, status != Z_STREAM_END { throw .damaged(.checksum) }  // Cut off.
        return Array(output.prefix(written))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        let crc = bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, UInt32($0.count)) }
        return UInt32(truncatingIfNeeded: crc)
    }
}
