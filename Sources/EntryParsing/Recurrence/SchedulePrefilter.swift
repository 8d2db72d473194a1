/// Whether a message may hold a schedule, decided without tokenizing it: the reader runs on
/// every message, nearly none of which is a schedule, and tokens cost several times more than
/// this scan (one pass over the scalars, nothing allocated, one hash probe or two per word).
///
/// A necessary condition, not a sufficient one: every word a schedule starts with
/// (`ScheduleWords.mayStart`) begins with one of a few three-letter prefixes, read the way the
/// tokenizer reads words (case folded, `ё` as `е`, apostrophes and stress marks inside a word
/// skipped, Latin look-alikes tried as Cyrillic too). A message with none of them is no
/// schedule; one with them (`щодо`, `money`) goes on to the reader.
enum SchedulePrefilter {
    static func mayHoldSchedule(_ text: String) -> Bool {
        var inWord = false
        var letters = 0
        var key: UInt64 = 0, twinKey: UInt64 = 0
        for c in text.unicodeScalars {
            if Scalars.isLetter(c) {
                if !inWord { (inWord, letters, key, twinKey) = (true, 0, 0, 0) }
                guard letters < 3 else { continue }
                let folded = Scalars.folded(c)
                key = key << 21 | UInt64(folded.value)
                twinKey = twinKey << 21 | UInt64((Lookalikes.twin(folded) ?? folded).value)
                letters += 1
                if letters == 3, prefixes.contains(key) || prefixes.contains(twinKey) { return true }
            } else if !(Scalars.isApostrophe(c) || (0x300...0x36F).contains(c.value)) {
                inWord = false
            }
        }
        return false
    }

    /// The first three letters of every word a schedule starts with, packed as above.
    private static let prefixes: Set<UInt64> = {
        let words = [Array(ScheduleWords.cadences.keys), Array(ScheduleWords.every), Array(ScheduleWords.weekdayCadences.keys),
                     Array(ScheduleWords.pluralWeekdays.keys)].joined()
        return Set(words.map { word in
            word.unicodeScalars.prefix(3).reduce(UInt64(0)) { $0 << 21 | UInt64($1.value) }
        })
    }()
}
