import Conversation
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// `kopiyka bench savings`: `/savings` for a member with 10 savings accounts, each with a value
/// said every day for 3 years and money moved in every month, answered through the
/// conversation on a SQLite file (the reply queued in the outbox included).
public enum SavingsBenchmark {
    public static func run(accounts count: Int = 10, days: Int = 3 * 365, folder: URL, print say: (String) -> Void) throws {
        let home = try BenchHousehold(folder: folder, name: "savings")
        let (ledger, handler, member, today) = (home.ledger, home.handler, home.member, home.today)
        guard let card = try ledger.accounts.account(memberID: member.id, key: .card) else { return }
        try ledger.transaction {
            for index in 0..<count {
                let account = try ledger.accounts.add(name: "Депозит \(index)", kind: .savings, currency: .uah, memberID: member.id)
                for back in stride(from: days, through: 0, by: -1) {
                    let day = today.adding(days: -back)
                    try ledger.accounts.setValue(Int64(1_000_000 + back * 100 + index), of: account, on: day)
                    if day.day == 1 {
                        _ = try ledger.accounts.addTransfer(NewTransfer(from: card.id, to: account.id, amount: Money(minorUnits: 100_000, currency: .uah),
                                                                        received: Money(minorUnits: 100_000, currency: .uah), date: day, note: ""),
                                                            by: member)
                    }
                }
            }
        }
        let message = IncomingMessage(chat: ChatRef(id: 1, kind: .privateChat), sender: Sender(id: 1, firstName: "Оля"), text: "/savings")
        var best = Double.infinity, text = Double.infinity
        for _ in 0..<20 {
            let start = ContinuousClock.now
            try handler.handle(message)
            best = min(best, seconds(since: start))
            let textStart = ContinuousClock.now
            _ = try handler.savingsText(memberID: member.id)
            text = min(text, seconds(since: textStart))
        }
        say("savings: /savings for \(count) accounts with \(days) days of values each: the text in \((text * 1e3).fixed(2)) ms, "
            + "with its chart of the year \((best * 1e3).fixed(2)) ms (best of 20)")
    }
}
