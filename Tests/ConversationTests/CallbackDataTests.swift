@testable import Conversation
import KopiykaCore
import Localization
import Testing

/// Button data comes back from any client: what we write reads back as itself, and anything
/// else, forged or cut short, reads as nothing.
@Suite struct CallbackDataTests {
    static let everyKind: [CallbackData] = [
        .language(.ru), .removeMember(7), .makeOwner(8), .broadcastMode("digest"),
        .categoryChoices(entryID: 9, all: false), .categoryChoices(entryID: 9, all: true),
        .setCategory(entryID: 9, CategoryKey(rawValue: "other_income")), .entryButtons(entryID: 9), .deleteEntry(9),
        .restoreEntry(9), .removeRule(3), .revokeInvitation(nil), .revokeInvitation("AbCdEf123456"), .unlinkGroup, .switchKind(entryID: 9),
        .leave(memberID: 4, confirmed: true), .leave(memberID: 4, confirmed: false),
        .chooseAmount(questionID: 5, reading: 1), .chooseAmount(questionID: Int64.max, reading: 7),
    ]

    @Test(arguments: everyKind)
    func readsBackAsItself(_ data: CallbackData) {
        #expect(CallbackData(data.encoded) == data)
        #expect(data.encoded.utf8.count <= 64)
    }

    @Test(arguments: [
        "", ":", "::", "cat", "cat:", "cat:x", "cat:-", "cat:99999999999999999999", "del:", "del:1:2", "undel:x",
        "fam:rm:", "fam:rm:x", "fam:own", "fam:x:1", "lang:", "lang:de", "rule:rm:", "rule:x:1", "inv:rm:",
        "inv:rm:../../etc", "kind:", "kind:1:2", "leave:1", "leave:1:maybe", "leave:x:yes", "amt:1:8", "amt:1:-1",
        "amt:x:1", "amt:1", "back:", "unknown:1", "🗑:1",
    ])
    func anythingElseIsNothing(_ text: String) {
        #expect(CallbackData(text) == nil, "\(text)")
    }
}
