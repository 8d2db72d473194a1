import FoundationEssentials
import KopiykaCore
import Ledger
import Localization
import Recurring

/// `/recurring` and each item's card: pause or resume, skip the next one, change the amount,
/// switch between automatic and reminded, delete.
extension RecurringFeature {
    /// The household's items the reader may see, `listPage` at a time, one button each to
    /// open its card, and the page row when there are more.
    func list(member: Member, household: Household, chat: ChatRef, reply: Replier) throws {
        let (text, buttons) = try listView(member: member, household: household, chat: chat)
        try reply(text, buttons: buttons)
    }

    /// Why 10: ten items are twenty lines, a screen; their ten buttons and the page row stay
    /// far below Telegram's 100 buttons and 4,096 characters, whatever the household keeps.
    static let listPage = 10

    /// Page `page` of the list (clamped to the pages there are now). Reads every item of the
    /// household, O(n), and renders only the page's.
    func listView(member: Member, household: Household, chat: ChatRef, page: Int = 0) throws -> (String, [[OutboxButton]]) {
        let l = localizer(member), words = RecurringWords(l: l), today = today(of: household)
        let items = try visibleItems(member: member, household: household, chat: chat)
        guard !items.isEmpty else { return (l("recurring.list.empty"), []) }
        let shown = ListPage(page, total: items.count, size: Self.listPage)
        var lines = [l("recurring.list.title")]
        for index in shown.items {
            lines.append(l("recurring.list.line", ["number": .number(index + 1), "line": .text(words.line(items[index])),
                                                   "next": .text(words.next(items[index], today: today))]))
        }
        let buttons = shown.items.map { index in
            OutboxButton(title: "\(index + 1). " + String(words.short(items[index]).prefix(40)),
                         data: RecurringButton(.open, id: items[index].id).encoded)
        }
        var rows = stride(from: 0, to: buttons.count, by: 2).map { Array(buttons[$0..<min($0 + 2, buttons.count)]) }
        if let pages = shown.navigation(l, data: { RecurringButton(.list, page: $0).encoded }) { rows.append(pages) }
        return (lines.joined(separator: "\n"), rows)
    }

    /// The household's items whoever reads `chat` may see, in the list's order.
    func visibleItems(member: Member, household: Household, chat: ChatRef) throws -> [RecurringItem] {
        let viewer = viewer(in: chat, member)
        return try ledger.recurring.items(householdID: household.id).filter { !$0.isPrivate || viewer == .member($0.memberID) }
    }

    /// The list's page that shows `itemID` in `chat` now (0 when it shows nowhere). O(n).
    func listPage(showing itemID: Int64, member: Member, chat: ChatRef) throws -> Int {
        let items = try visibleItems(member: member, household: try household(of: member), chat: chat)
        return ListPage(containing: items.firstIndex { $0.id == itemID } ?? 0, total: items.count, size: Self.listPage).index
    }

    /// An item's card: what it is, when it comes next, and what can be done to it.
    /// `listPage`: the page its "list" button goes back to.
    func card(_ item: RecurringItem, member: Member, header: String? = nil, listPage: Int = 0) throws -> (String, [[OutboxButton]]) {
        let l = localizer(member), words = RecurringWords(l: l), today = today(of: try household(of: member))
        let text = [header, words.line(item), words.next(item, today: today)].compactMap { $0 }.joined(separator: "\n")
        func button(_ key: String, _ action: RecurringButton.Action) -> OutboxButton {
            OutboxButton(title: l(key), data: RecurringButton(action, id: item.id).encoded)
        }
        var rows: [[OutboxButton]] = [[
            item.isPaused ? button("recurring.button.resume", .resume) : button("recurring.button.pause", .pause),
            button("recurring.button.skip", .skip),
        ], [
            button("recurring.button.amount", .amount),
            item.mode == .automatic ? button("recurring.button.to_bill", .bill) : button("recurring.button.to_automatic", .automatic),
        ]]
        if item.amount == nil { rows[1].removeLast() }  // Asked each time: a reminder is all it can be.
        rows.append([button("recurring.button.delete", .delete),
                     OutboxButton(title: l("recurring.button.list"), data: RecurringButton(.list, page: listPage).encoded)])
        return (text, rows)
    }

    /// What a press on one of this feature's buttons does.
    func press(_ button: RecurringButton, call: ButtonCall) throws -> String? {
        let l = call.localizer, member = call.member
        switch button.action.target {
        case .none:
            let household = try household(of: member), chat = call.press.chat ?? privateChat(of: member).chat
            let (text, buttons) = button.action == .subscriptions
                ? try subscriptionsView(member: member, household: household, chat: chat, page: button.page)
                : try listView(member: member, household: household, chat: chat, page: button.page)
            try edit(call.press, html: text, buttons: buttons)
            return nil
        case .entry:
            return try answerOffer(button, call: call)
        case .item, .occurrence:
            break
        }
        guard let item = try item(button.id, for: member) else { return l("recurring.gone") }
        if button.action.target == .occurrence { return try answer(button, item: item, call: call) }
        let today = today(of: try household(of: member))
        var header: String?
        switch button.action {
        case .pause:
            try ledger.recurring.setPaused(true, nextDate: item.nextDate, itemID: item.id)
        case .resume:
            // Resumed from today: what fell due while paused is not caught up.
            try ledger.recurring.setPaused(false, nextDate: item.schedule.first(onOrAfter: today), itemID: item.id)
        case .skip:
            guard let next = item.nextDate else { return l("recurring.ended") }
            if try !ledger.recurring.begin(.skipped, itemID: item.id, date: next) {
                _ = try ledger.recurring.resolve(itemID: item.id, date: next, as: .skipped)
            }
            try ledger.recurring.setNextDate(item.schedule.next(after: next), itemID: item.id)
            header = l("recurring.skipped", ["date": .text(l.dayAndMonth(next))])
        case .automatic, .bill:
            try ledger.recurring.setMode(button.action == .automatic ? .automatic : .bill, itemID: item.id)
        case .amount:
            let outboxID = try Replier(ledger: ledger, chat: call.press.chat ?? privateChat(of: member).chat)(
                l("recurring.ask_new_amount", ["name": .text(RecurringWords(l: l).name(item))]))
            try ledger.recurring.askAmount(itemID: item.id, memberID: member.id, outboxID: outboxID)
            return nil
        case .delete:
            let question = l("recurring.delete.question", ["line": .text(RecurringWords(l: l).line(item))])
            try edit(call.press, html: question, buttons: [[
                OutboxButton(title: l("recurring.button.delete_confirmed"), data: RecurringButton(.deleteConfirmed, id: item.id).encoded),
                OutboxButton(title: l("recurring.button.keep"), data: RecurringButton(.open, id: item.id).encoded),
            ]])
            return nil
        case .deleteConfirmed, .cancel:
            try ledger.recurring.delete(itemID: item.id)
            try edit(call.press, html: l("recurring.deleted", ["line": .text(RecurringWords(l: l).line(item))]), buttons: [])
            return nil
        default:
            break
        }
        guard let changed = try ledger.recurring.item(id: item.id) else { return l("recurring.gone") }
        let page = try listPage(showing: item.id, member: member, chat: call.press.chat ?? privateChat(of: member).chat)
        let (text, buttons) = try card(changed, member: member, header: header, listPage: page)
        try edit(call.press, html: text, buttons: buttons)
        return nil
    }

    /// A reply with an item's new amount to the question the card's button asked; false when
    /// the message answers no such question.
    func answerAmountReply(_ message: IncomingMessage, text: String, member: Member, reply: Replier) throws -> Bool {
        guard let target = message.replyToMessageID,
              let itemID = try ledger.recurring.amountQuestion(chatID: message.chat.id, messageID: target) else { return false }
        let l = localizer(member)
        guard let item = try item(itemID, for: member) else {
            try reply(l("recurring.gone"))
            return true
        }
        switch AccountAmount.read(text, currency: item.currency, today: today(of: try household(of: member))) {
        case .value(let minor) where minor > 0:
            try ledger.recurring.setAmount(Money(minorUnits: minor, currency: item.currency), itemID: item.id)
            guard let changed = try ledger.recurring.item(id: item.id) else { return true }
            let (text, buttons) = try card(changed, member: member, header: l("recurring.amount_changed"))
            try reply(text, buttons: buttons)
        case .tooLarge:
            try reply(l("error.amount_too_large"))
        default:
            try reply(l("recurring.amount_hint"))
        }
        return true
    }
}
