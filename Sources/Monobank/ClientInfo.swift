import KopiykaCore

/// `GET /personal/client-info`: who the token belongs to, their accounts and their jars.
public struct ClientInfo: Equatable, Sendable, Decodable {
    public var name: String?
    public var accounts: [Account]
    public var jars: [Jar]

    public init(name: String?, accounts: [Account], jars: [Jar]) {
        self.name = name
        self.accounts = accounts
        self.jars = jars
    }

    public init(from decoder: any Decoder) throws {
        let fields = try LenientFields(decoder)
        name = fields("name")
        accounts = fields.list("accounts", of: Account.self).filter { !$0.id.isEmpty }
        jars = fields.list("jars", of: Jar.self).filter { !$0.id.isEmpty }
    }

    /// A card or a FOP account: its id, currency and the card's last four digits.
    public struct Account: Equatable, Sendable, Decodable {
        public var id: String
        public var currency: Currency?
        /// `black`, `white`, `iron`, `fop`, …
        public var type: String?
        public var maskedPans: [String]
        public var iban: String?
        public var balance: Money?

        public init(id: String, currency: Currency?, type: String? = nil, maskedPans: [String] = [], iban: String? = nil,
                    balance: Money? = nil) {
            self.id = id
            self.currency = currency
            self.type = type
            self.maskedPans = maskedPans
            self.iban = iban
            self.balance = balance
        }

        public init(from decoder: any Decoder) throws {
            let fields = try LenientFields(decoder)
            id = fields("id") ?? ""
            currency = fields("currencyCode", as: Int.self).flatMap(Currency.init(numeric:))
            type = fields("type")
            maskedPans = fields.list("maskedPan")
            iban = fields("iban")
            balance = currency.flatMap { currency in fields("balance", as: Int64.self).map { Money(minorUnits: $0, currency: currency) } }
        }

        /// `*1234`: the last four digits of its card (or of its IBAN), never more.
        public var masked: String {
            let digits = (maskedPans.first ?? iban ?? "").filter(\.isNumber)
            return digits.isEmpty ? "*" : "*" + String(digits.suffix(4))
        }
    }

    /// A savings jar (`банка`): its own statement, under the jar's id.
    public struct Jar: Equatable, Sendable, Decodable {
        public var id: String
        public var title: String
        public var currency: Currency?

        public init(id: String, title: String, currency: Currency?) {
            self.id = id
            self.title = title
            self.currency = currency
        }

        public init(from decoder: any Decoder) throws {
            let fields = try LenientFields(decoder)
            id = fields("id") ?? ""
            title = fields("title") ?? ""
            currency = fields("currencyCode", as: Int.self).flatMap(Currency.init(numeric:))
        }
    }
}

extension Currency {
    /// The ISO 4217 numeric codes Monobank uses for its accounts and the currencies its
    /// members pay in most; nil for any other.
    public init?(numeric: Int) {
        let codes: [Int: String] = [
            980: "UAH", 840: "USD", 978: "EUR", 985: "PLN", 826: "GBP", 203: "CZK", 756: "CHF", 348: "HUF",
            946: "RON", 949: "TRY", 124: "CAD", 36: "AUD", 392: "JPY", 752: "SEK", 578: "NOK", 208: "DKK",
            975: "BGN", 981: "GEL", 498: "MDL", 376: "ILS", 784: "AED", 156: "CNY",
        ]
        guard let code = codes[numeric], let currency = Currency.iso(code) else { return nil }
        self = currency
    }
}
