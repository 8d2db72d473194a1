import FoundationEssentials
import KopiykaCore
import Ledger
import Localization

/// The family: invitations and joining, `/family` with the owner's controls, `/leave`, the
/// family group (linked, paused, let go) and the posts that tell it of members' entries.
struct FamilyFeature: Feature {
    let context: ConversationContext
    init(_ context: ConversationContext) { self.context = context }

    static let commands: [KnownCommand] = [
        KnownCommand("invite", section: .family, helpRank: 100, menuRank: 9, words: ["запросити", "пригласить", "invite"]) { call in
            try call.reply(try FamilyFeature(call.context).invite(call.member))
        },
        KnownCommand("family", section: .family, helpRank: 110, menuRank: 10, aliases: ["simia", "semia"],
                     words: ["родина", "сімʼя", "семья", "family"]) { call in
            let view = try FamilyFeature(call.context).familyView(call.member, household: call.household,
                                                                  showControls: call.message.chat.kind == .privateChat)
            try call.reply(view.html, buttons: view.buttons)
        },
        // No words, lest a stray «вийти» take someone out of their family; not in the menu either.
        KnownCommand("leave", section: .family, helpRank: 120, menuRank: nil) { call in
            let question = try FamilyFeature(call.context).leaveQuestion(call.member)
            try call.reply(question.html, buttons: question.buttons)
        },
    ]

    static let buttons = ButtonNamespace.of(FamilyButton.self) { button, call in
        try FamilyFeature(call.context).press(button, press: call.press, member: call.member)
    }

    /// What a family button does; `FamilyButton.refusal(for:)` has let only whom it may through.
    func press(_ button: FamilyButton, press: CallbackPress, member: Member) throws -> String? {
        let l = localizer(member)
        switch button {
        case .removeMember(let id), .makeOwner(let id):
            guard let target = try ledger.families.member(id: id), target.householdID == member.householdID, target.id != member.id
            else { return l("family.not_allowed") }
            let household = try household(of: member)
            let answer: String
            if case .removeMember = button {
                _ = try ledger.families.detachMember(target)
                try ledger.outbox.enqueue(.message(html: localizer(target)("family.removed")), chatID: target.telegramUserID)
                answer = l("family.removed.done", ["name": .text(target.name)])
            } else {
                try ledger.families.setRole(.owner, memberID: target.id)
                try ledger.families.setRole(.member, memberID: member.id)
                try tellFamily(household, except: target) { $0("family.owner_changed", ["name": .text(target.name.htmlEscaped)]) }
                try ledger.outbox.enqueue(.message(html: localizer(target)("family.owner_changed.you")), chatID: target.telegramUserID)
                try ArchiveFeature(context).ownershipHandedOver(from: member, to: target)
                answer = l("family.owner_changed", ["name": .text(target.name)])
            }
            try refreshFamilyView(press, member: member)
            return answer
        case .leave(_, let confirmed):
            var member = member
            let text = confirmed ? try leave(&member) : l("family.leave.cancelled")
            try edit(press, html: text, buttons: [])
            return nil
        case .broadcastMode(let raw):
            guard let mode = BroadcastMode(rawValue: raw) else { return l("family.not_allowed") }
            try ledger.families.setBroadcastMode(mode, householdID: member.householdID)
            try refreshFamilyView(press, member: member)
            return l("family.mode", ["mode": .text(l("family.mode.\(mode.rawValue)"))])
        case .revokeInvitation(let code):
            let answer = try revokeInvitation(code, member: member)
            try refreshFamilyView(press, member: member)
            return answer
        case .unlinkGroup:
            try unlinkGroup(of: household(of: member))
            try refreshFamilyView(press, member: member)
            return l("family.unlinked.done")
        case .page(let page):
            try refreshFamilyView(press, member: member, page: page)
            return nil
        }
    }

    private func refreshFamilyView(_ press: CallbackPress, member: Member, page: Int = 0) throws {
        guard let member = try ledger.families.member(id: member.id) else { return }
        let view = try familyView(member, household: try household(of: member), showControls: true, page: page)
        try edit(press, html: view.html, buttons: view.buttons)
    }
}
