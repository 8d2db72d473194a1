import Conversation
import Foundation
import KopiykaCore
import KopiykaTestSupport
import Ledger
import Testing

extension Stories {
    /// Payments that come back, told through the chat: a bill reminded the day before,
    /// confirmed and recorded once; an automatic payment recorded once across restarts of the
    /// running bot; a subscription noticed after three months of the same entry.
    @Suite struct RecurringStory {
        /// The scenarios' clock starts on Saturday 21 November 2026, 10:00 in Kyiv.
        @Test(arguments: [Scenario.Depth.conversation, .botAPI])
        func aBillIsRemindedConfirmedAndRecordedOnce(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                try await story.say("/start", from: .olha)
                let made = try await story.say("садочок 2500 щомісяця 23 числа", from: .olha).map(spaced)
                #expect(made == ["🔁 Регулярний платіж: садочок · 2 500 ₴ · щомісяця, 23 числа\nНаступного разу — 23 листопада. Нагадаю напередодні й того дня."],
                        "\(made)")
                try story.advanceClock(by: 24 * 3_600)  // Sunday, 10:00.
                try await story.runSchedule()
                #expect(story.received(in: Sender.olha.id).last.map(spaced) == "🔔 Завтра: садочок 2 500 ₴")
                let paid = try await story.press("✓ Оплачено", from: .olha)
                #expect(paid.message.map { spaced($0.text) } == "✓ Оплачено: садочок 2 500 ₴")
                #expect(paid.replies.map(spaced).first?.hasPrefix("✅ садочок · 2 500 ₴") == true, "\(paid.replies)")
                try story.advanceClock(by: 24 * 3_600)  // Monday, the day itself.
                let before = story.received(in: Sender.olha.id).count
                try await story.runSchedule()
                #expect(story.received(in: Sender.olha.id).count == before, "paid already: no reminder on the day")
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                let entries = try story.database().entries.list(householdID: olha.householdID, dates: LocalDate(iso: "2026-11-01")!...LocalDate(iso: "2026-12-31")!)
                #expect(entries.map(\.date.iso) == ["2026-11-22"] && entries.map(\.amount.minorUnits) == [250_000])
            }
        }

        /// At the binary depth the bot reads the real clock: each item starts years ago on
        /// yesterday's day of the month, and the story moves its cursor to yesterday in the
        /// database; the bot's scheduler, which looks at every source as it starts, records
        /// what is overdue whatever the hour.
        @Test(arguments: [Scenario.Depth.botAPI, .binary])
        func anAutomaticPaymentIsRecordedOnceAcrossRestarts(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                let yesterday = LocalDate(depth == .binary ? Date() : testNow, in: kyiv).adding(days: -1)
                let start = "\(yesterday.day).\(yesterday.month).\(yesterday.year - 4)"  // A leap day has one four years back.
                try await story.say("/start", from: .olha)
                try await story.say("Spotify 199 щомісяця з \(start)", from: .olha)
                try await story.say("Netflix 299 щомісяця з \(start)", from: .olha)
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                let items = try story.database().recurring.items(householdID: olha.householdID)
                #expect(items.map(\.mode) == [.automatic, .automatic])
                let spotify = try #require(items.first { $0.note == "Spotify" }), netflix = try #require(items.first { $0.note == "Netflix" })
                func recorded(_ note: String) throws -> [Entry] {
                    try story.database().entries.list(householdID: olha.householdID, dates: LocalDate(iso: "2000-01-01")!...LocalDate(iso: "2100-01-01")!)
                        .filter { $0.note == note }
                }
                try story.database().recurring.setNextDate(yesterday, itemID: spotify.id)
                try await story.restart()
                #expect(try await eventually { try recorded("Spotify").count == 1 })
                #expect(try recorded("Spotify").map(\.date) == [yesterday])
                #expect(await eventually { story.received(in: Sender.olha.id).contains { $0.hasPrefix("🔁 Регулярний платіж:\n✅ Spotify") } },
                        "\(story.received(in: Sender.olha.id))")

                try story.database().recurring.setNextDate(yesterday, itemID: netflix.id)
                try await story.restart()
                #expect(try await eventually { try recorded("Netflix").count == 1 })
                #expect(try recorded("Spotify").count == 1, "the pass that recorded Netflix found Spotify done")
                #expect(story.received(in: Sender.olha.id).filter { $0.contains("✅ Spotify") }.count == 1)
            }
        }

        /// The bill's day has passed while the bot was stopped (its cursor moved to yesterday in
        /// the database): the bot reminds it as late when it starts, and ✓ records it once.
        @Test(arguments: [Scenario.Depth.botAPI, .binary])
        func aBillMissedWhileStoppedIsRemindedAndPaidOnce(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                let yesterday = LocalDate(depth == .binary ? Date() : testNow, in: kyiv).adding(days: -1)
                try await story.say("/start", from: .olha)
                try await story.say("садочок 2500 щомісяця з \(yesterday.day).\(yesterday.month).\(yesterday.year - 4)", from: .olha)
                let olha = try #require(try story.database().families.member(telegramUserID: Sender.olha.id))
                let bill = try #require(try story.database().recurring.items(householdID: olha.householdID).first)
                #expect(bill.mode == .bill)
                try story.database().recurring.setNextDate(yesterday, itemID: bill.id)
                try await story.restart()
                #expect(await eventually { story.received(in: Sender.olha.id).last.map(spaced)?.hasPrefix("🔔 Треба було сплатити") == true },
                        "\(story.received(in: Sender.olha.id))")
                let paid = try await story.press("✓ Оплачено", from: .olha)
                #expect(paid.replies.map(spaced).first?.hasPrefix("✅ садочок · 2 500 ₴") == true, "\(paid.replies)")
                let entries = try story.database().entries.list(householdID: olha.householdID, dates: yesterday...yesterday)
                #expect(entries.map(\.amount.minorUnits) == [250_000])
                try await story.restart()
                #expect(try story.database().entries.list(householdID: olha.householdID, dates: yesterday...yesterday).count == 1)
            }
        }

        @Test(arguments: Scenario.Depth.allCases)
        func aSubscriptionIsNoticedAfterThreeMonths(depth: Scenario.Depth) async throws {
            try await Scenario.play(at: depth) { story in
                try await story.say("/start", from: .olha)
                let now = depth == .binary ? LocalDate(Date(), in: kyiv) : LocalDate(testNow, in: kyiv)
                let previous = YearMonth(now).previous, earlier = previous.previous
                try await story.say("YouTube Premium 149 15.\(String(format: "%02d", earlier.month))", from: .olha)
                try await story.say("YouTube Premium 149 15.\(String(format: "%02d", previous.month))", from: .olha)
                let third = try await story.say("YouTube Premium 149", from: .olha).map(spaced)
                #expect(third.last == "🔁 «YouTube Premium» 149 ₴ — уже третій місяць поспіль. Зробити регулярним платежем?", "\(third)")
                let made = try await story.press("🔁 Так, щомісяця", from: .olha)
                #expect(made.message.map { spaced($0.text) }?.hasPrefix("🔁 Регулярний платіж: YouTube Premium · 149 ₴ · щомісяця, \(now.day) числа") == true,
                        "\(String(describing: made.message?.text))")
                let subscriptions = try await story.say("/subscriptions", from: .olha).map(spaced)
                #expect(subscriptions.first?.hasPrefix("📺 Підписки: 149 ₴ на місяць · 1 788 ₴ на рік") == true, "\(subscriptions)")
                #expect(try await story.say("YouTube Premium 149", from: .olha).count == 1, "offered once")
            }
        }

        func spaced(_ text: String) -> String { text.replacingOccurrences(of: "\u{A0}", with: " ") }
    }
}
