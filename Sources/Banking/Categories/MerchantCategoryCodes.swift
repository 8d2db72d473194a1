import KopiykaCore

/// ISO 18245 merchant category codes onto our expense categories: the codes of docs/banks.md
/// and their close neighbours in the ISO table. Codes that say nothing about what was bought
/// (4829 transfers, 6011 cash, 5999 miscellaneous shops, 7399 business services) are absent
/// on purpose: the bank's category or our vocabulary knows better.
enum MerchantCategoryCodes {
    static let expenses: [Int: CategoryKey] = {
        var table: [Int: CategoryKey] = [:]
        func add(_ category: CategoryKey, _ codes: [Int]) { for code in codes { table[code] = category } }
        add("groceries", [5411, 5422, 5441, 5451, 5462, 5499])
        add("cafe", [5811, 5812, 5813, 5814])
        add("health", [5122, 5912, 8011, 8021, 8031, 8042, 8043, 8049, 8050, 8062, 8071, 8099])
        add("taxi", [4121])
        add("transport", [4111, 4131, 4784])
        add("fuel", [5541, 5542, 5983])
        add("car", [5511, 5521, 5531, 5532, 5533, 7523, 7531, 7534, 7535, 7538, 7542, 7549])
        add("mobile", [4812, 4814])
        add("utilities", [4900, 4816, 4899])
        add("clothing", [5611, 5621, 5631, 5651, 5661, 5681, 5691, 5697, 5698, 5699, 5931])
        add("kids", [5641, 5945, 8351])
        add("electronics", [5045, 5732, 5734, 5946])
        add("home", [5021, 5039, 5200, 5211, 5231, 5251, 5261, 5712, 5713, 5714, 5718, 5719, 5722, 5950])
        add("education", [5942, 8211, 8220, 8241, 8244, 8249, 8299])
        add("pets", [742, 5995])
        add("entertainment", [5816, 7832, 7841, 7922, 7929, 7932, 7933, 7991, 7994, 7996, 7998, 7999])
        add("subscriptions", [5815, 5817, 5818])
        add("beauty", [5977, 7230, 7297, 7298])
        add("sport", [5655, 5940, 5941, 7941, 7997])
        add("gifts", [5947, 5992])
        add("travel", [3000, 4112, 4411, 4511, 4722, 7011, 7012, 7512])
        add("donations", [8398, 8661])
        add("taxes", [9211, 9222, 9311, 9399])
        return table
    }()

    /// Airlines (3000–3299), car rental (3351–3441) and hotels (3501–3999) each have a code
    /// per company.
    static func expense(_ mcc: Int) -> CategoryKey? {
        if let category = expenses[mcc] { return category }
        switch mcc {
        case 3000...3299, 3351...3441, 3501...3999: return "travel"
        default: return nil
        }
    }

    /// Transfers and cash: a row with one of these moves money rather than spends it, until
    /// the reconciliation or the member says otherwise.
    static let movesMoney: Set<Int> = [4829, 6010, 6011, 6012, 6051, 6540]
}
