import Foundation
import Ledger

/// A message the bot sent to a chat, as the chat shows it now (edits applied), in plain text
/// with no-break spaces as spaces. `id` is the depth's own message id: use it only to reply
/// to or press under this message in the same scenario.
public struct ScenarioMessage: Equatable, Sendable {
    public let id: Int64
    public let text: String
    public let buttons: [[OutboxButton]]
    /// The file's name, for a document.
    public let document: String?
    /// The file's bytes, for a document.
    public let documentData: Data?

    public init(id: Int64, text: String, buttons: [[OutboxButton]] = [], document: String? = nil, documentData: Data? = nil) {
        self.id = id
        self.text = text.replacingOccurrences(of: "\u{A0}", with: " ")
        self.buttons = buttons
        self.document = document
        self.documentData = documentData
    }

    /// The button titled `label`, or whose data is `label` or starts with `label:`
    /// (`del` finds `del:17`); nil when none or more than one match.
    public func button(_ label: String) -> OutboxButton? {
        let all = buttons.joined()
        let matches = all.filter { $0.title == label || $0.data == label }
        if matches.count == 1 { return matches[0] }
        let prefixed = all.filter { $0.data.hasPrefix(label + ":") }
        return matches.isEmpty && prefixed.count == 1 ? prefixed[0] : nil
    }
}

/// What pressing a button did.
public struct Pressed: Sendable {
    /// The notice Telegram shows over the chat, if the answer had words.
    public let notice: String?
    /// The message the button was under, as it reads now.
    public let message: ScenarioMessage?
    /// New messages in the chat.
    public let replies: [String]
}
