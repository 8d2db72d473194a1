import FoundationEssentials
import KopiykaCore
import Ledger
import TelegramClient

extension OutboxDelivery {
    /// Sends one row through its lifecycle: piece by piece, HTML first and plain text once
    /// if Telegram cannot read the HTML. Never throws; the loop records how it ended.
    func deliver(_ item: OutboxItem) async -> Completion {
        let pieces = Self.pieces(of: item.content)
        var lifecycle = OutboxItemLifecycle(item: item, pieceCount: pieces.count)
        var state = lifecycle.start()
        var outcome = SendOutcome.sent(messageID: nil)
        var fellBack = false
        var piecesSent = item.piecesSent
        while case .sending(let piece, let format) = state {
            let text = pieces.indices.contains(piece) ? pieces[piece] : ""
            fellBack = fellBack || format == .plainText
            outcome = await send(item, text: format == .html ? text : OutgoingText.plainText(fromHTML: text),
                                 format: format, isLast: piece == pieces.count - 1)
            state = lifecycle.received(outcome, at: clock.wall.now())
            if case .sending(let next, _) = state, next > piece {
                piecesSent = next
                try? await core.recordPiecesSent(next, outboxID: item.id)
            }
        }
        guard case .finished(let result) = state else {
            return Completion(item: item, outcome: outcome, result: .failed(reason: "never started"))
        }
        return Completion(item: item, outcome: outcome, result: result, piecesSent: piecesSent, fellBackToPlainText: fellBack)
    }

    /// What a row sends, request by request: the pieces of a split text; an edit replaces
    /// one message, so it keeps only its first piece; anything else is one request.
    static func pieces(of content: OutboxContent) -> [String] {
        switch content {
        case .message(let html, _, _): OutgoingText.split(html)
        case .edit(_, _, let html, _): Array(OutgoingText.split(html).prefix(1))
        case .callbackAnswer, .document, .delete, .photo: [""]
        }
    }

    private func send(_ item: OutboxItem, text: String, format: OutboxItemLifecycle.Format, isLast: Bool) async -> SendOutcome {
        let parseMode: ParseMode? = format == .html ? .html : nil
        switch item.content {
        case .message(_, let replyTo, let buttons):
            return await sender.send(.text(
                chatID: item.chatID, text: text, replyMarkup: isLast ? Self.keyboard(buttons) : nil,
                messageThreadID: item.threadID.map(Int.init), replyToMessageID: replyTo.map(Int.init), parseMode: parseMode))
        case .edit(let messageID, let ofOutboxID, _, let buttons):
            var target = messageID
            if target == nil, let ofOutboxID { target = try? await core.sentMessageID(outboxID: ofOutboxID) }
            guard let target else { return .failedPermanently(reason: "the message to edit was never sent") }
            return await sender.send(.edit(chatID: item.chatID, messageID: Int(target), text: text,
                                           replyMarkup: Self.keyboard(buttons), parseMode: parseMode))
        case .callbackAnswer(let queryID, let text):
            return await sender.send(.callbackAnswer(queryID: queryID, text: text))
        case .document(let fileName, let data, let caption):
            return await sender.send(.document(chatID: item.chatID, fileName: fileName, data: data, caption: caption))
        case .delete(let messageID):
            return await sender.send(.delete(chatID: item.chatID, messageID: Int(messageID)))
        case .photo(let fileName, let data, let caption):
            return await sender.send(.photo(chatID: item.chatID, fileName: fileName, data: data, caption: caption,
                                            messageThreadID: item.threadID.map(Int.init)))
        }
    }

    static func keyboard(_ rows: [[OutboxButton]]) -> InlineKeyboardMarkup? {
        rows.isEmpty ? nil : InlineKeyboardMarkup(rows.map { $0.map { InlineKeyboardButton(text: $0.title, callbackData: $0.data) } })
    }
}
