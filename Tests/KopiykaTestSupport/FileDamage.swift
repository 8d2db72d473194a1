import Foundation

/// Overwrites the middle of each page (1-based) with bytes no b-tree page holds, as a failing
/// disk would. Close every connection first: the last one to close moves the WAL into the file.
public func damagePages(_ pages: [Int], of path: String, pageSize: Int = 4096) throws {
    let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? file.close() }
    for page in pages {
        try file.seek(toOffset: UInt64((page - 1) * pageSize + 100))
        try file.write(contentsOf: Data(repeating: 0xA5, count: pageSize / 2))
    }
}
