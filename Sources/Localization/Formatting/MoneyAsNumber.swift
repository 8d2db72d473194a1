import KopiykaCore

extension PluralOperands {
    /// The operands of an amount as `MoneyFormatter` shows it in `style`: `85 ₴` in `.compact`
    /// counts as the integer 85, `85,00 ₴` in `.full` as a decimal.
    public init(_ money: Money, style: MoneyFormatter.Style = .compact) {
        self.init(DecimalNumber(money, style: style))
    }
}

extension DecimalNumber {
    /// The amount as `MoneyFormatter` would show its number in `style`.
    public init(_ money: Money, style: MoneyFormatter.Style) {
        if style == .compact && money.isWhole {
            self.init(money.majorPart, fractionDigits: 0)
        } else {
            self.init(money.minorUnits, fractionDigits: money.currency.minorUnitDigits)
        }
    }
}
