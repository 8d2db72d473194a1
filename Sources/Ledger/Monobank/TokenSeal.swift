import CCrypto
import FoundationEssentials
import KopiykaCore
#if canImport(Glibc)
import Glibc
#endif

/// Seals members' bank tokens for the database with AES-256-GCM (OpenSSL's libcrypto, which
/// libcurl links already), under a key kept in a file of its own beside the database,
/// `<database>.key`, 32 random bytes, mode 0600. A copy of the database alone (a backup, a
/// file sent for help) holds no usable token; the key file and the database together do, so
/// keep backups of the key as private as the bot's own files, or leave it out of them: a
/// lost key only means members connect their banks again.
///
/// Cost: one key-file read per open; a seal or an open is a few microseconds. A value; its
/// key is read once, when first needed.
final class TokenSeal {
    static let version: UInt8 = 1
    static let nonceLength = 12
    static let tagLength = 16

    let keyPath: String?
    private var key: [UInt8]?

    /// `databasePath` nil or `:memory:`: a key that lives as long as this value.
    init(databasePath: String?) {
        if let databasePath, databasePath != ":memory:", !databasePath.isEmpty {
            keyPath = databasePath + ".key"
        } else {
            keyPath = nil
            key = Self.random(32)
        }
    }

    /// A seal under `key`, which no file holds: for re-sealing under a new key.
    init(key: [UInt8]) {
        keyPath = nil
        self.key = key
    }

    /// The key is read again from its file when next needed (it was replaced).
    func forgetKey() {
        if keyPath != nil { key = nil }
    }

    /// `1 | nonce | ciphertext | tag`; nil when the key cannot be made or read.
    func seal(_ text: String) -> [UInt8]? {
        guard let key = loadKey(create: true), let nonce = Self.random(Self.nonceLength) else { return nil }
        guard let (cipher, tag) = Self.gcm(encrypt: true, key: key, nonce: nonce, input: Array(text.utf8), tag: nil) else { return nil }
        return [Self.version] + nonce + cipher + tag
    }

    /// The text sealed, or nil for another key (a lost key file), a damaged value, or no key.
    func open(_ sealed: [UInt8]) -> String? {
        guard sealed.count > 1 + Self.nonceLength + Self.tagLength, sealed[0] == Self.version,
              let key = loadKey(create: false) else { return nil }
        let nonce = Array(sealed[1...Self.nonceLength])
        let cipher = Array(sealed[(1 + Self.nonceLength)..<(sealed.count - Self.tagLength)])
        let tag = Array(sealed.suffix(Self.tagLength))
        guard let (plain, _) = Self.gcm(encrypt: false, key: key, nonce: nonce, input: cipher, tag: tag) else { return nil }
        return String(validating: plain, as: UTF8.self)
    }

    private func loadKey(create: Bool) -> [UInt8]? {
        if let key { return key }
        guard let keyPath else { return nil }
        if let data = FileManager.default.contents(atPath: keyPath), data.count == 32 {
            PrivateFile.restrict(keyPath, create: false)
            key = Array(data)
        } else if create, FileManager.default.contents(atPath: keyPath) == nil, let fresh = Self.random(32) {
            guard (try? PrivateFile.write(Data(fresh), to: keyPath)) != nil else { return nil }
            key = fresh
        }
        return key
    }

    static func random(_ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        return RAND_bytes(&bytes, Int32(count)) == 1 ? bytes : nil
    }

    /// One AES-256-GCM pass: encrypting returns the tag made, decrypting checks `tag`.
    static func gcm(encrypt: Bool, key: [UInt8], nonce: [UInt8], input: [UInt8], tag: [UInt8]?) -> ([UInt8], [UInt8])? {
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: input.count + 16)
        var length: Int32 = 0
        var finalLength: Int32 = 0
        var tagOut = tag ?? [UInt8](repeating: 0, count: tagLength)
        let initialized = encrypt
            ? EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce)
            : EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, key, nonce)
        guard initialized == 1 else { return nil }
        let updated = encrypt
            ? EVP_EncryptUpdate(context, &output, &length, input, Int32(input.count))
            : EVP_DecryptUpdate(context, &output, &length, input, Int32(input.count))
        guard updated == 1 else { return nil }
        if encrypt {
            guard output.withUnsafeMutableBufferPointer({ EVP_EncryptFinal_ex(context, $0.baseAddress! + Int(length), &finalLength) }) == 1,
                  EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tagOut) == 1 else { return nil }
        } else {
            guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), &tagOut) == 1,
                  output.withUnsafeMutableBufferPointer({ EVP_DecryptFinal_ex(context, $0.baseAddress! + Int(length), &finalLength) }) == 1
            else { return nil }
        }
        return (Array(output.prefix(Int(length + finalLength))), tagOut)
    }
}
