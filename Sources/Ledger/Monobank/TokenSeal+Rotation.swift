import FoundationEssentials
import Glibc
import KopiykaCore
import SQLite

/// What `Ledger.rotateMonobankKey()` did.
public struct KeyRotation: Equatable, Sendable {
    /// Tokens now sealed under the new key.
    public let resealed: Int
    /// Tokens the old key could not open (its file was lost or replaced): left as they were,
    /// useless; those members connect Monobank again.
    public let unreadable: Int
    public let keyPath: String
}

extension Ledger {
    /// Seals every member's Monobank token under a new random key, for a key file that may
    /// have leaked (or a backup that held it). The new key is written and synced to
    /// `<key>.next` first; every token is opened with the old key and sealed with the new one
    /// in one transaction; only after it commits does `<key>.next` replace the key file (a
    /// rename, the folder synced). A rotation killed before the commit leaves the old key
    /// working and the next run starts over; killed after it, the next run sees that the new
    /// key opens the tokens and only finishes the rename. The old key is gone afterwards:
    /// backups from before hold tokens only it opened.
    ///
    /// Run it with the bot stopped (`DatabaseLock`): the bot keeps the old key in memory.
    /// Cost: a few microseconds a token. Not thread-safe: the ledger's owner calls it.
    public func rotateMonobankKey() throws -> KeyRotation {
        guard let keyPath = monobank.seal.keyPath else { throw BackupFailure("an in-memory database has no key file") }
        let nextPath = keyPath + ".next"
        var sealed: [(Int64, [UInt8])] = []
        try db.query("SELECT member_id, sealed_token FROM monobank_links WHERE sealed_token IS NOT NULL ORDER BY member_id") {
            sealed.append(($0.int64(0), $0.blob(1)))
        }
        if let pending = FileManager.default.contents(atPath: nextPath), pending.count == 32 {
            let next = TokenSeal(key: Array(pending))
            if sealed.contains(where: { next.open($0.1) != nil }) {
                try DurableFile.replace(keyPath, with: nextPath)
                monobank.seal.forgetKey()
                return KeyRotation(resealed: sealed.count, unreadable: 0, keyPath: keyPath)
            }
        }
        guard let key = TokenSeal.random(32) else { throw BackupFailure("no random bytes for a new key") }
        try PrivateFile.write(Data(key), to: nextPath)
        try DurableFile.sync(nextPath)
        let next = TokenSeal(key: key)
        var unreadable = 0
        try transaction {
            for (memberID, value) in sealed {
                guard let token = monobank.seal.open(value), let resealed = next.seal(token) else {
                    unreadable += 1
                    continue
                }
                try db.execute("UPDATE monobank_links SET sealed_token = ? WHERE member_id = ?", SQLiteValue.blob(resealed), memberID)
            }
        }
        try DurableFile.replace(keyPath, with: nextPath)
        monobank.seal.forgetKey()
        return KeyRotation(resealed: sealed.count - unreadable, unreadable: unreadable, keyPath: keyPath)
    }
}
