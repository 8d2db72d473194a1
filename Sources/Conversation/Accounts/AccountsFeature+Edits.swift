import EntryParsing
import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

extension AccountsFeature {
    /// A question about an account is answered within a day, or asked again.
    static let promptLifetime: TimeInterval = 86_400

    /// `/accounts`: the list with its buttons (in the member's private chat), or
    /// `/accounts add Ощад`.
    func accounts(_ argument: String, member: Member, household: Household, chat: ChatRef, reply: Replier) throws {
        let l = localizer(member)
        if let first = argument.split(whereSeparator: \.isWhitespace).first {
            guard ["add", "додати", "добавить"].contains(first.lowercased()) else {
                try reply(l("accounts.usage"))
                return
            }
            try reply(try add(String(argument.dropFirst(first.count)), member: member, l).text)
            return
        }
        let (html, buttons) = try list(member: member, household: household,
                                       withButtons: chat.kind == .privateChat && chat.id == member.telegramUserID)
        try reply(html, buttons: buttons)
    }

    /// Why 10: three buttons each and the page row stay far below Telegram's 100 buttons,
    /// however many accounts a member makes.
    static let listPage = 10

    /// The household's accounts; with buttons, page `page` of the member's own (clamped to
    /// the pages there are now), three buttons each, "add", and the page row when there are more.
    func list(member: Member, household: Household, withButtons: Bool, page: Int = 0) throws -> (String, [[OutboxButton]]) {
        let l = localizer(member)
        let (lines, listed) = try householdLines(household, l, kinds: true)
        let text = ([l("accounts.title")] + lines + ["", l("accounts.usage")]).joined(separator: "\n")
        guard withButtons else { return (text, []) }
        let own = listed.map(\.0).filter { $0.memberID == member.id }
        let shown = ListPage(page, total: own.count, size: Self.listPage)
        var buttons: [[OutboxButton]] = own[shown.items].map { account in
            func button(_ title: String, _ action: AccountButton.Action) -> OutboxButton {
                OutboxButton(title: title, data: AccountButton(action: action, accountID: account.id).encoded)
            }
            var row = [button(l("accounts.button.rename", ["name": .text(name(account, l))]), .rename),
                       button(l("accounts.button.balance"), .balance)]
            if account.key != member.defaultAccount { row.append(button(l("accounts.button.archive"), .archive)) }
            return row
        }
        buttons.append([OutboxButton(title: l("accounts.button.add"), data: AccountButton(action: nil, accountID: nil).encoded)])
        if let pages = shown.navigation(l, data: { AccountButton(page: $0).encoded }) { buttons.append(pages) }
        return (text, buttons)
    }

    /// The page of the member's own accounts that shows `accountID` now (0 when none does).
    func page(showing accountID: Int64, member: Member, household: Household) throws -> Int {
        let own = try householdLines(household, localizer(member), kinds: true).1.map(\.0).filter { $0.memberID == member.id }
        return ListPage(containing: own.firstIndex { $0.id == accountID } ?? 0, total: own.count, size: Self.listPage).index
    }

    func press(_ button: AccountButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        guard let chat = press.chat else { return nil }
        let reply = Replier(ledger: ledger, chat: chat)
        if let page = button.page {
            // Buttons are the member's own, in their private chat only, as /accounts shows them.
            guard chat.kind == .privateChat, chat.id == member.telegramUserID else { return nil }
            let (html, buttons) = try list(member: member, household: try household(of: member), withButtons: true, page: page)
            try edit(press, html: html, buttons: buttons)
            return nil
        }
        guard let action = button.action else {
            try ask(.add, account: nil, member: member, reply: reply, l)
            return nil
        }
        guard let id = button.accountID, let account = try ledger.accounts.account(id: id), account.memberID == member.id,
              !account.isArchived
        else { return l("accounts.not_found") }
        switch action {
        case .rename: try ask(.rename, account: account, member: member, reply: reply, l)
        case .balance: try ask(.balance, account: account, member: member, reply: reply, l)
        case .archive:
            guard account.key != member.defaultAccount else { return l("accounts.archive.default") }
            let household = try household(of: member)
            let page = try page(showing: account.id, member: member, household: household)
            try ledger.accounts.archive(account.id, on: today(of: household))
            let (html, buttons) = try list(member: member, household: household, withButtons: true, page: page)
            try edit(press, html: html, buttons: buttons)
            return l("accounts.archived", ["name": .text(name(account, l))])
        }
        return nil
    }

    private func ask(_ action: AccountPrompt.Action, account: Account?, member: Member, reply: Replier, _ l: Localizer) throws {
        let outboxID = try reply(l("accounts.prompt.\(action.rawValue)", [
            "name": .text(account.map { name($0, l).htmlEscaped } ?? ""), "currency": .text(account?.currency.code ?? ""),
        ]))
        try ledger.accounts.ask(action, accountID: account?.id, memberID: member.id, outboxID: outboxID)
    }

    /// A reply to a question the bot asked about an account; a stale, answered or someone
    /// else's question says so and changes nothing. A mistake leaves it open for another reply.
    func answer(_ prompt: AccountPrompt, text: String, member: Member) throws -> String {
        let l = localizer(member)
        guard prompt.memberID == member.id else { return l("accounts.prompt.not_yours") }
        guard !prompt.isAnswered else { return l("accounts.prompt.answered") }
        guard clock.now().timeIntervalSince(prompt.askedAt) <= Self.promptLifetime else { return l("accounts.prompt.stale") }
        let result: (text: String, done: Bool)
        if prompt.action == .add {
            result = try add(text, member: member, l)
        } else {
            guard let id = prompt.accountID, let account = try ledger.accounts.account(id: id), !account.isArchived else {
                return l("accounts.not_found")
            }
            result = prompt.action == .rename ? try rename(account, to: text, member: member, l)
                : try setBalance(account, text: text, member: member, l)
        }
        if result.done { try ledger.accounts.markAnswered(prompt) }
        return result.text
    }

    /// `Ощад`, `Кредитка кредитна`, `Долари готівка USD`: a name, then a kind and a currency if given.
    func add(_ text: String, member: Member, _ l: Localizer) throws -> (text: String, done: Bool) {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var currency = try household(of: member).baseCurrency
        if words.count > 1, let last = words.last, let code = Self.currency(last) {
            currency = code
            words.removeLast()
        }
        var kind = words.first.flatMap(AccountKindWords.kind) ?? .card
        if words.count > 1, let last = words.last, let named = AccountKindWords.kind(last) {
            kind = named
            words.removeLast()
        }
        switch checkedName(words.joined(separator: " "), member: member, except: nil, l) {
        case .failure(let problem): return (problem.text, false)
        case .success(let name):
            _ = try ledger.accounts.add(name: name, kind: kind, currency: currency, memberID: member.id)
            return (l("accounts.added", [
                "name": .text(name.htmlEscaped), "kind": .text(l("accounts.kind.\(kind.rawValue)")), "currency": .text(currency.code),
            ]) + recognizability(name, l), true)
        }
    }

    private func rename(_ account: Account, to text: String, member: Member, _ l: Localizer) throws -> (text: String, done: Bool) {
        switch checkedName(text, member: member, except: account.id, l) {
        case .failure(let problem): return (problem.text, false)
        case .success(let name):
            try ledger.accounts.rename(account.id, to: name)
            return (l("accounts.renamed", ["name": .text(name.htmlEscaped)]) + recognizability(name, l), true)
        }
    }

    private func setBalance(_ account: Account, text: String, member: Member, _ l: Localizer) throws -> (text: String, done: Bool) {
        let today = today(of: try household(of: member))
        guard let minor = AccountAmount.read(text, currency: account.currency, today: today) else {
            return (l("accounts.amount.invalid"), false)
        }
        guard case .value(let value) = minor else { return (l("accounts.amount.too_large"), false) }
        do {
            try ledger.accounts.setBalance(account.id, to: value)
        } catch is MoneyOverflow {
            return (l("accounts.amount.too_large"), false)
        }
        let shown = l.money(Money(minorUnits: value, currency: account.currency))
        return (l("accounts.balance_set", ["name": .text(name(account, l).htmlEscaped), "balance": .text(shown)]), true)
    }

    struct NameProblem: Error { let text: String }

    /// Spaces collapsed, control characters dropped; a letter at least, 40 characters at most,
    /// no second account of the member's by that name in any case.
    func checkedName(_ raw: String, member: Member, except: Int64?, _ l: Localizer) -> Result<String, NameProblem> {
        let visible = String(String.UnicodeScalarView(raw.unicodeScalars.filter {
            ![.control, .format].contains($0.properties.generalCategory)
        }))
        let name = visible.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard name.contains(where: \.isLetter) else { return .failure(NameProblem(text: l("accounts.name.empty"))) }
        guard name.count <= Self.maximumNameLength else {
            return .failure(NameProblem(text: l("accounts.name.too_long", ["max": .number(Self.maximumNameLength)])))
        }
        let taken = ((try? ledger.accounts.accounts(memberID: member.id)) ?? [])
            .filter { $0.id != except }.map { self.name($0, l).lowercased() }
        guard !taken.contains(name.lowercased()) else {
            return .failure(NameProblem(text: l("accounts.name.duplicate", ["name": .text(name.htmlEscaped)])))
        }
        return .success(name)
    }

    private func recognizability(_ name: String, _ l: Localizer) -> String {
        AccountNames.isRecognizable(name) ? "" : "\n" + l("accounts.name.not_in_messages", ["name": .text(name.htmlEscaped)])
    }

    static func currency(_ word: String) -> Currency? {
        switch word {
        case "$": .usd
        case "€": Currency(code: "EUR")
        case "₴": .uah
        default: word.count == 3 ? Currency(code: word.uppercased()) : nil
        }
    }
}
