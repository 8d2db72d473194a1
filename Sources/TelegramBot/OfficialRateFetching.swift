import Banking
import HTTP
import KopiykaCore
import TelegramClient

/// The National Bank of Ukraine's exchange-rate directory over HTTP: one GET a day asked for.
struct NBUClient: Sendable {
    let http: any HTTPClient
    /// `https://bank.gov.ua`, or a test's fake, without a trailing slash.
    let baseURL: String

    /// The rates in force on `day`; an empty list for a day the NBU set none. Throws for a
    /// status other than 200 and for an answer that is not the directory's JSON.
    func rates(on day: LocalDate) async throws -> [OfficialRate] {
        let response = try await http.perform(HTTPRequest(
            method: .get, url: baseURL + NBURates.path(date: day), headers: [("Accept", "application/json")],
            timeout: .seconds(30), connectTimeout: .seconds(10)))
        guard response.status == 200 else { throw NBUUnavailable(status: response.status) }
        return try NBURates.parse(Array(response.body))
    }
}

struct NBUUnavailable: Error, CustomStringConvertible {
    let status: Int
    var description: String { "the NBU answered HTTP \(status)" }
}

extension BotRunner {
    /// Keeps the NBU's official rates current, outside any update: looks every minute (on
    /// `configuration.clock`) for days it lacks — today in Kyiv, the days of entries still
    /// without a base amount — asks the NBU for each (31 at most a look), and hands each answer
    /// to `BotCore`, which stores it and values the waiting entries in one transaction. A
    /// failure backs off (`RateFetchSchedule`); meanwhile entries wait, and reports say so.
    func runOfficialRateFetching(_ http: any HTTPClient, baseURL: String) async {
        let nbu = NBUClient(http: http, baseURL: baseURL)
        var schedule = RateFetchSchedule(look: configuration.rateLookInterval)
        while !Task.isCancelled {
            let wait: Duration
            do {
                try await fetchMissingRates(nbu)
                wait = schedule.succeeded()
            } catch {
                wait = schedule.failed()
                if Self.worthLogging(schedule.failures) {
                    log.warning("official rates wait \(wait) (\(schedule.failures) tries so far): \(error)")
                }
            }
            do { try await configuration.clock.sleeper.sleep(for: wait) } catch { return }
        }
    }

    /// One look. A day already asked in this look is not asked again: an answer that values
    /// nothing cannot keep the fetcher asking.
    func fetchMissingRates(_ nbu: NBUClient) async throws {
        var asked: Set<LocalDate> = []
        while asked.count < 31, !Task.isCancelled {
            let days = try await core.officialRateDaysToFetch(limit: 10).filter { !asked.contains($0) }
            guard !days.isEmpty else { return }
            for day in days where !Task.isCancelled {
                asked.insert(day)
                let rates = try await nbu.rates(on: day)
                let valued = try await core.recordOfficialRates(rates, for: day)
                log.info("official rates for \(day): \(rates.isEmpty ? "none set (a day off)" : "\(rates.count) currencies")"
                    + (valued > 0 ? ", \(valued) waiting entries valued" : ""))
            }
        }
    }
}
