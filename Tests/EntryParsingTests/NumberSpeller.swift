/// Writes whole numbers as phone dictation does, for the property tests.
enum NumberSpeller {
    static func ukrainian(_ n: Int64) -> String {
        slavic(n, units: ["", "один", "два", "три", "чотири", "п'ять", "шість", "сім", "вісім", "дев'ять"],
               feminine: ["", "одна", "дві"],
               teens: ["десять", "одинадцять", "дванадцять", "тринадцять", "чотирнадцять", "п'ятнадцять",
                       "шістнадцять", "сімнадцять", "вісімнадцять", "дев'ятнадцять"],
               tens: ["", "", "двадцять", "тридцять", "сорок", "п'ятдесят", "шістдесят", "сімдесят", "вісімдесят", "дев'яносто"],
               hundreds: ["", "сто", "двісті", "триста", "чотириста", "п'ятсот", "шістсот", "сімсот", "вісімсот", "дев'ятсот"],
               thousand: ("тисяча", "тисячі", "тисяч"), million: ("мільйон", "мільйони", "мільйонів"))
    }

    static func russian(_ n: Int64) -> String {
        slavic(n, units: ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"],
               feminine: ["", "одна", "две"],
               teens: ["десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
                       "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать"],
               tens: ["", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят", "восемьдесят", "девяносто"],
               hundreds: ["", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот", "восемьсот", "девятьсот"],
               thousand: ("тысяча", "тысячи", "тысяч"), million: ("миллион", "миллиона", "миллионов"))
    }

    static func english(_ n: Int64, and: Bool, hyphen: Bool) -> String {
        let units = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                     "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        func group(_ g: Int) -> [String] {
            var words: [String] = []
            if g >= 100 { words += [units[g / 100], "hundred"] }
            let rest = g % 100
            if rest > 0, g >= 100, and { words.append("and") }
            if rest >= 20 {
                let tail = rest % 10 == 0 ? tens[rest / 10] : tens[rest / 10] + (hyphen ? "-" : " ") + units[rest % 10]
                words.append(tail)
            } else if rest > 0 {
                words.append(units[rest])
            }
            return words
        }
        var words: [String] = []
        for (scale, name) in [(Int64(1_000_000), "million"), (1000, "thousand"), (1, "")] where n / scale % 1000 > 0 {
            words += group(Int(n / scale % 1000))
            if !name.isEmpty { words.append(name) }
        }
        return words.joined(separator: " ")
    }

    private static func slavic(_ n: Int64, units: [String], feminine: [String], teens: [String], tens: [String],
                               hundreds: [String], thousand: (String, String, String), million: (String, String, String)) -> String {
        func group(_ g: Int, female: Bool) -> [String] {
            var words: [String] = []
            if g >= 100 { words.append(hundreds[g / 100]) }
            let rest = g % 100
            if rest >= 20 { words.append(tens[rest / 10]) }
            if (10..<20).contains(rest) {
                words.append(teens[rest - 10])
            } else if rest % 10 > 0 {
                words.append(female && rest % 10 <= 2 ? feminine[rest % 10] : units[rest % 10])
            }
            return words
        }
        func form(_ g: Int, _ forms: (String, String, String)) -> String {
            let rest = g % 100
            if (11...14).contains(rest) { return forms.2 }
            switch rest % 10 {
            case 1: return forms.0
            case 2, 3, 4: return forms.1
            default: return forms.2
            }
        }
        var words: [String] = []
        let millions = Int(n / 1_000_000), thousands = Int(n / 1000 % 1000), ones = Int(n % 1000)
        if millions > 0 { words += group(millions, female: false) + [form(millions, million)] }
        if thousands > 0 { words += group(thousands, female: true) + [form(thousands, thousand)] }
        words += group(ones, female: false)
        return words.joined(separator: " ")
    }
}
