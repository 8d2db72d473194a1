import Glibc
import KopiykaCore

/// Parses a realistic mix of messages (uk/ru/en, digits and words, dates, several entries)
/// for about `seconds` of the calling thread's CPU time (so other work on a busy machine does
/// not count against it). For `kopiyka bench` and release-build checks.
public enum ParserBenchmark {
    public static func run(seconds: Double) -> (messages: Int, messagesPerSecond: Double, nanosecondsPerMessage: Double) {
        let parser = EntryParser()
        let today = LocalDate(year: 2026, month: 11, day: 21)!
        _ = parser.parse(messages[0], today: today)  // builds the tables outside the timing
        let start = threadCPUMicroseconds()
        var count = 0, entries = 0
        var elapsed = 0.0
        repeat {
            for message in messages {
                if case .success(let parsed) = parser.parse(message, today: today) { entries += parsed.count }
            }
            count += messages.count
            elapsed = threadCPUMicroseconds() - start
        } while elapsed < seconds * 1e6
        precondition(entries > 0)
        return (count, Double(count) / (elapsed / 1e6), elapsed * 1e3 / Double(count))
    }

    /// Each of `HostileMessages` parsed `repetitions` times in five rounds, the least disturbed
    /// round counting: the slowest message's cost and the mean over all of them, in
    /// microseconds of this thread's CPU time.
    public static func hostile(repetitions: Int = 20) -> (worst: String, worstMicroseconds: Double, averageMicroseconds: Double) {
        let parser = EntryParser()
        let today = LocalDate(year: 2026, month: 11, day: 21)!
        _ = parser.parse(messages[0], today: today)
        var worst = ("", 0.0), total = 0.0
        for (name, text) in HostileMessages.all {
            var micros = Double.infinity
            for _ in 0..<5 {
                let start = threadCPUMicroseconds()
                for _ in 0..<repetitions { _ = parser.parse(text, today: today) }
                micros = min(micros, (threadCPUMicroseconds() - start) / Double(repetitions))
            }
            total += micros
            if micros > worst.1 { worst = (name, micros) }
        }
        return (worst.0, worst.1, total / Double(HostileMessages.all.count))
    }

    static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }

    static let messages: [String] = [
        "кава 85", "таксі 120 вчора", "кава 85 грн картка", "+30000 зарплата", "$20 netflix",
        "Сільпо 1 234,56 монобанк", "продукти в АТБ 456.78", "вчора заправка ОККО 1.5к",
        "обід 250, таксі 180", "кава вісімдесят пʼять гривень", "оренда 15 тис 12.11",
        "Bolt Food 320 картою", "донат на ЗСУ 500", "аптека 342,50 готівкою", "+1200 кешбек",
        "такси 150 вчера", "продукты 780 наличными", "кофе 65", "полторы тысячи за стрижку",
        "обед 230 грн, кофе 55", "бензин 1500 WOG", "аренда 12000 ноября 1",
        "coffee 4.5 usd", "groceries 56.20 eur card", "uber 12 yesterday", "+2500 freelance",
        "rent 800 pln", "lunch eighty five", "November 12 dentist 1200",
        "Київстар 200\nкомуналка 2 345,10\nшаурму 150", "привіт", "зарплата 35 000 #приватно",
        "ресторанн 1200", "двісті п'ятдесят на проїзд", "подарунок мамі 1,5k", "€15 spotify",
    ]
}
