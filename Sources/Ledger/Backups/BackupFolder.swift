import FoundationEssentials
import Glibc
import KopiykaCore

/// The folder scheduled backups go to (`BACKUP_DIR`): one file a backup, named by when it was
/// taken in UTC, `kopiyka-20261207-020000.sqlite`, so a listing sorts by age and the names
/// alone say which to prune. Files of other names are never touched.
///
/// Thread-safe: plain file operations. Cost: a directory listing per call.
public struct BackupFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The file name of a backup taken at `instant`.
    public static func name(for instant: Date) -> String {
        let text = Timestamp.text(instant)  // 2026-12-07T02:00:00Z
        let digits = text.prefix(19).filter(\.isNumber)
        return "kopiyka-\(digits.prefix(8))-\(digits.dropFirst(8)).sqlite"
    }

    /// When the backup of that name was taken; nil for a name of another pattern.
    public static func instant(ofName name: String) -> Date? {
        guard name.hasPrefix("kopiyka-"), name.hasSuffix(".sqlite") else { return nil }
        let digits = name.dropFirst(8).dropLast(7)
        guard digits.count == 15, digits.dropFirst(8).first == "-" else { return nil }
        let day = digits.prefix(8), time = digits.suffix(6)
        guard day.allSatisfy(\.isNumber), time.allSatisfy(\.isNumber) else { return nil }
        func part(_ text: Substring, _ from: Int, _ count: Int) -> Substring {
            text.dropFirst(from).prefix(count)
        }
        return Timestamp.date("\(part(day, 0, 4))-\(part(day, 4, 2))-\(part(day, 6, 2))T"
            + "\(part(time, 0, 2)):\(part(time, 2, 2)):\(part(time, 4, 2))Z")
    }

    /// The backups there, by when they were taken.
    public func backups() -> [Date: String] {
        var found: [Date: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            if let instant = Self.instant(ofName: name) { found[instant] = path + "/" + name }
        }
        return found
    }

    /// Makes the folder (mode 0700) when it is missing.
    public func create() throws {
        guard !DurableFile.exists(path) else { return }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// Removes the backups `retention` does not keep, and what a backup killed half way left
    /// (`DatabaseBackup.partialName`). Returns the names removed.
    @discardableResult
    public func prune(_ retention: BackupRetention, in zone: ZoneRules) -> [String] {
        let backups = backups()
        let kept = retention.kept(Array(backups.keys), in: zone)
        var removed: [String] = []
        for (instant, file) in backups where !kept.contains(instant) && unlink(file) == 0 {
            removed.append(DurableFile.name(of: file))
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        where name.hasPrefix(".kopiyka-") && name.contains(".partial") && unlink(path + "/" + name) == 0 {
            removed.append(name)
        }
        return removed.sorted()
    }
}
