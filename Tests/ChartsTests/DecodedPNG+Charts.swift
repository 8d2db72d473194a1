import KopiykaTestSupport

@testable import Charts

/// Reading a chart's geometry back from its decoded pixels.
extension DecodedPNG {
    func colour(x: Int, y: Int) -> Colour {
        let pixel = self.pixel(x: x, y: y)
        var colour = Colour(0)
        colour.red = pixel.red
        colour.green = pixel.green
        colour.blue = pixel.blue
        return colour
    }

    /// How much of the pixel is `colour` laid over `background`, 0…1, judged by the channel
    /// where the two differ most.
    func coverage(x: Int, y: Int, of colour: Colour, over background: Colour = ChartPalette.background) -> Double {
        let pixel = self.colour(x: x, y: y)
        let channels = [(pixel.red, colour.red, background.red), (pixel.green, colour.green, background.green),
                        (pixel.blue, colour.blue, background.blue)]
        guard let (seen, full, empty) = channels.max(by: { abs(Int($0.1) - Int($0.2)) < abs(Int($1.1) - Int($1.2)) }),
              full != empty else { return 0 }
        return max(0, min(1, (Double(seen) - Double(empty)) / (Double(full) - Double(empty))))
    }

    /// The length in pixels, partial pixels counted by coverage, of `colour` along row `y`.
    func horizontalRun(y: Int, xs: Range<Int>, of colour: Colour) -> Double {
        xs.clamped(to: 0..<width).reduce(0) { $0 + coverage(x: $1, y: y, of: colour) }
    }

    func verticalRun(x: Int, ys: Range<Int>, of colour: Colour) -> Double {
        ys.clamped(to: 0..<height).reduce(0) { $0 + coverage(x: x, y: $1, of: colour) }
    }
}
