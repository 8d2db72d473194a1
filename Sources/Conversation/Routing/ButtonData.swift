import KopiykaCore
import Ledger
import Localization

/// What a feature's inline buttons ask for, as their `callback_data`: short ASCII (Telegram
/// allows 64 bytes), ids not names, so a button keeps working after a restart or a rename.
/// Each kind starts with prefixes no other feature uses (`Features.buttons` is checked for it),
/// and reads back only what it writes: anything may arrive (a forged press, a stale button),
/// so every field is checked and anything else is nil.
protocol ButtonData: Equatable, Sendable {
    /// The first fields this kind's data starts with (`fam`, `inv`, `leave`).
    static var prefixes: Set<String> { get }
    var encoded: String { get }
    /// Reads data split at `:`, its prefix included.
    init?(fields: [Substring])
    /// Why `member` may not press it (a message key), checked before the feature acts; nil
    /// when the feature's own checks decide (those that need the database).
    func refusal(for member: Member) -> String?
}

extension ButtonData {
    init?(_ data: String) {
        self.init(fields: data.split(separator: ":", omittingEmptySubsequences: false))
    }

    func refusal(for member: Member) -> String? { nil }
}

/// A feature's buttons as the router sees them: the prefixes it owns and what a press does.
struct ButtonNamespace: Sendable {
    let prefixes: Set<String>
    /// Acts on a press of a member of the right household; returns the short text its answer
    /// shows, if any. Data that does not read back, or a presser it refuses, changes nothing.
    let press: @Sendable (ButtonCall) throws -> String?

    static func of<Data: ButtonData>(_: Data.Type,
                                     _ act: @escaping @Sendable (Data, ButtonCall) throws -> String?) -> ButtonNamespace {
        ButtonNamespace(prefixes: Data.prefixes) { call in
            guard let data = Data(call.press.data) else { return nil }
            if let refusal = data.refusal(for: call.member) { return call.localizer(refusal) }
            return try act(data, call)
        }
    }
}

/// One press of a member's, with what answering it needs.
struct ButtonCall {
    let context: ConversationContext
    let press: CallbackPress
    let member: Member
    let localizer: Localizer
}

extension ButtonData {
    /// The field at `index` as an id, when there is one.
    static func id(_ fields: [Substring], _ index: Int) -> Int64? {
        fields.indices.contains(index) ? Int64(fields[index]) : nil
    }
}
