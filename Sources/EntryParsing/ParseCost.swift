/// Work one parse did, counted where it could grow faster than the message: one-typo lookups
/// and the token flags each entry draft keeps. Tests bound it by the message's length, a proxy
/// for time that does not depend on the machine; `parse` keeps it internal.
struct ParseCost {
    /// One-typo lookups made, of a word or its stem.
    var fuzzyLookups = 0
    /// Scalars in the keys those lookups hashed: the word and each of its one-letter deletions.
    var fuzzyScalars = 0
    /// Token flags allocated by entry drafts.
    var draftTokens = 0
}
