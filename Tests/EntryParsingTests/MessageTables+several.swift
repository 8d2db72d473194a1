extension MessageTables {
    /// Several entries in one message, and what makes a message all-or-nothing.
    static let several = """
    кава 85, таксі 120 => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | таксі
    кава 85; таксі 120 => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | таксі
    кава 85\\nтаксі 120 => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | таксі
    кава 85\\n\\nтаксі 120\\n => expense 85.00 UAH cafe - 0 | кава ;; expense 120.00 UAH taxi - 0 | таксі
    Київстар 200\\nкомуналка 2 345,10\\nшаурму 150 => expense 200.00 UAH mobile - 0 | Київстар ;; expense 2345.10 UAH utilities - 0 | комуналка ;; expense 150.00 UAH cafe - 0 | шаурму
    обід 250, таксі 180 => expense 250.00 UAH cafe - 0 | обід ;; expense 180.00 UAH taxi - 0 | таксі
    обед 230 грн, кофе 55 => expense 230.00 UAH cafe - 0 | обед ;; expense 55.00 UAH cafe - 0 | кофе
    coffee 4, taxi 12 usd => expense 4.00 UAH cafe - 0 | coffee ;; expense 12.00 USD taxi - 0 | taxi
    +30000 зарплата\\nкава 85 => income 30000.00 UAH salary - 0 | зарплата ;; expense 85.00 UAH cafe - 0 | кава
    // `1,5k` and `85,50` are numbers, not separators: a separator comma has a space after it.
    подарунок 1,5k, кава 85,50 => expense 1500.00 UAH gifts - 0 | подарунок ;; expense 85.50 UAH cafe - 0 | кава
    // Comma parts without an amount join the next part that has one, or the previous one.
    молоко, хліб, яйця 120 => expense 120.00 UAH groceries - 0 | молоко, хліб, яйця
    кава 85, з собою => expense 85.00 UAH cafe - 0 | кава, з собою
    // Later comma parts take the date and account of earlier ones.
    вчора кава 85 картка, таксі 120 => expense 85.00 UAH cafe card -1 | кава ;; expense 120.00 UAH taxi card -1 | таксі
    // A line of only a date dates the lines after it.
    вчора\\nкава 85\\nтаксі 120 => expense 85.00 UAH cafe - -1 | кава ;; expense 120.00 UAH taxi - -1 | таксі
    // A private tag anywhere makes every entry private.
    кава 85\\nтаксі 120 #приватно => expense 85.00 UAH cafe - 0 private | кава ;; expense 120.00 UAH taxi - 0 private | таксі
    // A line without an amount fails the whole message: nothing is half-stored.
    кава 85\\nтаксі => no_amount
    кава\\nтаксі 120 => no_amount
    кава 85; привіт => no_amount
    кава 85\\nтаксі 0 => zero_amount
    кава 85\\nяхта 1e999 => amount_too_large
    // Emoji-only lines are nothing, not a missing amount.
    кава 85\\n🙂 => expense 85.00 UAH cafe - 0 | кава
    """
}
