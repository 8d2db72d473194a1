/// What a message carries besides text, as far as the bot needs to know: which kind, never
/// the file. Decoded from the presence of the Bot API field alone, so a payload that lacks a
/// field the schema calls required (old samples have no `file_unique_id`) still counts.
public enum MediaKind: String, Sendable, Equatable, CaseIterable {
    case voice, videoNote = "video_note", audio
    case photo, video, animation
    case sticker
    case document

    /// The first field present, in this order: a GIF's message carries `animation` and also
    /// `document`, and must read as the animation it shows.
    static let precedence: [MediaKind] = [.voice, .videoNote, .audio, .sticker, .animation, .photo, .video, .document]
}
