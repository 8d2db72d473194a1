@testable import EntryParsing
import Foundation
import JSON
import KopiykaCore
import KopiykaTestSupport
import Testing

/// 100,000 generated messages through the parser on every run, in eight shards. Properties:
/// nothing traps; every amount is above zero and at most a billion units; every date is from
/// 2000 to a year after today; every kind agrees with its category; the work stays linear; the
/// line `kopiyka parse` writes is one line of valid JSON with the contract's keys in order.
/// The seed is printed first; `KOPIYKA_FUZZ_SEED=<seed>` runs another (or replays one), and a
/// failure (or a trap, through `FuzzTrapReporter`) prints its message. The default is fixed, so
/// CI judges the same 100,000 messages every time.
@Suite struct FuzzTests {
    static let messagesPerShard = 12_500
    static let seed: UInt64 = ProcessInfo.processInfo.environment["KOPIYKA_FUZZ_SEED"].flatMap { UInt64($0) }
        ?? 2026_11_23
    static let announce: Void = print("parser fuzzing: seed \(seed); replay with KOPIYKA_FUZZ_SEED=\(seed)")
    static let todays = [today, LocalDate(year: 2000, month: 1, day: 1)!, LocalDate(year: 2028, month: 2, day: 29)!]
    static let entryKeys: Set<String> = ["kind", "amount", "currency", "category", "account", "date", "note"]

    @Test(arguments: 0..<FuzzTrapReporter.shards) func parserHoldsItsContract(shard: Int) async throws {
        FuzzTests.announce
        FuzzTrapReporter.install
        for failure in (try await offThePool { FuzzTests.run(shard: shard) }) { Issue.record(Comment(rawValue: failure)) }
    }

    /// Up to five failures of one shard, each naming its message.
    static func run(shard: Int) -> [String] {
        var seeds = SplitMix64(seed: seed)
        for _ in 0..<shard { _ = seeds.next() }
        var messages = FuzzMessages(rng: SplitMix64(seed: seeds.next()))
        let parser = EntryParser()
        var failures: [String] = []
        for index in 0..<messagesPerShard where failures.count < 5 {
            let text = messages.next()
            let today = todays[index % todays.count]
            FuzzTrapReporter.set(shard, text)
            var cost = ParseCost()
            let rules: (any CategoryRules)? = index % 4 == 0 ? FuzzRules() : nil
            let result = parser.parse(text, today: today, rules: rules, cost: &cost)
            if index % 16 == 1 {
                _ = parser.category(named: text)
                _ = categoryStems(of: text)
            }
            let problems = problems(text, result, today: today, cost: cost)
            if !problems.isEmpty {
                failures.append("seed \(seed), shard \(shard), message \(index): \(text.jsonQuoted) → \(result): \(problems)")
            }
        }
        FuzzTrapReporter.set(shard, nil)
        return failures
    }

    static func problems(_ text: String, _ result: Result<[ParsedEntry], ParseFailure>, today: LocalDate,
                         cost: ParseCost) -> [String] {
        var problems: [String] = []
        let last = LocalDate(year: today.year + 1, month: today.month, day: min(today.day, LocalDate.daysIn(month: today.month, year: today.year + 1)))!
        let dates = LocalDate(year: 2000, month: 1, day: 1)!...last
        if case .success(let entries) = result {
            if entries.isEmpty { problems.append("no entries") }
            for entry in entries {
                let limit = 1_000_000_000 * entry.amount.currency.minorUnitsPerMajor
                if !(1...limit).contains(entry.amount.minorUnits) { problems.append("amount \(entry.amount)") }
                if !dates.contains(entry.date) { problems.append("date \(entry.date)") }
                if entry.category.kind != entry.kind { problems.append("\(entry.kind) in \(entry.category)") }
            }
        }
        let scalars = text.unicodeScalars.count
        if cost.fuzzyLookups > Categorizer.fuzzyLookupLimit || cost.draftTokens > 4 * scalars {
            problems.append("cost \(cost)")
        }
        return problems + jsonProblems(ParseOutput(text: text, result: result).json, text: text, result: result)
    }

    /// The line as a tool reads it: one line of JSON, the contract's keys in their order. Bytes
    /// are compared with `memchr`/`memcmp` (generic collection code is slow in a debug build),
    /// and as bytes: a combining mark at either end of the text joins a quote into one `Character`.
    static func jsonProblems(_ line: String, text: String, result: Result<[ParsedEntry], ParseFailure>) -> [String] {
        let bytes = Array(line.utf8)
        let failure: ParseFailure? = if case .failure(let failure) = result { failure } else { nil }
        let opening = Array(#"{"text": ""#.utf8), entries = Array(#"", "entries": ["#.utf8)
        let kind = #", "kind": "\#(ParseOutput(text: text, result: result).kind.rawValue)"}"#
        let ending = Array(((failure.map { #""error": "\#($0.rawValue)""# } ?? #""error": null"#) + kind).utf8)
        let framed = bytes.count >= opening.count + entries.count + ending.count && bytes.withUnsafeBufferPointer { line in
            guard let start = line.baseAddress else { return false }
            // The text's closing quote: the first one not escaped by a backslash.
            var end = opening.count
            while end < line.count, line[end] != 0x22 { end += line[end] == 0x5C ? 2 : 1 }
            return memchr(start, 0x0A, line.count) == nil && memchr(start, 0x0D, line.count) == nil
                && memcmp(start, opening, opening.count) == 0
                && end + entries.count <= line.count && memcmp(start + end, entries, entries.count) == 0
                && memcmp(start + line.count - ending.count, ending, ending.count) == 0
        }
        guard framed else { return ["not one line with the keys in order: \(line)"] }
        // JSONDecoder: swift-corelibs JSONSerialization drops a U+FEFF that opens a string.
        guard let decoded = try? JSONDecoder().decode(ParseLine.self, from: Data(bytes)) else { return ["not JSON: \(line)"] }
        var problems: [String] = []
        if decoded.text != text { problems.append("text does not round-trip") }
        if decoded.error != failure?.rawValue || decoded.entries.count != ((try? result.get()) ?? []).count {
            problems.append("entries or error in \(line)")
        }
        if !decoded.entries.isEmpty {
            let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
            let entries = object?["entries"] as? [[String: Any]] ?? []
            if entries.contains(where: { Set($0.keys) != entryKeys }) { problems.append("entry keys in \(line)") }
        }
        return problems
    }
}

/// The contract's types, as a tool would decode them.
struct ParseLine: Decodable {
    struct Entry: Decodable {
        var kind, amount, currency, category: String
        var account: String?
        var date, note: String
    }

    var text: String
    var entries: [Entry]
    var error: String?
}

/// Household rules as the conversation learns them, keyed by stems the fuzzer often makes.
struct FuzzRules: CategoryRules {
    func category(forStems stems: [String]) -> CategoryKey? {
        if stems.contains(where: { $0.hasPrefix("а") }) { return CategoryKey(rawValue: "salary") }
        if stems.contains(where: { $0.hasPrefix("б") }) { return CategoryKey(rawValue: "taxi") }
        return nil
    }
}
