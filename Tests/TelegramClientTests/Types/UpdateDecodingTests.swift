import Foundation
import Testing

@testable import TelegramClient

private struct UpdatesEnvelope: Decodable {
    let ok: Bool
    let result: [Update]
}

private func decodeUpdate(_ name: String) throws -> Update {
    try JSONDecoder().decode(Update.self, from: Fixtures.data(name))
}

private func messageOf(_ update: Update) -> Message? {
    if case .message(let message) = update.kind { return message }
    return nil
}

@Suite struct UpdateDecodingTests {
    @Test func everyFixtureDecodes() throws {
        let names = try Fixtures.allPayloadNames()
        #expect(names.count == 28)
        for name in names {
            let data = try Fixtures.data(name)
            if name.hasPrefix("getUpdates_") {
                let envelope = try JSONDecoder().decode(UpdatesEnvelope.self, from: data)
                #expect(envelope.ok && !envelope.result.isEmpty, "\(name)")
            } else if name.contains("_NOT_schema_valid") {
                // Either decodes or fails cleanly: never a crash.
                _ = try? JSONDecoder().decode(Update.self, from: data)
            } else {
                let update = try JSONDecoder().decode(Update.self, from: data)
                if case .unknown = update.kind { Issue.record("\(name) decoded as unknown") }
            }
        }
    }

    @Test func privateTextMessage() throws {
        let update = try decodeUpdate("private_text_message.illemius.json")
        #expect(update.updateID == 128526)
        let message = try #require(messageOf(update))
        #expect(message.messageID == 11223)
        #expect(message.date == 1508709711)
        #expect(message.text == "Hi, world!")
        #expect(message.chat.id == 12345678)
        #expect(message.chat.type == .private)
        #expect(message.from?.firstName == "FirstName")
        #expect(message.from?.lastName == "LastName")
        #expect(message.from?.username == "username")
        #expect(message.from?.languageCode == "ru")
    }

    @Test func groupCommandWithBotNameAndEntities() throws {
        let message = try #require(messageOf(try decodeUpdate("group_bot_command_with_botname.qrpingbot.json")))
        #expect(message.chat.id == -1001650852901)
        #expect(message.chat.type == .supergroup)
        #expect(message.chat.title == "dv-ftp")
        #expect(message.chat.isGroup)
        let entity = try #require(message.entities?.first)
        #expect(entity.type == "bot_command")
        #expect(entity.slice(of: message.text ?? "") == "/start@swantabot")
        #expect(message.from?.languageCode == "uk")
    }

    @Test func replyThreadToAStoryKeepsTheCommand() throws {
        let message = try #require(messageOf(try decodeUpdate("group_bot_command_report_in_reply_thread.teloxide.json")))
        #expect(message.text == "/report")
        #expect(message.messageThreadID == 134545)
        #expect(message.isTopicMessage == nil)
        #expect(message.replyToMessage?.messageID == 134545)
    }

    @Test func forumTopicReplyIsRecursive() throws {
        let message = try #require(messageOf(try decodeUpdate("forum_topic_message.teloxide.json")))
        #expect(message.isTopicMessage == true)
        #expect(message.messageThreadID == 4)
        #expect(message.replyToMessage?.messageID == 4)
        #expect(message.replyToMessage?.replyToMessage == nil)
    }

    @Test func migrationIDsAreInt64() throws {
        let old = try #require(messageOf(try decodeUpdate("group_migrate_to_chat_id.teloxide.json")))
        #expect(old.migrateToChatID == -1001555296434)
        #expect(old.chat.type == .group)
        let new = try #require(messageOf(try decodeUpdate("supergroup_migrate_from_chat_id.teloxide.json")))
        #expect(new.migrateFromChatID == -599075523)
    }

    @Test func newChatMembers() throws {
        let message = try #require(messageOf(try decodeUpdate("group_new_chat_members_bot_added.rejubot.json")))
        #expect(message.newChatMembers?.map(\.id) == [6596880317])
        #expect(message.newChatMembers?.first?.isBot == true)
    }

    @Test func captionAndCaptionEntities() throws {
        let message = try #require(messageOf(try decodeUpdate("photo_with_caption_entities.teloxide.json")))
        #expect(message.text == nil)
        #expect(message.caption == "www.example.com")
        #expect(message.captionEntities?.first?.type == "url")
    }

    @Test(arguments: [
        ("voice_message.illemius.json", MediaKind.voice), ("group_voice_message.servicebot.json", .voice),
        ("photo_with_caption.illemius.json", .photo), ("group_photo_with_caption.servicebot.json", .photo),
        ("sticker_message.illemius.json", .sticker), ("document_with_caption.illemius.json", .document),
    ])
    func mediaIsNamedByKind(name: String, kind: MediaKind) throws {
        #expect(try #require(messageOf(try decodeUpdate(name))).media == kind)
    }

    @Test func textAndServiceMessagesCarryNoMedia() throws {
        for name in ["private_text_message.illemius.json", "group_new_chat_members_bot_added.rejubot.json",
                     "group_migrate_to_chat_id.teloxide.json"] {
            #expect(try #require(messageOf(try decodeUpdate(name))).media == nil, "\(name)")
        }
    }

    @Test func aGIFIsAnAnimationThoughItAlsoCarriesADocument() throws {
        let json = #"{"update_id": 9, "message": {"message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"},"#
            + #" "animation": {"file_id": "a"}, "document": {"file_id": "a"}}}"#
        let update = try JSONDecoder().decode(Update.self, from: Data(json.utf8))
        #expect(messageOf(update)?.media == .animation)
    }

    @Test func editedMessage() throws {
        let update = try decodeUpdate("edited_message.illemius.json")
        guard case .editedMessage(let message) = update.kind else {
            Issue.record("not an edited message")
            return
        }
        #expect(message.editDate == 1508825379)
        #expect(message.text == "hi there (edited)")
    }

    @Test func callbackQuery() throws {
        let update = try decodeUpdate("callback_query_ru.coffeetalk.json")
        guard case .callbackQuery(let query) = update.kind else {
            Issue.record("not a callback query")
            return
        }
        #expect(query.id == "586534174085442072")
        #expect(query.data == "y")
        #expect(query.from.id == 136563129)
        #expect(query.message?.messageID == 41)
        #expect(query.message?.chat.id == 136563129)
    }

    @Test func myChatMemberStatuses() throws {
        let added = try decodeUpdate("my_chat_member_bot_added_to_group.rejubot.json")
        guard case .myChatMember(let change) = added.kind else {
            Issue.record("not my_chat_member")
            return
        }
        #expect(change.oldChatMember.status == .left)
        #expect(change.newChatMember.status == .member)
        #expect(change.newChatMember.userID == 6596880317)
        #expect(change.chat.id == -4008338308)

        let kicked = try decodeUpdate("my_chat_member_kicked_private.teloxide.json")
        guard case .myChatMember(let blocked) = kicked.kind else {
            Issue.record("not my_chat_member")
            return
        }
        #expect(blocked.newChatMember.status == .kicked)
        #expect(!blocked.newChatMember.status.isPresent)
    }

    @Test func getUpdatesResponseHoldsBothKinds() throws {
        let data = try Fixtures.data("getUpdates_response_bot_added.rejubot.json")
        let envelope = try JSONDecoder().decode(UpdatesEnvelope.self, from: data)
        #expect(envelope.result.map(\.updateID) == [448152148, 448152149, 448152150])
        #expect(messageOf(envelope.result[1])?.newChatMembers?.count == 1)
    }

    @Test func unknownKindsDecodeAsUnknown() throws {
        let json = #"{"update_id": 7, "message_reaction": {"chat": {"id": 1}}, "extra": 1}"#
        let update = try JSONDecoder().decode(Update.self, from: Data(json.utf8))
        #expect(update.updateID == 7)
        #expect(update.kind == .unknown(fields: ["extra", "message_reaction"]))
    }

    @Test func brokenKnownKindStillYieldsTheUpdateID() throws {
        let json = #"{"update_id": 8, "message": {"text": "no chat, no id"}}"#
        let update = try JSONDecoder().decode(Update.self, from: Data(json.utf8))
        #expect(update.updateID == 8)
        #expect(update.kind == .unknown(fields: ["message"]))
    }
}
