/// A statement's SQL as the key of the prepared-statement cache, hashed by its length and 16
/// bytes spread over it instead of all of them: SQL texts run to hundreds of bytes, and every
/// statement run looks its text up (hashing it whole cost ~900 instructions, 2 % of the bot's
/// CPU under load). Equality still compares the whole text, so a shared hash costs only a
/// comparison.
struct StatementKey: Hashable {
    let sql: String

    static func == (a: StatementKey, b: StatementKey) -> Bool { a.sql == b.sql }

    func hash(into hasher: inout Hasher) {
        var sql = sql
        sql.withUTF8 { bytes in
            hasher.combine(bytes.count)
            guard !bytes.isEmpty else { return }
            let step = max(1, bytes.count / 16)
            var sample: UInt64 = 0
            var index = bytes.count - 1
            // From the end, where texts that share a beginning (`SELECT … FROM entries`) differ.
            for _ in 0..<16 where index >= 0 {
                sample = sample &* 31 &+ UInt64(bytes[index])
                index -= step
            }
            hasher.combine(sample)
        }
    }
}
