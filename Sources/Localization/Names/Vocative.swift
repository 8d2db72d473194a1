/// Ukrainian addresses people in the vocative (`Привіт, Олю!`, `Тарасе!`); a nominative there
/// reads as an error. Telegram first names can be anything, so this inflects only the endings
/// whose vocative is certain and says nil otherwise; the caller then greets without a name.
/// Names without Cyrillic (`Olya`, `🌻`) are returned as they are: they have no case to get wrong.
public enum Vocative {
    public static func ukrainian(_ name: String) -> String? {
        guard name.contains(where: \.isCyrillic) else { return name }
        let letters = Array(name)
        guard letters.count >= 2, letters.allSatisfy({ $0.isCyrillic || $0 == "ʼ" || $0 == "'" || $0 == "’" }),
              !letters.contains(where: { "ыэёъЫЭЁЪ".contains($0) }),
              !letters.dropFirst().contains(where: \.isUppercase), !"Ии".contains(letters[0])  // Иван, Ирина: Russian spellings.
        else { return nil }
        let lower = name.lowercased()
        if let irregular = irregular[lower] { return irregular }
        guard !withoutVocative.contains(lower.replacing("’", with: "ʼ").replacing("'", with: "ʼ")) else { return nil }
        // Every subscript below stays within the name: it has at least two letters.
        let last = letters[letters.count - 1], previous = Character(letters[letters.count - 2].lowercased())
        let stem = String(letters.dropLast())
        switch last {
        case "я" where previous == "і": return stem + "є"  // Марія → Маріє
        case "я" where isConsonant(previous) && !isDoubled(letters): return stem + "ю"  // Оля → Олю
        case "а" where isConsonant(previous) && !"жчшщ".contains(previous): return stem + "о"  // Олена → Олено
        case "о" where previous == "к": return stem + "у"  // Юрко → Юрку
        case "о" where isConsonant(previous): return stem + "е"  // Петро → Петре
        case "й" where previous == "і" || previous == "а": return stem + "ю"  // Андрій → Андрію
        case "ь": return stem + "ю"  // Василь → Василю
        case "г": return stem + "же"  // Олег → Олеже
        case "к": return name + "у"  // Марк → Марку, Тарасик → Тарасику
        case _ where "бвдзлмнпрстф".contains(last): return name + "е"  // Тарас → Тарасе
        default: return nil
        }
    }

    /// Common names whose vocative breaks the rules above: the soft group in `-р` (`Ігоря`, so
    /// `Ігорю`), and `і` that turns into `о` once the name is inflected (`Федора`, so `Федоре`).
    static let irregular: [String: String] = [
        "ігор": "Ігорю", "лазар": "Лазарю", "лев": "Льве", "федір": "Федоре", "яків": "Якове", "сидір": "Сидоре",
        "антін": "Антоне", "нестір": "Несторе", "тиміш": "Тимоше", "прокіп": "Прокопе",
    ]

    /// Names greeted without the name: women's names that end in a consonant are not inflected
    /// (`Маріам`, never `Маріаме`) and the rules above cannot tell them from men's; `Павел` is
    /// the Russian spelling, whose Ukrainian vocative would be a guess.
    static let withoutVocative: Set<String> = [
        "маріам", "марʼям", "мерʼєм", "ассоль", "нінель", "рахіль", "юдиф", "естер", "ізабель", "кармен", "ніколь",
        "мішель", "габріель", "айгуль", "гульнар", "шарлот", "аріель", "елізабет",
        "павел",
    ]

    static func isConsonant(_ letter: Character) -> Bool {
        "бвгґджзйклмнпрстфхцчшщ".contains(letter)
    }

    /// `Ілля`: a doubled consonant before the ending takes `-є`, not `-ю`.
    static func isDoubled(_ letters: [Character]) -> Bool {
        letters.count >= 3 && letters[letters.count - 2] == letters[letters.count - 3]
    }
}

extension Character {
    fileprivate var isCyrillic: Bool {
        unicodeScalars.allSatisfy { (0x0400...0x04FF).contains($0.value) }
    }
}
