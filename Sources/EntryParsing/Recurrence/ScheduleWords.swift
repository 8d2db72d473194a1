import Recurring

/// The words of a schedule in uk, ru and en, as the tokenizer hands them on: lower case, `ё`
/// as `е`, apostrophes dropped (`щопʼятниці` → `щопятниці`), Latin look-alikes in a Cyrillic
/// word made Cyrillic. Whole words only: `щоденник`, `щотижневик` and `everyday` say nothing.
///
/// Left out on purpose: adjectives (`місячна`, `щомісячний`, `ежемесячный`: `зарплата 30000
/// місячна` and `місячний проїзний 600` name what one payment was for), rates (`на місяць`,
/// `в месяц`, `per month`: a price, not a wish to repeat it) and counted periods (`кожного
/// другого тижня`, `every 2 weeks`), which no `Cadence` says: all of them stay ordinary entries.
enum ScheduleWords {
    enum Unit: Equatable, Sendable { case day, week, month, year }

    /// One word that is a whole schedule: `щомісяця`, `daily`.
    static let cadences = table([
        .day: "щодня щоденно ежедневно daily",
        .week: "щотижня щотижнево еженедельно weekly",
        .month: "щомісяця щомісячно ежемесячно monthly",
        .year: "щороку щорічно ежегодно yearly annually",
    ])

    /// The period `every` is said with: `кожного місяця`, `каждую неделю`, `every year`.
    static let units = table([
        .day: "день дня day",
        .week: "тиждень тижня неделю недели неделя week",
        .month: "місяць місяця месяц месяца month",
        .year: "рік року год года year",
    ])

    static let every: Set<String> = words("""
        кожного кожен кожний кожне кожна кожної кожну каждый каждого каждое каждая каждую каждой every each
        """)

    /// One word that is a weekly schedule on its day.
    static let weekdayCadences: [String: Weekday] = [
        "щопонеділка": .monday, "щовівторка": .tuesday, "щосереди": .wednesday, "щочетверга": .thursday,
        "щопятниці": .friday, "щосуботи": .saturday, "щонеділі": .sunday,
    ]

    /// `(по) понеділках`, `(по) понедельникам`, `(on) mondays`.
    static let pluralWeekdays: [String: Weekday] = {
        let forms = [
            "понеділках понедельникам mondays", "вівторках вторникам tuesdays", "середах средам wednesdays",
            "четвергах четвергам thursdays", "пятницях пятницам fridays", "суботах субботам saturdays",
            "неділях воскресеньям sundays",
        ]
        var table: [String: Weekday] = [:]
        for (index, line) in forms.enumerated() {
            for word in words(line) { table[word] = Weekday(rawValue: index + 1) }
        }
        return table
    }()

    /// A weekday in any case (`понеділка`, `среду`, `monday`), from the date words.
    static func weekday(_ word: String) -> Weekday? {
        DayWords.weekdays[word].flatMap { Weekday(rawValue: $0 + 1) }
    }

    /// After `every second`, `кожного першого`, `every 2nd`: a count of periods or an n-th weekday
    /// of a month, not a day of the month.
    static let counted: Set<String> = words("""
        день дня дні днів дней day days тиждень тижня тижні тижнів неделю недели недель неделя week weeks
        місяць місяця місяці місяців месяц месяца месяцев month months рік року роки років год года лет
        year years раз разу раза time times
        """).union(DayWords.weekdays.keys).union(pluralWeekdays.keys)

    /// Between two days: `5-го і 20-го`, `Monday and Friday`.
    static let and: Set<String> = ["і", "й", "та", "и", "and"]

    /// `5 числа`, `каждое 5-е число`.
    static let dayOfMonth: Set<String> = ["числа", "число"]

    /// English cadence words that say what one purchase was when a noun follows: `monthly pass`.
    static let boughtOnce: Set<String> = ["pass", "passes", "ticket", "tickets", "travelcard"]

    static let startWords: Set<String> = words("з із зі від с со от from starting since beginning")
    static let endWords: Set<String> = words("до по until till til through thru ending")
    /// Before a day with a monthly or yearly cadence, the day a payment is due by
    /// (`щомісяця до 10 числа`), not the schedule's end.
    static let deadline: Set<String> = ["до", "by"]

    /// True for a word only a schedule starts with: without one, a message is no schedule.
    static func mayStart(_ word: String) -> Bool {
        cadences[word] != nil || every.contains(word) || weekdayCadences[word] != nil || pluralWeekdays[word] != nil
    }

    private static func words(_ line: String) -> Set<String> {
        Set(line.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }

    private static func table(_ lines: [Unit: String]) -> [String: Unit] {
        var table: [String: Unit] = [:]
        for (unit, line) in lines {
            for word in words(line) { table[word] = unit }
        }
        return table
    }
}
