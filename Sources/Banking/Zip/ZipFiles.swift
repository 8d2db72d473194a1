/// The files of a ZIP someone sent (a family archive), read within bounds: at most
/// `maximumFiles` files, none past `maximumFileBytes` unpacked, all together at most
/// `maximumTotalBytes`, and every name a plain relative path (no `..`, no leading `/`, no
/// backslash, no drive letter). A ZIP that asks for more — a "zip bomb", a path that climbs
/// out — is refused before a byte of it is inflated; sizes are the directory's word, and
/// inflate stops at them (`PartReader`), so a lying directory cannot unpack more either.
///
/// Cost: the files are inflated one after another; memory is the ZIP plus what it unpacks.
public enum ZipFiles {
    public static let maximumFiles = 64
    public static let maximumFileBytes = 96 * 1024 * 1024
    public static let maximumTotalBytes = 128 * 1024 * 1024

    public enum Refusal: Error, Equatable, Sendable {
        /// Not a ZIP, or a damaged one (cut off, a wrong checksum, an unknown method).
        case damaged
        /// More files or more bytes than the bounds allow.
        case tooLarge
        /// A name that is no plain relative path.
        case unsafeName
    }

    /// Every file of `bytes`, by name.
    public static func read(_ bytes: [UInt8]) throws(Refusal) -> [String: [UInt8]] {
        let archive: ZipArchive
        do { archive = try ZipArchive(bytes) } catch { throw .damaged }
        let files = archive.entries.filter { !$0.name.hasSuffix("/") }
        guard files.count <= maximumFiles else { throw .tooLarge }
        guard files.allSatisfy({ isSafe($0.name) }) else { throw .unsafeName }
        var total = 0
        for file in files {
            guard file.size <= maximumFileBytes else { throw .tooLarge }
            total += file.size
            guard total <= maximumTotalBytes else { throw .tooLarge }
        }
        var result: [String: [UInt8]] = [:]
        for file in files {
            do {
                guard let data = try archive.contents(of: file.name, limit: maximumFileBytes) else { throw Refusal.damaged }
                result[file.name] = data
            } catch StatementProblem.tooLarge {
                throw .tooLarge
            } catch {
                throw .damaged
            }
        }
        return result
    }

    /// A relative path of plain names: `entries.csv`, `data/x.csv`.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"), !name.contains(":"),
              !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return false }
        return !name.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}
