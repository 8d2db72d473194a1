import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Savings: what the family's savings accounts (a deposit, a jar, a dollar stash) are worth,
/// said in chat (`депозит 52 000`) and shown by `/savings` with how they changed this month
/// and this year. Savings accounts are the accounts of `/accounts` with the savings kind;
/// money moved into one is a transfer, and adds to its value without a word.
struct SavingsFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("savings", section: .reports, helpRank: 27, menuRank: 16, aliases: ["zaoshchadzhennia", "sberezheniya"],
                     words: ["заощадження", "накопичення", "сбережения", "накопления", "savings"]) { call in
            let savings = SavingsFeature(call.context)
            try call.reply(try savings.overview(call.member, household: call.household))
            if let chart = try savings.chart(call.household, savings.localizer(call.member)) { try call.reply.send(chart) }
        },
    ]

    /// Words that set a savings account's value (`recordValue`).
    static let valueClaim = MessageClaim("savings.value", on: [.entryText]) { call in
        let savings = SavingsFeature(call.context), household = try call.household()
        return try savings.recordValue(try call.parsed(), member: call.member, household: household,
                                       today: savings.today(of: household), reply: call.reply)
    }

    /// `депозит 52 000`: a message that is a savings account's name and an amount, nothing
    /// else (a date aside), sets what that account is worth that day, today by default. True
    /// when the message was one. A currency left unsaid is the account's own (`долари 500` on a
    /// dollar stash is 500 $).
    /// `parsed` is the message as `EntriesFeature.parse` read it for `member` today.
    func recordValue(_ parsed: Result<[ParsedEntry], ParseFailure>, member: Member, household: Household, today: LocalDate,
                     reply: Replier) throws -> Bool {
        guard case .success(let parsed) = parsed, parsed.count == 1, let said = parsed.first, said.kind == .expense,
              said.readings.isEmpty, said.note.isEmpty, said.expression == nil, let key = said.account,
              let account = try ledger.accounts.account(memberID: member.id, key: key), account.kind == .savings, !account.isArchived
        else { return false }
        let l = localizer(member)
        let name = AccountsFeature(context).name(account, l).htmlEscaped
        guard let value = Self.inAccountCurrency(said.amount, account: account, base: household.baseCurrency) else {
            try reply(l("savings.currency", ["name": .text(name), "currency": .text(account.currency.code)]))
            return true
        }
        // `депозит 50000 вчора` is yesterday's value; a day to come is not known yet: today's.
        let day = min(said.date, today)
        let dated = day == today ? "" : ".dated"
        let before = try? ledger.accounts.value(of: account, on: day)
        try ledger.accounts.setValue(value.minorUnits, of: account, on: day)
        guard let before = before ?? nil, before != value.minorUnits,
              case (let difference, false) = value.minorUnits.subtractingReportingOverflow(before) else {
            try reply(l("savings.set" + dated, ["name": .text(name), "value": .money(value), "date": .text(l.dayAndMonth(day))]))
            return true
        }
        let change = Money(minorUnits: difference, currency: account.currency)
        try reply(l("savings.changed" + dated, ["name": .text(name), "value": .money(value), "date": .text(l.dayAndMonth(day)),
                                                 "change": .text(Self.signed(change, l))]))
        return true
    }

    /// The amount said, in the account's currency: as written when it names that currency, or
    /// read in it when the message named none (the household's currency is the parser's
    /// default); nil when it names another currency, or has cents the account's currency lacks.
    static func inAccountCurrency(_ said: Money, account: Account, base: Currency) -> Money? {
        if said.currency == account.currency { return said }
        guard said.currency == base else { return nil }
        let scaled = Int128(said.minorUnits) * Int128(account.currency.minorUnitsPerMajor)
        let (whole, rest) = scaled.quotientAndRemainder(dividingBy: Int128(said.currency.minorUnitsPerMajor))
        guard rest == 0, let minor = Int64(exactly: whole) else { return nil }
        return Money(minorUnits: minor, currency: account.currency)
    }

    static func signed(_ change: Money, _ l: Localizer) -> String {
        change.minorUnits > 0 ? "+" + l.money(change) : l.money(change)
    }
}
