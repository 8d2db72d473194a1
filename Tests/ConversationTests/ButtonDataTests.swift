@testable import Conversation
import KopiykaCore
@testable import Ledger
import Localization
import Testing

/// Button data comes back from any client: what each feature writes reads back as itself, in
/// that feature's namespace alone; anything else, forged or cut short, reads as nothing; and a
/// button's own rule says who may press it before the feature acts.
@Suite struct ButtonDataTests {
    static var everyKind: [any ButtonData] { [
        LanguageButton(language: .ru),
        FamilyButton.removeMember(7), FamilyButton.makeOwner(8), FamilyButton.broadcastMode("digest"), FamilyButton.unlinkGroup,
        FamilyButton.revokeInvitation(nil), FamilyButton.revokeInvitation("AbCdEf123456"),
        FamilyButton.leave(memberID: 4, confirmed: true), FamilyButton.leave(memberID: 4, confirmed: false),
        EntryButton.categoryChoices(entryID: 9, all: false), EntryButton.categoryChoices(entryID: 9, all: true),
        EntryButton.setCategory(entryID: 9, CategoryKey(rawValue: "other_income")), EntryButton.entryButtons(entryID: 9),
        EntryButton.deleteEntry(9), EntryButton.restoreEntry(9), EntryButton.switchKind(entryID: 9),
        RuleButton(ruleID: 3), AmountButton(questionID: 5, reading: 1), AmountButton(questionID: Int64.max, reading: 7),
    ] }

    /// Reads `data` with every namespace: the kinds that read it back.
    static func readers(of data: String) -> [any ButtonData] {
        let readers: [(any ButtonData)?] = [LanguageButton(data), FamilyButton(data), EntryButton(data), RuleButton(data), AmountButton(data)]
        return readers.compactMap { $0 }
    }

    @Test func eachReadsBackAsItselfInItsOwnNamespaceOnly() {
        for button in Self.everyKind {
            let readers = Self.readers(of: button.encoded)
            #expect(readers.count == 1, "\(button.encoded) read by \(readers.count) namespaces")
            #expect(readers.first.map { "\($0)" } == "\(button)", "\(button.encoded)")
            #expect(button.encoded.utf8.count <= 64)
        }
    }

    @Test func everyPrefixHasOneOwnerAndTheRouterKnowsIt() {
        let prefixes = Features.buttons.flatMap(\.prefixes)
        #expect(Set(prefixes).count == prefixes.count, "a prefix owned twice: \(prefixes.sorted())")
        for button in Self.everyKind {
            let prefix = String(button.encoded.prefix { $0 != ":" })
            #expect(prefixes.contains(prefix), "no namespace routes \(prefix)")
        }
    }

    @Test(arguments: [
        "", ":", "::", "cat", "cat:", "cat:x", "cat:-", "cat:99999999999999999999", "del:", "del:1:2", "undel:x",
        "fam:rm:", "fam:rm:x", "fam:own", "fam:x:1", "lang:", "lang:de", "rule:rm:", "rule:x:1", "inv:rm:",
        "inv:rm:../../etc", "kind:", "kind:1:2", "leave:1", "leave:1:maybe", "leave:x:yes", "amt:1:8", "amt:1:-1",
        "amt:x:1", "amt:1", "back:", "unknown:1", "🗑:1", "fam:unlink:1", "rule:rm:1:2", "lang:uk:1",
    ])
    func anythingElseIsNothing(_ text: String) {
        #expect(Self.readers(of: text).isEmpty, "\(text)")
    }

    @Test func theOwnersControlsAndALeaveAnswerSayWhoMayPress() {
        let owner = Member(id: 1, householdID: 1, telegramUserID: 10, name: "Оля", language: "uk", role: .owner, defaultAccount: .card)
        let member = Member(id: 2, householdID: 1, telegramUserID: 20, name: "Дмитро", language: "uk", role: .member,
                            defaultAccount: .card)
        for control in [FamilyButton.removeMember(2), .makeOwner(2), .broadcastMode("digest"), .unlinkGroup] {
            #expect(control.refusal(for: owner) == nil)
            #expect(control.refusal(for: member) == "family.not_allowed")
        }
        #expect(FamilyButton.leave(memberID: 2, confirmed: true).refusal(for: member) == nil)
        #expect(FamilyButton.leave(memberID: 2, confirmed: true).refusal(for: owner) == "family.leave.not_yours")
        #expect(FamilyButton.revokeInvitation(nil).refusal(for: member) == nil)
    }
}
