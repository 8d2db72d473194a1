/// The shape of a Monobank personal token, found anywhere in a person's text: alone, after
/// `токен:`, between words, on a line of its own, in quotes or backticks. What counts is a run
/// of exactly 44 URL-safe base64 characters (`A–Z a–z 0–9 - _`) that
/// - holds a lower-case letter and at least two upper-case ones: a token is random, so a real
///   one misses that about once in 300 million (at most one capital: ~32 × (38/64)^43 ≈ 3e-9),
///   while a word (a capital at most at its start), a hex hash or a code in one case never has it;
/// - is no piece of a URL, a path, an e-mail or a base64 blob: the character before it is
///   none of `/ \ = + % & @ . # ?` and the one after none of `/ \ = + % & @`, nor a `.` that
///   goes on into a word (`<44>.com`). A `.`, `,`, `!` or `?` that ends a sentence is fine.
/// Anything longer or shorter (43 or 45 characters, a 64-character SHA-256, an 88-character
/// double paste) is no token. A 44-character base64 hash of 33 bytes has a token's shape and
/// is taken for one: a missed token leaks, a false one only costs its message.
///
/// A token broken by a phone's line breaks or written in groups (`токен\nuXq3vN8sTzP0kLmW4r\n
/// Yb7cDe…`) is one too, when the text names a token (`split(in:)`).
enum MonobankToken {
    static let length = 44

    /// The first token in `text`, whole or split, or nil.
    static func first(in text: String) -> String? {
        whole(in: text) ?? split(in: text)
    }

    /// The first token written in one piece. One pass over the UTF-8 bytes and no allocation
    /// unless a token is found; every message asks, so a text under 44 bytes returns at once.
    static func whole(in text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.count >= length else { return nil }
        var runStart = utf8.startIndex, runLength = 0
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if isAlphabet(utf8[index]) {
                runLength += 1
            } else {
                if runLength == length, let token = token(in: text, from: runStart, to: index) { return token }
                runStart = utf8.index(after: index)
                runLength = 0
            }
            index = utf8.index(after: index)
        }
        return runLength == length ? token(in: text, from: runStart, to: index) : nil
    }

    /// The run `start..<end` as a token, when its letters and its neighbours say it is one.
    private static func token(in text: String, from start: String.Index, to end: String.Index) -> String? {
        let utf8 = text.utf8
        let run = utf8[start..<end]
        guard run.contains(where: isLower), run.lazy.filter(isUpper).prefix(2).count == 2 else { return nil }
        if start != utf8.startIndex, gluedBefore.contains(utf8[utf8.index(before: start)]) { return nil }
        if end != utf8.endIndex {
            let after = utf8[end]
            if gluedAfter.contains(after) { return nil }
            let next = utf8.index(after: end)
            if after == UInt8(ascii: "."), next != utf8.endIndex, isAlphabet(utf8[next]) { return nil }
        }
        return String(decoding: run, as: UTF8.self)
    }

    /// A token in pieces of 4 characters or more, joined by 1 to 3 spaces or line breaks, 44
    /// together, with a digit, `-` or `_`, in a text that names a token (`токен`, `token`,
    /// `монобанк`, `monobank`): without the word, brand names in a row (`Netflix Spotify …`)
    /// could make one. The token is returned joined. Cost: only texts of 45 bytes or more
    /// that name a token; O(pieces × 11).
    static func split(in text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.count > length else { return nil }
        let lowered = text.lowercased()
        guard ["токен", "token", "монобанк", "monobank"].contains(where: { lowered.contains($0) }) else { return nil }
        var runs: [Range<String.Index>] = []
        var start: String.Index?
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if isAlphabet(utf8[index]) {
                if start == nil { start = index }
            } else if let begun = start {
                runs.append(begun..<index)
                start = nil
            }
            index = utf8.index(after: index)
        }
        if let begun = start { runs.append(begun..<utf8.endIndex) }
        func blanks(_ gap: Range<String.Index>) -> Bool {
            let bytes = utf8[gap]
            return (1...3).contains(bytes.count) && bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        }
        for first in runs.indices {
            var pieces: [Substring.UTF8View] = [], total = 0
            for next in runs[first...].indices {
                let run = runs[next], piece = utf8[run]
                guard piece.count >= 4, next == first || blanks(runs[next - 1].upperBound..<run.lowerBound) else { break }
                pieces.append(piece)
                total += piece.count
                guard total < length else {
                    if total == length, pieces.count > 1,
                       let token = token(pieces.flatMap { $0 }, in: text, from: runs[first].lowerBound, to: run.upperBound) {
                        return token
                    }
                    break
                }
            }
        }
        return nil
    }

    /// `bytes`, found from `start` to `end` in `text`, as a token, when its letters and its
    /// neighbours say it is one, and something in it is no letter.
    private static func token(_ bytes: [UInt8], in text: String, from start: String.Index, to end: String.Index) -> String? {
        let joined = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(where: { isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }),
              token(in: joined, from: joined.utf8.startIndex, to: joined.utf8.endIndex) != nil else { return nil }
        let utf8 = text.utf8
        if start != utf8.startIndex, gluedBefore.contains(utf8[utf8.index(before: start)]) { return nil }
        if end != utf8.endIndex, gluedAfter.contains(utf8[end]) { return nil }
        return joined
    }

    /// Before a run: a URL's path, query or fragment, a domain, an e-mail, base64's `+`.
    private static let gluedBefore: Set<UInt8> = Set("/\\=+%&@.#?".utf8)
    /// After a run: the same, less what ends a sentence (`.` is checked on its own).
    private static let gluedAfter: Set<UInt8> = Set("/\\=+%&@".utf8)

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        isUpper(byte) || isLower(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
