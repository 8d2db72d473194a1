import CCrypto
import FoundationEssentials

/// A family archive sealed with a passphrase its owner chose: AES-256-GCM under a key that
/// scrypt (OpenSSL's `EVP_PBE_scrypt`, N = 2¹⁵, r = 8, p = 1: 32 MB and about a tenth of a
/// second a guess) derives from the passphrase and a random salt. The sealed file holds
///
///     "KPYKSEAL" | version 1 | log2 N | r | p | salt (16) | nonce (12) | ciphertext | tag (16)
///
/// so it opens anywhere with the passphrase alone; a wrong passphrase (or a changed byte)
/// fails GCM's tag, and nothing is read. The passphrase itself is never kept: the weekly
/// archive keeps the derived key, sealed under the database's key file (`TokenSeal`).
///
/// Cost: `derive` is the slow part (scrypt, ~0.1 s and 32 MB, on the calling thread); a seal
/// or an open runs at AES-GCM's speed (GB/s). Pure functions; thread-safe.
public enum ArchiveSeal {
    static let magic = Array("KPYKSEAL".utf8)
    static let version: UInt8 = 1
    static let logN: UInt8 = 15
    static let r: UInt8 = 8
    static let p: UInt8 = 1
    static let saltLength = 16
    static let headerLength = 8 + 4 + saltLength

    /// A key derived from a passphrase, with the salt and costs that derived it.
    public struct Key: Sendable {
        let bytes: [UInt8]
        let salt: [UInt8]
        let logN: UInt8, r: UInt8, p: UInt8

        var header: [UInt8] { ArchiveSeal.magic + [ArchiveSeal.version, logN, r, p] + salt }

        /// Whether `other` is the same key, compared in constant time.
        public func matches(_ other: Key) -> Bool {
            bytes.count == other.bytes.count && salt == other.salt && CRYPTO_memcmp(bytes, other.bytes, bytes.count) == 0
        }
    }

    public enum OpenProblem: Error, Equatable, Sendable {
        /// The passphrase does not open it (or the file was changed after sealing).
        case wrongPassphrase
        /// Not a sealed archive of a version we read.
        case damaged
    }

    /// Whether `data` starts as a sealed archive does.
    public static func isSealed(_ data: [UInt8]) -> Bool { data.starts(with: magic) }

    /// A new key for `passphrase`, under a fresh random salt; nil if libcrypto fails.
    public static func derive(_ passphrase: String) -> Key? {
        guard let salt = TokenSeal.random(saltLength) else { return nil }
        return derive(passphrase, salt: salt, logN: logN, r: r, p: p)
    }

    static func derive(_ passphrase: String, salt: [UInt8], logN: UInt8, r: UInt8, p: UInt8) -> Key? {
        guard (10...20).contains(logN), (1...16).contains(r), (1...4).contains(p) else { return nil }
        var key = [UInt8](repeating: 0, count: 32)
        let secret = Array(passphrase.utf8)
        let memory = UInt64(128) * UInt64(r) * (UInt64(1) << UInt64(logN)) * 2
        let done = EVP_PBE_scrypt(secret, secret.count, salt, salt.count, UInt64(1) << UInt64(logN), UInt64(r), UInt64(p), memory,
                                  &key, key.count)
        return done == 1 ? Key(bytes: key, salt: salt, logN: logN, r: r, p: p) : nil
    }

    /// The key `passphrase` makes under `key`'s salt and costs: equal to `key` (`matches`)
    /// when it is the same passphrase.
    public static func derive(_ passphrase: String, like key: Key) -> Key? {
        derive(passphrase, salt: key.salt, logN: key.logN, r: key.r, p: key.p)
    }

    /// `data` sealed under `key`; nil if libcrypto fails.
    public static func seal(_ data: [UInt8], with key: Key) -> [UInt8]? {
        guard let nonce = TokenSeal.random(TokenSeal.nonceLength),
              let (cipher, tag) = TokenSeal.gcm(encrypt: true, key: key.bytes, nonce: nonce, input: data, tag: nil)
        else { return nil }
        return key.header + nonce + cipher + tag
    }

    /// The archive inside `sealed`, opened with `passphrase`.
    public static func open(_ sealed: [UInt8], passphrase: String) -> Result<[UInt8], OpenProblem> {
        let minimum = headerLength + TokenSeal.nonceLength + TokenSeal.tagLength
        guard isSealed(sealed), sealed.count >= minimum, sealed[8] == version else { return .failure(.damaged) }
        let salt = Array(sealed[12..<headerLength])
        guard let key = derive(passphrase, salt: salt, logN: sealed[9], r: sealed[10], p: sealed[11]) else { return .failure(.damaged) }
        let nonce = Array(sealed[headerLength..<(headerLength + TokenSeal.nonceLength)])
        let cipher = Array(sealed[(headerLength + TokenSeal.nonceLength)..<(sealed.count - TokenSeal.tagLength)])
        let tag = Array(sealed.suffix(TokenSeal.tagLength))
        guard let (plain, _) = TokenSeal.gcm(encrypt: false, key: key.bytes, nonce: nonce, input: cipher, tag: tag) else {
            return .failure(.wrongPassphrase)
        }
        return .success(plain)
    }

    /// The key as the database keeps it (sealed by `TokenSeal`): costs, salt and key in hex.
    static func text(_ key: Key) -> String {
        ([key.logN, key.r, key.p] + key.salt + key.bytes).map { String($0, radix: 16).leftPadded() }.joined()
    }

    static func key(fromText text: String) -> Key? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 2 * (3 + saltLength + 32) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: utf8.count, by: 2) {
            guard let byte = UInt8(String(decoding: utf8[index..<(index + 2)], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return Key(bytes: Array(bytes.suffix(32)), salt: Array(bytes[3..<(3 + saltLength)]), logN: bytes[0], r: bytes[1], p: bytes[2])
    }
}

private extension String {
    func leftPadded() -> String { count == 1 ? "0" + self : self }
}
