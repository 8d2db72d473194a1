import Conversation
import Foundation
import TelegramBot
import TelegramClient
import Testing

/// The router on the real payloads the Telegram client's tests decode.
@Suite struct UpdateRouterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TelegramClientTests/Fixtures")

    func update(_ name: String) throws -> Update {
        try JSONDecoder().decode(Update.self, from: Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    func event(_ name: String) throws -> ConversationEvent? {
        UpdateRouter.event(for: try update(name))
    }

    @Test func everyFixtureRoutesWithoutHarm() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0.hasSuffix(".json") && $0 != "SOURCES.json" && !$0.hasPrefix("getUpdates") }
        #expect(names.count >= 20)
        for name in names {
            guard let update = try? update(name) else { continue }  // NOT_schema_valid samples may not decode
            _ = UpdateRouter.event(for: update)
        }
    }

    @Test func aPrivateTextIsAMessageFromItsSender() throws {
        guard case .message(let message)? = try event("private_text_message.teloxide.json") else {
            Issue.record("not a message")
            return
        }
        #expect(message.chat.kind == .privateChat)
        #expect(message.chat.id == message.sender.id)
        #expect(!message.text.isEmpty)
        #expect(message.updateID != nil)
    }

    @Test func aPhotoCaptionIsReadAsText() throws {
        guard case .message(let message)? = try event("photo_with_caption.illemius.json") else {
            Issue.record("not a message")
            return
        }
        #expect(!message.text.isEmpty)
    }

    @Test func aVoiceNoteIsANonTextMessageFromItsSender() throws {
        guard case .nonText(let message)? = try event("voice_message.illemius.json") else {
            Issue.record("not a non-text message")
            return
        }
        #expect(message.kind == .voice)
        #expect(message.chat.kind == .privateChat)
        #expect(message.sender.id == 12345678)
        #expect(message.updateID == 123456789)
    }

    @Test func aGroupVoiceNoteReachesTheConversationAsAGroupsMessage() throws {
        guard case .nonText(let message)? = try event("group_voice_message.servicebot.json") else {
            Issue.record("not a non-text message")
            return
        }
        #expect(message.kind == .voice)
        #expect(message.chat.kind == .group)
    }

    @Test func stickersAndFilesAreNonText() throws {
        guard case .nonText(let sticker)? = try event("sticker_message.illemius.json"),
              case .nonText(let file)? = try event("document_with_caption.illemius.json")
        else {
            Issue.record("not non-text messages")
            return
        }
        #expect(sticker.kind == .sticker)
        #expect(file.kind == .document(caption: "doc description"))
    }

    @Test func aCaptionlessPhotoIsAPicture() throws {
        var update = try update("photo_with_caption.illemius.json")
        guard case .message(var message) = update.kind else {
            Issue.record("not a message")
            return
        }
        message.caption = nil
        update = Update(updateID: update.updateID, kind: .message(message))
        guard case .nonText(let picture)? = UpdateRouter.event(for: update) else {
            Issue.record("not a non-text message")
            return
        }
        #expect(picture.kind == .picture)
    }

    @Test func groupCommandsKeepTheirBotName() throws {
        guard case .message(let message)? = try event("group_bot_command_with_botname.qrpingbot.json") else {
            Issue.record("not a message")
            return
        }
        #expect(message.chat.kind == .group)
        #expect(message.text.contains("@"))
    }

    @Test func forumTopicsCarryTheirThread() throws {
        guard case .message(let message)? = try event("forum_topic_message.teloxide.json") else {
            Issue.record("not a message")
            return
        }
        #expect(message.chat.threadID != nil)
    }

    @Test func membershipChangesBecomeTheirEvents() throws {
        #expect(try event("my_chat_member_kicked_private.teloxide.json") == .blocked(chatID: 0, true))
        guard case .addedToGroup(let chat, _)? = try event("my_chat_member_bot_added_to_group.rejubot.json") else {
            Issue.record("not an addition")
            return
        }
        #expect(chat.kind == .group)
        #expect(try event("my_chat_member_promoted_admin.rejubot.json") == nil)  // present before and after
    }

    @Test func aMigrationNamesBothIDs() throws {
        guard case .chatMigrated(let old, let new)? = try event("group_migrate_to_chat_id.teloxide.json") else {
            Issue.record("not a migration")
            return
        }
        #expect(old != new)
        #expect(new < -1_000_000_000_000)
    }

    @Test func callbacksCarryTheirDataAndMessage() throws {
        guard case .callback(let press)? = try event("callback_query_ru.coffeetalk.json") else {
            Issue.record("not a callback")
            return
        }
        #expect(!press.queryID.isEmpty)
        #expect(!press.data.isEmpty)
        #expect(press.messageID != nil)
    }

    @Test func editsAreEdits() throws {
        guard case .edited? = try event("edited_message.illemius.json") else {
            Issue.record("not an edit")
            return
        }
    }
}
