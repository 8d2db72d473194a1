/// Bot API URLs carry the token in their path (`/bot<token>/method`). Everything that may end
/// up in a log or an error description goes through here first.
public enum TokenRedaction {
    /// Replaces every `/bot<anything>/` path segment with `/bot***/`, and any literal occurrence
    /// of `token` (when given) with `***`.
    public static func redact(_ text: String, token: String? = nil) -> String {
        var result = text
        if let token, !token.isEmpty {
            result = result.replacing(token, with: "***")
        }
        return redactBotPathSegments(result)
    }

    private static func redactBotPathSegments(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let marker = rest.firstRange(of: "/bot") {
            output += rest[..<marker.upperBound]
            let afterMarker = rest[marker.upperBound...]
            guard let slash = afterMarker.firstIndex(of: "/"), !afterMarker[..<slash].isEmpty else {
                rest = afterMarker
                continue
            }
            output += "***"
            rest = afterMarker[slash...]
        }
        return output + rest
    }
}
