import Foundation
import EntryParsing
import KopiykaCore
import Testing

/// Random amounts written in every supported form parse back to the same amount.
@Suite struct PropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 42, 2026]
    static let iterations = 400
    static let notes = ["кава", "таксі", "продукти", "кофе", "такси", "coffee", "groceries", "Сільпо", "оренда", "щось"]

    private func expect(_ message: String, minorUnits: Int64, seed: UInt64) {
        let result = EntryParser().parse(message, today: today)
        guard case .success(let entries) = result, entries.count == 1 else {
            Issue.record("seed \(seed): \(message) → \(result)")
            return
        }
        #expect(entries[0].amount.minorUnits == minorUnits, "seed \(seed): \(message)")
    }

    private func place(_ amount: String, _ rng: inout SplitMix64) -> String {
        let note = PropertyTests.notes.randomElement(using: &rng)!
        return Bool.random(using: &rng) ? "\(note) \(amount)" : "\(amount) \(note)"
    }

    @Test(arguments: seeds) func digitsWithEverySeparator(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<PropertyTests.iterations {
            let major = Int64.random(in: 1...999_999_999, using: &rng)
            let minor = Int64.random(in: 0...99, using: &rng)
            let fraction = minor < 10 ? "0\(minor)" : "\(minor)"
            let groups = String(major).reversed().chunks(of: 3).reversed().map { String($0.reversed()) }
            let forms: [String] = [
                "\(major).\(fraction)", "\(major),\(fraction)",
                groups.joined(separator: " ") + ",\(fraction)",
                groups.joined(separator: "\u{00A0}") + ",\(fraction)",
                groups.joined(separator: "\u{2009}") + ".\(fraction)",
                groups.joined(separator: "\u{202F}") + ",\(fraction)",
                groups.joined(separator: ",") + ".\(fraction)",
                groups.joined(separator: ".") + ",\(fraction)",
                "\(major).\(fraction) грн", "\(major),\(fraction)₴", "₴\(major).\(fraction)",
            ]
            let form = forms.randomElement(using: &rng)!
            expect(place(form, &rng), minorUnits: major * 100 + minor, seed: seed)
            if minor == 0 || Bool.random(using: &rng) {
                expect(place(groups.joined(separator: " "), &rng), minorUnits: major * 100, seed: seed)
            }
        }
    }

    @Test(arguments: seeds) func thousandSuffixes(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<PropertyTests.iterations {
            let tenths = Int64.random(in: 1...99_999, using: &rng)
            let whole = tenths / 10, tenth = tenths % 10
            let number = tenth == 0 ? "\(whole)" : "\(whole)\([".", ","].randomElement(using: &rng)!)\(tenth)"
            let suffix = ["к", "k", "К", "K", " к", " k", " тис", " тис.", " тыс", " тыс."].randomElement(using: &rng)!
            expect(place(number + suffix, &rng), minorUnits: tenths * 100 * 100, seed: seed)
        }
    }

    @Test(arguments: seeds) func numberWords(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<PropertyTests.iterations {
            let magnitude = [999, 9_999, 999_999, 999_999_999].randomElement(using: &rng)!
            let n = Int64.random(in: 1...Int64(magnitude), using: &rng)
            var words: String
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let apostrophe = ["'", "\u{2019}", "\u{02BC}"].randomElement(using: &rng)!
                words = NumberSpeller.ukrainian(n).replacingOccurrences(of: "'", with: apostrophe)
            case 1:
                words = NumberSpeller.russian(n)
            default:
                words = NumberSpeller.english(n, and: Bool.random(using: &rng), hyphen: Bool.random(using: &rng))
            }
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: words = words.uppercased()
            case 1: words = words.capitalized
            default: break
            }
            expect(place(words, &rng), minorUnits: n * 100, seed: seed)
        }
    }
}

extension Collection {
    func chunks(of size: Int) -> [SubSequence] {
        stride(from: 0, to: count, by: size).map { start in
            let from = index(startIndex, offsetBy: start)
            return self[from..<(index(from, offsetBy: size, limitedBy: endIndex) ?? endIndex)]
        }
    }
}
