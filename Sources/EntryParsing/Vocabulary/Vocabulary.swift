/// The word tables, one string per language, parsed once into `Lexicon.shared`.
///
/// Format: one `key: word, word, multi word name` line per meaning; `//` starts a comment.
/// Keys are category keys (`cafe`), or `account.<key>`, `currency.<ISO>`, `date.<days ago>`,
/// `month.<n>`, `number.<value>`, `scale.<factor>` (a number word), `suffix.<factor>` (only
/// after a number: `к`, `тис`), `minor` (kopiykas, cents), `private` (tags) and `preposition`.
/// Words may be in any case and with any apostrophe; list a grammatical form only when the
/// stemmer cannot reach it (see `Stemmer`). String literals, because dictionary literals of
/// this size compile slowly.
enum Vocabulary {}
