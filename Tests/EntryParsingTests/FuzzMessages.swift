@testable import EntryParsing
import Foundation
import KopiykaCore

/// Messages no one writes on purpose, from the pieces people do write: every word of the
/// vocabularies (number, currency, account, date and month words among them), every letter of
/// the uk/ru/en alphabets alone (so every one-letter word), digits of every length with every
/// separator, dates in and out of range, emoji, zero-width, direction and control marks,
/// combining marks, mixed scripts, and now and then a message as long as Telegram allows.
struct FuzzMessages {
    static let vocabulary: [String] = [Vocabulary.uk, Vocabulary.ru, Vocabulary.en, Vocabulary.merchants]
        .flatMap { $0.split(separator: "\n") }
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .flatMap { line -> [String] in
            guard let colon = line.firstIndex(of: ":") else { return [] }
            return line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    static let numberWords: [String] = [Vocabulary.uk, Vocabulary.ru, Vocabulary.en]
        .flatMap { $0.split(separator: "\n") }
        .filter { line in ["number.", "scale.", "suffix.", "minor:", "currency."].contains { line.trimmingCharacters(in: .whitespaces).hasPrefix($0) } }
        .flatMap { line in
            (line.split(separator: ":").last ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    static let letters: [String] = ("абвгґдеєжзиіїйклмнопрстуфхцчшщьюяёыэъ" + "abcdefghijklmnopqrstuvwxyz")
        .flatMap { [String($0), String($0).uppercased()] }
    static let separators = [" ", "\u{A0}", "\u{202F}", ".", ",", "'", "\u{2009}", ""]
    static let marks: [String] = [
        "😀", "☕️", "👨‍👩‍👧", "🇺🇦", "👍🏽", "\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}", "\u{200E}", "\u{200F}",
        "\u{202A}", "\u{202B}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{0}", "\u{7}", "\u{8}", "\t", "\r", "\u{1B}",
        "\u{7F}", "\u{85}", "\u{2028}", "\u{301}", "\u{306}", "\u{0336}", "₴", "$", "€", "£", "+", "-", "#", ":", ";",
        ",", ".", "\n", "\"", "\\", "<b>", "&amp;", "ʼ", "’", "`", "´", "%", "№", "×", "÷", "½", "٣", "१", "๓",
    ]
    static let scripts: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x590...0x6FF, 0x900...0x97F, 0x1E00...0x1EFF,
        0x2000...0x206F, 0x3040...0x30FF, 0x4E00...0x4FFF, 0xAC00...0xAD00, 0xFE00...0xFE0F, 0x1F300...0x1FAFF, 0xE0000...0xE007F,
    ]

    var rng: SplitMix64

    mutating func next() -> String {
        let long = Int.random(in: 0..<1000, using: &rng) == 0
        var message = ""
        let pieces = long ? Int.max : Int.random(in: 1...6, using: &rng)
        var count = 0, units = 0
        while count < pieces, units < HostileMessages.length {
            let glue = count > 0 ? ["", " ", " ", " ", "\n", ", ", ",", ";", "\u{A0}"].randomElement(using: &rng)! : ""
            let next = glue + piece()
            message += next
            units += next.utf16.count
            count += 1
        }
        return long ? String(String.UnicodeScalarView(message.unicodeScalars.prefix(HostileMessages.length))) : message
    }

    private mutating func piece() -> String {
        switch Int.random(in: 0..<12, using: &rng) {
        case 0, 1: return cased(FuzzMessages.vocabulary.randomElement(using: &rng)!)
        case 2: return FuzzMessages.letters.randomElement(using: &rng)!
        case 3, 4: return digits()
        case 5: return (0..<Int.random(in: 1...5, using: &rng)).map { _ in FuzzMessages.numberWords.randomElement(using: &rng)! }
            .joined(separator: " ")
        case 6: return date()
        case 7: return FuzzMessages.marks.randomElement(using: &rng)!
        case 8: return scalars(Int.random(in: 1...12, using: &rng))
        case 9: return mangled(FuzzMessages.vocabulary.randomElement(using: &rng)!)
        case 10: return ["1e999", "1E30", "9e18", "1e-5", "0", "00", "0,00", "-5", "+", "++85", "85+", "#приватно", "#"]
            .randomElement(using: &rng)!
        default: return digits() + FuzzMessages.vocabulary.randomElement(using: &rng)!
        }
    }

    /// Digits of any length in groups of any size, with any separator, maybe a fraction or an exponent.
    private mutating func digits() -> String {
        var text = ""
        let total = Int.random(in: 1...(Bool.random(using: &rng) ? 4 : 40), using: &rng)
        let separator = FuzzMessages.separators.randomElement(using: &rng)!
        let group = Bool.random(using: &rng) ? 3 : Int.random(in: 1...6, using: &rng)
        for i in 0..<total {
            if i > 0, i % group == 0 { text += separator }
            text += String(Int.random(in: 0...9, using: &rng))
        }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: text += [",", "."].randomElement(using: &rng)! + String(repeating: "5", count: Int.random(in: 1...25, using: &rng))
        case 1: text += ["к", "k", " тис", " млн", " млрд", "e5", "e18", " грн", "$", " коп"].randomElement(using: &rng)!
        default: break
        }
        return Bool.random(using: &rng) ? text : ["$", "₴", "€", "+", "+$"].randomElement(using: &rng)! + text
    }

    private mutating func date() -> String {
        let day = Int.random(in: 0...32, using: &rng), month = Int.random(in: 0...13, using: &rng)
        let year = [0, 1, 99, 1999, 2000, 2026, 2027, 2028, 2200, 9999, Int.random(in: 0...9999, using: &rng)].randomElement(using: &rng)!
        let padded = { (n: Int, width: Int) in String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return "\(padded(day, 2)).\(padded(month, 2))"
        case 1: return "\(padded(day, 2)).\(padded(month, 2)).\(padded(year % (Bool.random(using: &rng) ? 100 : 10_000), 2))"
        default: return "\(day) \(["листопада", "грудня", "march", "ноября", "січня"].randomElement(using: &rng)!) \(year)"
        }
    }

    private mutating func scalars(_ count: Int) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<count {
            let range = FuzzMessages.scripts.randomElement(using: &rng)!
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { view.append(scalar) }
        }
        return String(view)
    }

    private mutating func cased(_ word: String) -> String {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return word.uppercased()
        case 1: return word.capitalized
        default: return word
        }
    }

    /// A word with one letter doubled, dropped or swapped for a mark: near misses for the typo matcher.
    private mutating func mangled(_ word: String) -> String {
        var scalars = Array(word.unicodeScalars)
        guard !scalars.isEmpty else { return word }
        let at = Int.random(in: 0..<scalars.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: scalars.insert(scalars[at], at: at)
        case 1: scalars.remove(at: at)
        default: scalars[at] = FuzzMessages.marks.randomElement(using: &rng)!.unicodeScalars.first ?? "x"
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
