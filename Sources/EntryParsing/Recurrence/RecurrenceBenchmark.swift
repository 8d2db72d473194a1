import KopiykaCore

extension ParserBenchmark {
    /// `RecurrencePhrase.read` in microseconds of this thread's CPU time per message: over the
    /// parser's benchmark messages (none a schedule: what every message pays before the parser),
    /// over schedules, and the worst of `HostileMessages`, about `seconds` for each of the first two.
    public static func recurrence(seconds: Double) -> (ordinary: Double, schedules: Double, worstHostile: Double) {
        let today = LocalDate(year: 2026, month: 11, day: 21)!
        _ = EntryParser().parse(messages[0], today: today)  // builds the tables outside the timing
        func cost(_ texts: [String], seconds: Double) -> (micros: Double, read: Int) {
            let start = threadCPUMicroseconds()
            var count = 0, read = 0
            var elapsed = 0.0
            repeat {
                for text in texts where RecurrencePhrase.read(text, today: today) != nil { read += 1 }
                count += texts.count
                elapsed = threadCPUMicroseconds() - start
            } while elapsed < seconds * 1e6
            return (elapsed / Double(count), read)
        }
        let ordinary = cost(messages, seconds: seconds), scheduled = cost(schedules, seconds: seconds)
        precondition(ordinary.read == 0 && scheduled.read > 0)
        let worst = HostileMessages.all.map { cost([$0.text], seconds: 0.01).micros }.max() ?? 0
        return (ordinary.micros, scheduled.micros, worst)
    }

    static let schedules = [
        "netflix 299 щомісяця", "оренда 15000 кожного 5-го", "садочок 2500 щомісяця 10 числа", "спортзал 900 щотижня",
        "страховка 4800 щороку 1 березня", "комуналка щомісяця", "аренда 15000 5 числа каждого месяца",
        "по понедельникам бассейн 200", "rent 800 every month on the 5th until March 2027", "gym 30 on mondays",
        "Оренда 15000 щомісяця з 1 грудня до 31.12.2027", "кава 85 щодня, оренда 15000 щомісяця",
    ]
}
