import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// Single-use invitation codes and their deep links.
enum Invitations {
    /// `/start join_<code>` is how a deep link `t.me/<bot>?start=join_<code>` arrives.
    static let prefix = "join_"
    /// Why 7 days: long enough to reach a relative who reads Telegram on weekends.
    static let lifetime: TimeInterval = 7 * 24 * 3600

    /// 12 characters from 62: about 71 bits, unguessable, and well within the 64 characters
    /// Telegram allows in a start parameter.
    static func newCode() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in alphabet.randomElement(using: &generator)! })
    }
}

extension FamilyFeature {
    /// `/invite`: a single-use link to this household, valid for 7 days.
    func invite(_ member: Member) throws -> String {
        let code = Invitations.newCode()
        try ledger.families.createInvitation(code: code, by: member, expires: clock.now().addingTimeInterval(Invitations.lifetime))
        let start = Invitations.prefix + code
        let l = localizer(member)
        guard let bot = settings.botUsername else {
            return l("family.invite.console", ["command": .text("/start " + start)])
        }
        return l("family.invite", ["link": .text("https://t.me/\(bot)?start=\(start)")])
    }

    /// `/start join_<code>`: the invitee joins the household, bringing their entries if they
    /// kept any alone. Someone who already shares a household must leave it first.
    func join(code: String, sender: Sender, reply: Replier) throws {
        let existing = try ledger.families.member(telegramUserID: sender.id)
        let l = existing.map(localizer) ?? catalog[language(of: sender)]
        let householdID: Int64
        switch try ledger.families.invitationHousehold(code: code) {
        case .failure(let problem):
            try reply(l("family.invite.\(problem)"))
            if existing == nil {
                let (member, _) = try WelcomeFeature(context).memberFor(sender)
                try WelcomeFeature(context).welcome(member, reply: reply)
            }
            return
        case .success(let id):
            householdID = id
        }
        var member: Member
        if let existing {
            guard existing.householdID != householdID else {
                try reply(l("family.join.already_here"))
                return
            }
            guard try ledger.families.members(householdID: existing.householdID).count == 1 else {
                try reply(l("family.join.leave_first"))
                return
            }
            member = try ledger.families.moveMember(existing, toHousehold: householdID)
        } else {
            member = try ledger.families.addMember(WelcomeFeature(context).newcomer(sender), householdID: householdID)
        }
        _ = try ledger.families.useInvitation(code: code, by: member)
        let household = try household(of: member)
        let members = try ledger.families.members(householdID: householdID)
        let owner = members.first { $0.role == .owner }
        try reply(localizer(member)("family.joined", ["owner": .text((owner?.name ?? "").htmlEscaped)]),
                  buttons: existing == nil ? WelcomeFeature(context).languageButtons() : [])
        try tellFamily(household, except: member) { $0("family.member_joined", ["name": .text(member.name.htmlEscaped)]) }
    }

    /// `/family`: who is in it, the family chat, and in private the open invitations the
    /// member may cancel; for the owner, buttons to remove a member, hand over ownership,
    /// choose how entries reach the group and let the group go.
    /// Why 10: two buttons each, with the modes, the invitations (at most 11) and the page
    /// row, stay below Telegram's 100 buttons however many join.
    static let membersPage = 10

    /// The owner's member controls show page `page` of the other members (clamped).
    func familyView(_ member: Member, household: Household, showControls: Bool,
                    page: Int = 0) throws -> (html: String, buttons: [[OutboxButton]]) {
        let l = localizer(member)
        let members = try ledger.families.members(householdID: household.id)
        var lines = [l("family.title")]
        for person in members {
            lines.append(l(person.role == .owner ? "family.member.owner" : "family.member", ["name": .text(person.name.htmlEscaped)]))
        }
        lines.append("")
        let chatKey = household.familyChatID == nil ? "family.chat.none"
            : try feedChat(of: household) == nil ? "family.chat.paused" : "family.chat.linked"
        lines.append(l(chatKey))
        lines.append(l("family.mode", ["mode": .text(l("family.mode.\(household.broadcastMode.rawValue)"))]))
        if members.count == 1 { lines.append(l("family.invite.hint")) }
        guard showControls else { return (lines.joined(separator: "\n"), []) }
        let invitations = try invitationSection(member, household: household)
        lines += invitations.lines
        guard member.role == .owner else { return (lines.joined(separator: "\n"), invitations.buttons) }
        let others = members.filter { $0.id != member.id }
        let shown = ListPage(page, total: others.count, size: Self.membersPage)
        var buttons = others[shown.items].map { person in
            [OutboxButton(title: l("family.button.remove", ["name": .text(person.name)]), data: FamilyButton.removeMember(person.id).encoded),
             OutboxButton(title: l("family.button.owner", ["name": .text(person.name)]), data: FamilyButton.makeOwner(person.id).encoded)]
        }
        if let pages = shown.navigation(l, data: { FamilyButton.page($0).encoded }) { buttons.append(pages) }
        buttons.append(BroadcastMode.allCases.map { mode in
            let title = l("family.mode.\(mode.rawValue)")
            return OutboxButton(title: mode == household.broadcastMode ? "✓ " + title : title,
                                data: FamilyButton.broadcastMode(mode.rawValue).encoded)
        })
        buttons += invitations.buttons
        if household.familyChatID != nil {
            buttons.append([OutboxButton(title: l("family.button.unlink"), data: FamilyButton.unlinkGroup.encoded)])
        }
        return (lines.joined(separator: "\n"), buttons)
    }

    /// `/leave` asks first, and says what stays with the family: leaving takes one tap on
    /// its buttons. The owner hands over ownership first.
    func leaveQuestion(_ member: Member) throws -> (html: String, buttons: [[OutboxButton]]) {
        let l = localizer(member)
        guard try ledger.families.members(householdID: member.householdID).count > 1 else { return (l("family.leave.alone"), []) }
        guard member.role != .owner else { return (l("family.leave.owner"), []) }
        return (l("family.leave.confirm"), [[
            OutboxButton(title: l("family.leave.button.yes"), data: FamilyButton.leave(memberID: member.id, confirmed: true).encoded),
            OutboxButton(title: l("family.leave.button.no"), data: FamilyButton.leave(memberID: member.id, confirmed: false).encoded),
        ]])
    }

    /// A member leaves: what they wrote in the family stays in its history, what they brought
    /// goes with them (see `Ledger.detachMember`); the owner hands over ownership first.
    func leave(_ member: inout Member) throws -> String {
        let l = localizer(member)
        let members = try ledger.families.members(householdID: member.householdID)
        guard members.count > 1 else { return l("family.leave.alone") }
        guard member.role != .owner else { return l("family.leave.owner") }
        let household = try household(of: member)
        member = try ledger.families.detachMember(member)
        let name = member.name
        try tellFamily(household, except: member) { $0("family.member_left", ["name": .text(name.htmlEscaped)]) }
        return l("family.leave.done")
    }

    /// The chats that may show the household's entries: its members' and its family group
    /// (unless paused).
    func chats(of household: Household) throws -> Set<Int64> {
        try Set(ledger.families.members(householdID: household.id).map(\.telegramUserID) + [feedChat(of: household)].compactMap { $0 })
    }

    /// A message for the family: to its group when it has one (not paused), else to every other member.
    func tellFamily(_ household: Household, except: Member?, _ text: (Localizer) -> String) throws {
        if let chat = try feedChat(of: household) {
            try ledger.outbox.enqueue(.message(html: text(familyLocalizer(household))), chatID: chat, threadID: household.familyThreadID)
            return
        }
        for person in try ledger.families.members(householdID: household.id) where person.id != except?.id {
            try ledger.outbox.enqueue(.message(html: text(localizer(person))), chatID: person.telegramUserID)
        }
    }
}
