extension Currency {
    /// Every active ISO 4217 currency by code, with its minor-unit digits: a person abroad may
    /// pay in any of them (`RSD`, `рсд`), and a code read from the table is never mistaken
    /// for hryvnias. Looked up by a dictionary built once.
    public static func iso(_ code: String) -> Currency? {
        iso4217[code.uppercased()]
    }

    private static let iso4217: [String: Currency] = {
        let codes = """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP \
        BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP \
        GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR \
        KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK \
        MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR \
        SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS \
        UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL
        """
        let zero: Set<Substring> = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF",
                                    "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]
        let three: Set<Substring> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
        var table: [String: Currency] = [:]
        for code in codes.split(separator: " ") {
            table[String(code)] = Currency(code: String(code),
                                           minorUnitDigits: zero.contains(code) ? 0 : three.contains(code) ? 3 : 2)
        }
        return table
    }()
}
