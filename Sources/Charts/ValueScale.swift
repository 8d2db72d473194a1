import KopiykaCore

/// A value axis from `low` to `high` minor units in round steps (1, 2 or 5 times a power
/// of ten major units), and where a value falls on it. All in `Int128`: an axis over
/// `Int64.max` minor units, times the pixels, still fits; only the final pixel offset is a
/// `Double`, and it is exact to 1/256 pixel.
struct ValueScale: Equatable {
    let low: Int128
    let high: Int128
    let step: Int128
    let minorPerMajor: Int128

    /// An axis holding every value in `values`, and zero unless `includesZero` is false,
    /// in at most about `steps` steps.
    init(values: [Int64], includesZero: Bool = true, minorPerMajor: Int64, steps: Int = 4) {
        let perMajor = Int128(max(1, minorPerMajor))
        var lowest = Int128(values.min() ?? 0), highest = Int128(values.max() ?? 0)
        if includesZero {
            lowest = min(lowest, 0)
            highest = max(highest, 0)
        }
        let lowMajor = Self.floorDiv(lowest, perMajor), highMajor = Self.ceilDiv(highest, perMajor)
        let span = max(1, highMajor - lowMajor)
        var power: Int128 = 1, step: Int128 = 1
        search: while true {
            for factor: Int128 in [1, 2, 5] where factor * power * Int128(steps) >= span {
                step = factor * power
                break search
            }
            power *= 10
        }
        let bottom = Self.floorDiv(lowMajor, step) * step
        var top = Self.ceilDiv(highMajor, step) * step
        if top == bottom { top += step }
        low = bottom * perMajor
        high = top * perMajor
        self.step = step * perMajor
        self.minorPerMajor = perMajor
    }

    /// The gridlines' values, from the lowest.
    var ticks: [Int128] {
        var ticks: [Int128] = []
        var tick = low
        while tick <= high {
            ticks.append(tick)
            tick += step
        }
        return ticks
    }

    /// How far along `length` pixels `value` lies from the low end, clamped to the axis.
    func offset(of value: Int128, across length: Int) -> Double {
        let clamped = min(max(value, low), high)
        let scaled = (clamped - low) * Int128(length) * 256 / (high - low)
        return Double(scaled) / 256
    }

    /// `0`, `500`, `1500`, `20k`, `15M`: whole major units, shortened only where exact.
    func label(_ minor: Int128, symbol: String = "") -> String {
        let major = minor / minorPerMajor
        let magnitude = major.magnitude
        let digits: String
        if magnitude >= 10_000_000, magnitude % 1_000_000 == 0 {
            digits = "\(magnitude / 1_000_000)M"
        } else if magnitude >= 10_000, magnitude % 1_000 == 0 {
            digits = "\(magnitude / 1_000)k"
        } else {
            digits = "\(magnitude)"
        }
        return (major < 0 ? "−" : "") + digits + (symbol.isEmpty ? "" : " " + symbol)
    }

    static func floorDiv(_ a: Int128, _ b: Int128) -> Int128 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func ceilDiv(_ a: Int128, _ b: Int128) -> Int128 { -floorDiv(-a, b) }
}
