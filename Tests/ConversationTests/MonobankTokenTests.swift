@testable import Conversation
import Testing

/// What counts as a Monobank token inside a text, and the near-misses that do not: a long
/// word, a hash, a URL, an e-mail, one character too few or too many.
@Suite struct MonobankTokenTests {
    static let token = "uXq3vN8sTzP0kLmW4rYb7cDe2fGh5jKa9oIu1yTr6eWq"
    /// A real token's shape with `-` and `_` in it and no digit at all.
    static let noDigits = "uXqvN-sTzPkLmWrYb_cDefGhjKaoIuyTreWqAbCdEfGh"
    var token: String { Self.token }

    @Test(arguments: [
        token, " \(token) ", "ось мій токен: \(token) дякую", "токен \(token)", "\(token)\nце мій токен монобанку",
        "кава 85 \(token)", "/monobank \(token)", "/add кава 85 \(token)", "вот мой токен: \(token), спасибо",
        "here is my token: \(token). Thanks!", "«\(token)»", "`\(token)`", "(\(token))", "токен:\(token)",
        "X-Token: \(token)", "токен\(token)", "\(token)?", noDigits, "a \(noDigits) b",
    ])
    func aTokenIsFoundWhereverItIs(text: String) {
        #expect(MonobankToken.first(in: text) != nil, "\(text)")
    }

    /// Groups of four, as a phone or a careful member writes it.
    static let grouped = stride(from: 0, to: 44, by: 4).map { offset in
        String(token.dropFirst(offset).prefix(4))
    }.joined(separator: " ")

    /// Broken by line breaks or written in groups, in a text that names a token: found, and
    /// returned joined.
    @Test(arguments: [
        "токен\n\(token.prefix(22))\n\(token.suffix(22))", "мій токен: \(grouped)", "токен\r\n\(token.prefix(30))\r\n\(token.suffix(14))",
        "here is my token \(token.prefix(11)) \(token.dropFirst(11).prefix(11)) \(token.suffix(22)) thanks",
        "монобанк\n\(token.prefix(20))  \(token.suffix(24))",
    ])
    func aTokenInPiecesIsFoundJoined(text: String) {
        #expect(MonobankToken.first(in: text) == token, "\(text)")
    }

    /// Pieces make no token without the word, with a piece under four characters, with a
    /// wider gap, or with nothing but letters (brand names in a row).
    @Test(arguments: [
        "кава 85 \(token.prefix(22)) \(token.suffix(22))",
        "токен \(token.prefix(2)) \(token.dropFirst(2))",
        "токен \(token.prefix(22))    \(token.suffix(22))",
        "мій токен не тут: Netflix Spotify YouTube Megogo Deezer iCloud Tidal",
        "токен \(token.prefix(22)) \(token.suffix(23))",
    ])
    func piecesThatAreNoToken(text: String) {
        #expect(MonobankToken.first(in: text) == nil, "\(text)")
    }

    @Test func theTokenFoundIsExactlyTheOneWritten() {
        #expect(MonobankToken.first(in: "ось мій токен: \(token) дякую") == token)
        #expect(MonobankToken.first(in: "\(Self.noDigits)!") == Self.noDigits)
    }

    @Test(arguments: [
        "кава 85",
        String(token.dropLast()),  // 43
        token + "Z",  // 45
        token + token,  // two pasted together
        "коміт " + String(repeating: "9f86d081884c7d659a2feaa0c55ad015", count: 2),  // SHA-256 in hex, 64
        "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B",  // 44, hex in capitals: one case
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b",  // 44, hex in small letters
        "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=",  // base64 of a SHA-256: `+`, `/` and `=`
        "n4bQgYhMfWWaLqgxVrQFaOTxsrC4Is0V1sFbDwCgg2s=",  // 43 before its `=`
        "Pneumonoultramicroscopicsilicovolcanoconiosi",  // a 44-letter word, one capital
        "https://example.com/\(token)", "https://t.me/kopiyka_bot?start=\(token)", "example.com/#\(token)",
        "\(token)@gmail.com", "\(token).example.com", "\(token)/path", "\(token)=",
    ])
    func aNearMissIsNoToken(text: String) {
        #expect(MonobankToken.first(in: text) == nil, "\(text)")
    }
}
