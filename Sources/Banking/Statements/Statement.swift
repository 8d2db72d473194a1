import KopiykaCore

/// What a statement file held: the bank's rows as facts, and the rows that could not be read.
public struct Statement: Equatable, Sendable {
    public var bank: BankFact.Bank
    /// The cards or accounts the file names, in the order they first appear; empty when it
    /// names none (Monobank's CSV does not say which card it is).
    public var accounts: [String]
    /// The days the statement covers, when the file says (PrivatBank's title row).
    public var period: ClosedRange<LocalDate>?
    /// Every readable row, in the file's order (both banks write the newest first).
    public var facts: [BankFact]
    /// Rows the reader skipped, with where they are and why: the conversation reports them.
    public var unreadRows: [UnreadRow]

    public init(bank: BankFact.Bank, accounts: [String], period: ClosedRange<LocalDate>?, facts: [BankFact],
                unreadRows: [UnreadRow]) {
        self.bank = bank
        self.accounts = accounts
        self.period = period
        self.facts = facts
        self.unreadRows = unreadRows
    }
}

/// One row a reader could not turn into a fact.
public struct UnreadRow: Error, Equatable, Sendable {
    public enum Reason: String, Equatable, Sendable {
        /// Fewer cells than the header (a truncated file, a stray line).
        case missingCells
        /// The date and time cell is not `DD.MM.YYYY HH:MM[:SS]` (or an Excel date).
        case date
        /// The amount is not a number, or has more decimals than its currency.
        case amount
        /// The account's currency is not one we know.
        case currency
        /// The MCC cell is not a four-digit code.
        case mcc
        /// A quoted cell runs to the end of the file.
        case unclosedQuote
        /// A date or an amount no operation has (31.12.9999, 1970, 10¹² ₴): `BankBounds`.
        case outOfRange
    }

    /// The line (CSV, counting from 1, the header included) or the sheet's row number.
    public var line: Int
    public var reason: Reason

    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }
}

/// Why a file gave no statement, precise enough for the conversation to answer in words.
public enum StatementProblem: Error, Equatable, Sendable {
    /// Neither a Monobank CSV nor a PrivatBank XLSX (a photo, a PDF, another bank's layout).
    case notAStatement
    /// An Excel 97–2003 workbook (`.xls`, or a password-protected XLSX, which has the same
    /// container): the member should save it as XLSX and send it again.
    case oldExcelFormat
    /// The file is a statement's kind of file but its bytes are broken.
    case damaged(Damage)
    /// The header is there but no row follows.
    case empty
    /// Every row failed; the reasons of the first few are given.
    case unreadable([UnreadRow])
    /// The file, or a part inside it, is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The file holds more than `limit` rows (`StatementReader.maximumRows`): it was not read on.
    case tooManyRows(limit: Int)

    public enum Damage: String, Equatable, Sendable {
        /// The ZIP directory is missing or cut off: an incomplete download.
        case truncated
        /// A part's checksum or size disagrees with what the ZIP says.
        case checksum
        /// The compressed data is not valid deflate, or uses a method we do not read.
        case compression
        /// The workbook has no sheet, or its XML is malformed.
        case layout
        /// The text is not UTF-8.
        case encoding
    }
}
