/// `amt:<question id>:<reading>`: one reading of a message the bot asked about.
struct AmountButton: ButtonData {
    static let prefixes: Set<String> = ["amt"]
    let questionID: Int64
    let reading: Int

    var encoded: String { "amt:\(questionID):\(reading)" }

    init(questionID: Int64, reading: Int) {
        self.questionID = questionID
        self.reading = reading
    }

    init?(fields: [Substring]) {
        guard fields.count == 3, fields[0] == "amt", let question = Self.id(fields, 1), let reading = Int(fields[2]),
              (0..<8).contains(reading)
        else { return nil }
        self.init(questionID: question, reading: reading)
    }
}
