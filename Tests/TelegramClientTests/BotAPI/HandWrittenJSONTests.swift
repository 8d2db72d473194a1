import Foundation
import HTTP
import Testing

@testable import TelegramClient

/// The hot shapes are read and written by hand; these prove that what the hand accepts it
/// reads exactly as `JSONDecoder` does, and writes the bytes `JSONEncoder` wrote.
@Suite struct HandWrittenJSONTests {
    private func byDecoder(_ body: Data) -> [Update]? {
        try? BotAPIResponse.decode(HTTPResponse(status: 200, body: body), as: [Update].self)
    }

    private func byHand(_ body: Data) -> [Update]? {
        BotAPIResponse.scanned(body, BotAPI.scanUpdates)
    }

    private func envelope(_ updates: String) -> Data { Data(#"{"ok":true,"result":[\#(updates)]}"#.utf8) }

    @Test func everyRealPayloadReadsAsJSONDecoderReadsIt() throws {
        var readByHand: [String] = []
        for name in try Fixtures.allPayloadNames() {
            let payload = String(decoding: try Fixtures.data(name), as: UTF8.self)
            let body = name.hasPrefix("getUpdates_") ? Data(payload.utf8) : envelope(payload)
            let decoded = byDecoder(body)
            let viaAPI = try? BotAPIResponse.decode(HTTPResponse(status: 200, body: body), as: [Update].self,
                                                    scan: BotAPI.scanUpdates)
            #expect(viaAPI == decoded, "\(name)")
            if let hand = byHand(body) {
                readByHand.append(name)
                #expect(hand == decoded, "\(name)")
            }
        }
        // Plain texts and commands are the hot shape; the rest (media, replies, services) are not.
        #expect(readByHand == [
            "group_bot_command_with_botname.qrpingbot.json", "private_start_deeplink.qrpingbot.json",
            "private_text_message.illemius.json", "private_text_message.teloxide.json",
        ])
    }

    @Test func escapesNumbersAndUnknownKeysReadAsJSONDecoderReadsThem() throws {
        let variants = [
            #"{"update_id":1,"message":{"message_id":2,"date":3,"chat":{"id":-1001,"type":"supergroup","title":"Сім\"я","is_forum":false},"from":{"id":7,"is_bot":false,"first_name":"Оля","is_premium":true,"added_to_attachment_menu":{"x":[1,2.5e3,null]}},"text":"кава 85\n\u0441\ud83d\ude00 \/ \\ \t","entities":[{"type":"url","offset":0,"length":4,"url":"https://x"}]}}"#,
            #" { "update_id" : 9 , "message" : { "message_id" : 2 , "chat" : { "id" : 5 , "type" : "channel2" } } } "#,
            #"{"update_id":1,"message":{"message_id":1.0,"date":3,"chat":{"id":5,"type":"private"},"text":"x"}}"#,
            #"{"update_id":1,"message":{"message_id":01,"date":3,"chat":{"id":5,"type":"private"},"text":"x"}}"#,
            #"{"update_id":1,"message":{"message_id":2,"chat":{"id":5,"type":"private"},"text":"\ud83d"}}"#,
            #"{"update_id":1,"message":{"message_id":2,"chat":{"id":5,"type":"private"},"text":null}}"#,
            #"{"update_id":1,"message":{"message_id":2,"chat":{"id":5,"type":"private"},"from":{"first_name":"no id"},"text":"x"}}"#,
            #"{"update_id":1,"message":{"message_id":2,"chat":{"id":5,"type":"private"},"photo":[],"caption":"x"}}"#,
            #"{"update_id":99999999999999999999,"message":{"message_id":2,"chat":{"id":5,"type":"private"}}}"#,
        ]
        for variant in variants {
            #expect(byDecoder(envelope(variant)) == (try? BotAPIResponse.decode(
                HTTPResponse(status: 200, body: envelope(variant)), as: [Update].self, scan: BotAPI.scanUpdates)), "\(variant)")
            if let hand = byHand(envelope(variant)) { #expect(hand == byDecoder(envelope(variant)), "\(variant)") }
        }
        #expect(byHand(envelope(variants[0])) != nil)
        #expect(byHand(envelope(variants[1])) != nil)
        #expect(variants[2...].allSatisfy { byHand(envelope($0)) == nil })
    }

    /// Keys are compared as bytes and skipped strings are not made: what the hand cannot be
    /// sure of (an escaped key, bad UTF-8 where a string is skipped) it leaves to the decoder.
    @Test func anEscapedKeyOrBadUTF8IsLeftToTheDecoder() throws {
        func sent(_ json: [UInt8]) -> Data { Data(#"{"ok":true,"result":"#.utf8) + Data(json) + Data("}".utf8) }
        let plain = Array(#"{"message_id":77,"text":"кава \"85\" ✓","chat":{"id":5}}"#.utf8)
        #expect(BotAPIResponse.scanned(sent(plain), SentMessage.scan) == SentMessage(messageID: 77))
        let escapedKey = Array(#"{"message_\u0069d":77}"#.utf8)
        #expect(BotAPIResponse.scanned(sent(escapedKey), SentMessage.scan) == nil)
        #expect((try? BotAPIResponse.decode(HTTPResponse(status: 200, body: sent(escapedKey)), as: SentMessage.self,
                                            scan: SentMessage.scan)) == SentMessage(messageID: 77))
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xD0], [0x01]] {
            let skipped = Array(#"{"message_id":77,"text":""#.utf8) + bad + Array(#""}"#.utf8)
            #expect(BotAPIResponse.scanned(sent(skipped), SentMessage.scan) == nil, "\(bad)")
            let key = Array(#"{"message_id":77,""#.utf8) + bad + Array(#"":1}"#.utf8)
            #expect(BotAPIResponse.scanned(sent(key), SentMessage.scan) == nil, "\(bad)")
        }
    }

    @Test func theAnswerToASendIsReadByHandAndFailuresAsBefore() throws {
        let sent = Data(#"{"ok":true,"result":{"message_id":77,"from":{"id":1,"is_bot":true},"chat":{"id":5},"date":1,"text":"a\"b","entities":[{"type":"bold","offset":0,"length":1}]}}"#.utf8)
        #expect(BotAPIResponse.scanned(sent, SentMessage.scan) == SentMessage(messageID: 77))
        let refused = Data(#"{"ok":false,"error_code":429,"description":"Too Many Requests","parameters":{"retry_after":3}}"#.utf8)
        #expect(BotAPIResponse.scanned(refused, SentMessage.scan) == nil)
        let error = #expect(throws: BotAPIError.self) {
            try BotAPIResponse.decode(HTTPResponse(status: 429, body: refused), as: SentMessage.self, scan: SentMessage.scan)
        }
        #expect(error?.retryAfter == 3)
    }

    @Test func aSendBodyIsTheBytesJSONEncoderWrote() throws {
        struct Reply: Encodable, Sendable {
            let message_id: Int
            let allow_sending_without_reply = true
        }
        let texts = ["Витрата <b>85</b> грн", "a\"b\\c/d\n\r\t\u{1}\u{1F}\u{7F} 😀 \u{2028}", ""]
        let keyboards: [InlineKeyboardMarkup?] = [
            nil,
            InlineKeyboardMarkup([[InlineKeyboardButton(text: "Так", callbackData: "yes"), InlineKeyboardButton(text: "Сайт", url: "https://a/b")],
                                  [InlineKeyboardButton(text: "\"Ні\"", callbackData: "n:1")]]),
        ]
        for text in texts {
            for keyboard in keyboards {
                for (thread, replyTo) in [(nil, nil), (Optional(7), Optional(12))] as [(Int?, Int?)] {
                    let parameters: [String: (any Encodable & Sendable)?] = [
                        "chat_id": Int64(-1001), "text": text, "parse_mode": ParseMode.html, "reply_markup": keyboard,
                        "message_thread_id": thread, "reply_parameters": replyTo.map { Reply(message_id: $0) },
                    ]
                    let expected = try JSONEncoder.botAPI.encode(Parameters(values: parameters.compactMapValues { $0 }))
                    let written = BotAPI.sendMessageBody(chatID: -1001, text: text, parseMode: .html, replyMarkup: keyboard,
                                                         messageThreadID: thread, replyToMessageID: replyTo)
                    #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
                }
            }
        }
    }
}
