import CCrypto
import EntryParsing
import Foundation
import KopiykaCore
import Testing

/// Sets of messages written blind: by someone who never read the parser or its tests, frozen
/// with a checksum before their first score, and scored as the bot would treat each message.
/// A set is never edited after it is frozen; each round of parser work writes a new one. The
/// test prints the score and every miss, and fails when the score drops below the one the
/// parser last reached (the first scores are in the README), so a change that helps one class
/// cannot quietly lose another.
@Suite struct BlindSetTests {
    /// Each set with the score the parser last reached on it.
    /// - `b3`: 300 messages from five members of one family and its group (uk, ru, surzhyk, en,
    ///   voice transcripts; 118 must record nothing, 12 must be asked). First score, before any
    ///   tuning: 180; 256 after tuning on it, 253 once a reviewer's regressions were mended.
    /// - `b4`: 300 messages from another family (a couple with a baby, his mother dictating in
    ///   Russian, a student, a cousin in Germany, the group; 109 must record nothing, 13 must be
    ///   asked), written before the tuning on `b3` and scored after it. First score: 238; 236
    ///   once a reviewer's regressions were mended; 239 with slang read from its misses.
    /// - `b5`: 200 messages from a village family near Poltava, their daughter's in Lviv, a
    ///   shopkeeper in Russian, a teenager and an uncle in Canada (75 must record nothing, 8
    ///   must be asked), written after all of this round's parser work. First score: 136;
    ///   144 after the tuning on `b6`.
    /// - `b6`: 200 messages from a family near Kharkiv (a grandmother dictating in Russian, a
    ///   nurse typing fast, a student in surzhyk, a daughter in Poland, an aunt in Ireland, the
    ///   group; 73 must record nothing, 10 must be asked). First score: 163; 190 after tuning on
    ///   it (b3 256, b4 245, b5 144 with the same parser).
    /// - `b7`: 200 messages from a young couple in Lviv (a freelance designer paid in dollars,
    ///   a courier writing surzhyk), his father dictating in Russian from Odesa, her teenage
    ///   brother, a cousin in Germany, the group (74 must record nothing, 11 must be asked),
    ///   written after all of the second round's parser work. First score: 156; 174 after the
    ///   third round's tuning on its misses (b3 259, b4 249, b5 148, b6 190 with the same parser).
    /// - `b8`: 200 messages from a family in Dnipro (a grandfather dictating in surzhyk, a
    ///   teacher typing, a lorry driver abroad writing Russian, a teenager, an uncle in Chicago,
    ///   the group; 73 must record nothing, 11 must be asked), written before the third round's
    ///   parser work. First score: 139; 143 with the third round's parser, untuned on it.
    /// - `b9`: 200 messages from a family displaced from Kherson to Vinnytsia (a grandmother
    ///   dictating, a father paid in dollars, a nurse writing Russian, a 12-year-old, an aunt in
    ///   Romania, the group; 68 must record nothing, 9 must be asked), written after the third
    ///   round's parser work and scored once on it. First score: 152.
    @Test(arguments: [("b3", 259), ("b4", 249), ("b5", 148), ("b6", 190), ("b7", 174), ("b8", 143), ("b9", 152)])
    func scoresAtLeast(_ name: String, _ floor: Int) throws {
        let set = try BlindSet(named: name)
        let score = set.score(today: LocalDate(year: 2026, month: 12, day: 7)!)
        print(score.summary(of: name))
        #expect(score.correct >= floor, "\(name)")
    }
}

/// One frozen set: the messages and what a careful bookkeeper expects of each.
struct BlindSet {
    struct Line: Decodable {
        var id: String
        var who: String
        var text: String
        var expect: Expectation
    }

    struct Expectation: Decodable {
        var record: String
        var entries: [Entry]?
    }

    struct Entry: Decodable, Equatable {
        var kind: String
        var amount: String
        var currency: String
    }

    let lines: [Line]

    /// Reads `Fixtures/blind/<name>.jsonl` and refuses it unless its bytes are the frozen ones.
    init(named name: String) throws {
        let folder = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/blind")
        let data = try Data(contentsOf: folder.appendingPathComponent("\(name).jsonl"))
        let frozen = try String(contentsOf: folder.appendingPathComponent("\(name).jsonl.sha256"), encoding: .utf8)
        try #require(frozen.hasPrefix(Self.sha256(data)), "\(name).jsonl changed after it was frozen")
        lines = try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Line.self, from: Data($0)) }
    }

    func score(today: LocalDate) -> BlindScore {
        var score = BlindScore()
        let parser = EntryParser()
        for line in lines {
            // The family group's chatter meets the group's gate first, as ConversationHandler
            // applies it with privacy mode off; everyone else writes in private.
            let gated = line.who == "group" && !parser.readsAsEntry(line.text, today: today)
            score.count(line, gated ? .nothing : BlindOutcome(parser.parse(line.text, today: today)))
        }
        return score
    }

    static func sha256(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = data.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
        }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}

/// What a private chat does with a message: records nothing, asks between readings, or records.
enum BlindOutcome: Equatable {
    case nothing
    case ask
    case entries([BlindSet.Entry])

    init(_ result: Result<[ParsedEntry], ParseFailure>) {
        switch result {
        case .failure: self = .nothing
        case .success(let parsed) where parsed.contains(where: { !$0.readings.isEmpty }): self = .ask
        case .success(let parsed):
            self = .entries(parsed.map {
                .init(kind: $0.kind.rawValue, amount: $0.amount.decimalString, currency: $0.amount.currency.code)
            })
        }
    }
}

/// The score of a set: right answers, and the two kinds of wrong that cost a family's trust.
struct BlindScore {
    var total = 0, correct = 0
    var nothingExpected = 0, nothingKept = 0
    /// Entries recorded where a different amount, currency, kind or count was meant.
    var silentlyWrong: [String] = []
    /// Entries recorded where nothing was meant.
    var recordedForNothing: [String] = []
    var otherMisses: [String] = []

    mutating func count(_ line: BlindSet.Line, _ outcome: BlindOutcome) {
        total += 1
        let expected: BlindOutcome = switch line.expect.record {
        case "nothing": .nothing
        case "ask": .ask
        default: .entries(line.expect.entries ?? [])
        }
        if expected == .nothing { nothingExpected += 1 }
        if outcome == expected {
            correct += 1
            if expected == .nothing { nothingKept += 1 }
            return
        }
        let miss = "\(line.id) [\(line.who)] \(line.text) → \(outcome)"
        switch (expected, outcome) {
        case (.nothing, .entries): recordedForNothing.append(miss)
        case (.entries, .entries), (.ask, .entries): silentlyWrong.append(miss)
        default: otherMisses.append(miss)
        }
    }

    func summary(of name: String) -> String {
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "–" : String(format: "%.1f %%", 100 * Double(part) / Double(whole)) }
        return (["blind set \(name): \(correct) of \(total) right (\(percent(correct, total))); "
                + "must record nothing: \(nothingKept) of \(nothingExpected) (\(percent(nothingKept, nothingExpected))); "
                + "silently wrong: \(silentlyWrong.count); recorded for nothing: \(recordedForNothing.count)"]
            + silentlyWrong.map { "  wrong: \($0)" } + recordedForNothing.map { "  nothing meant: \($0)" }
            + otherMisses.map { "  missed: \($0)" }).joined(separator: "\n")
    }
}
