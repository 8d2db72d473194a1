import FoundationEssentials
import KopiykaCore

/// A chart as a PNG file, ready for `sendPhoto`.
public struct ChartImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let png: Data
}

extension Canvas {
    func image() -> ChartImage {
        ChartImage(width: width, height: height, png: PNGEncoder.encode(width: width, height: height, rgb: pixels))
    }
}

/// One series' colour and the coloured square that names it in a caption's legend: the
/// picture carries no words, the caption says what each colour is.
public struct ChartColour: Equatable, Sendable {
    public let colour: Colour
    public let square: String
}

/// Colours from Okabe and Ito's palette, chosen to stay apart under every common colour
/// blindness, each matched to the emoji square of its hue. The picture is drawn on an
/// opaque light card with dark labels, so it reads the same in Telegram's light and dark themes.
public enum ChartPalette {
    public static let blue = ChartColour(colour: Colour(0x0072B2), square: "🟦")
    public static let orange = ChartColour(colour: Colour(0xE69F00), square: "🟧")
    public static let green = ChartColour(colour: Colour(0x009E73), square: "🟩")
    public static let purple = ChartColour(colour: Colour(0xCC79A7), square: "🟪")
    public static let vermillion = ChartColour(colour: Colour(0xD55E00), square: "🟥")
    public static let yellow = ChartColour(colour: Colour(0xF0E442), square: "🟨")
    /// Not Okabe–Ito's, but apart from all of them by lightness; 🟫 has no other match.
    public static let brown = ChartColour(colour: Colour(0x8C5A2B), square: "🟫")
    /// What is left after the named series: neutral grey.
    public static let other = ChartColour(colour: Colour(0x9E9E96), square: "⬜")

    /// Series in the order they are handed out: the most distinct first, yellow (the palest
    /// on a light card) late.
    public static let series: [ChartColour] = [blue, orange, green, purple, vermillion, yellow, brown]

    static let background = Colour(0xFAFAF7)
    static let grid = Colour(0xE2E2DC)
    static let axis = Colour(0xB4B4AC)
    static let label = Colour(0x55554F)
}

/// Sizes in pixels of the 2× picture: one point on a phone is two pixels here.
enum ChartMetrics {
    static let width = 800
    /// Font pixels are 3×3: digits 15×21, about 10 pt on a phone.
    static let labelScale = 3
    static let labelHeight = BitmapFont.rows * labelScale
    static let padding = 24
}

extension Currency {
    /// The sign the chart's font draws, or nothing for a currency it has no glyph for.
    var chartSymbol: String {
        switch code {
        case "UAH": "₴"
        case "USD": "$"
        case "EUR": "€"
        default: ""
        }
    }
}
