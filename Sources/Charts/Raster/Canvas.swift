/// An opaque sRGB colour.
public struct Colour: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ hex: UInt32) {
        red = UInt8(truncatingIfNeeded: hex >> 16)
        green = UInt8(truncatingIfNeeded: hex >> 8)
        blue = UInt8(truncatingIfNeeded: hex)
    }

    /// `self` laid over `base` at `amount` (0…1): a tint, or a partly covered pixel.
    public func over(_ base: Colour, amount: Double) -> Colour {
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(bottom) + (Double(top) - Double(bottom)) * amount).rounded())
        }
        var mixed = base
        mixed.red = mix(red, base.red)
        mixed.green = mix(green, base.green)
        mixed.blue = mix(blue, base.blue)
        return mixed
    }
}

/// An opaque RGB picture, 3 bytes a pixel, row by row from the top. Shapes are drawn by
/// coverage: each pixel in a shape's box is blended by how much of it the shape covers,
/// taken from the signed distance of its centre to the shape's edge (exact for straight
/// edges, within a few percent on curves), so edges are anti-aliased without supersampling.
/// A value type; drawing costs one distance per pixel of the shape's bounding box.
struct Canvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int, background: Colour) {
        self.width = width
        self.height = height
        var row: [UInt8] = []
        row.reserveCapacity(width * 3)
        for _ in 0..<width { row += [background.red, background.green, background.blue] }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for _ in 0..<height { pixels += row }
        self.pixels = pixels
    }

    func colour(x: Int, y: Int) -> Colour {
        let i = (y * width + x) * 3
        var colour = Colour(0)
        colour.red = pixels[i]
        colour.green = pixels[i + 1]
        colour.blue = pixels[i + 2]
        return colour
    }

    /// Lays `colour` over the pixel at `coverage` (0…1); outside the canvas, nothing.
    @inline(__always)
    mutating func blend(x: Int, y: Int, _ colour: Colour, coverage: Double) {
        guard coverage > 0, x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 3
        if coverage >= 1 {
            pixels[i] = colour.red
            pixels[i + 1] = colour.green
            pixels[i + 2] = colour.blue
            return
        }
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(bottom) + (Double(top) - Double(bottom)) * coverage).rounded())
        }
        pixels[i] = mix(colour.red, pixels[i])
        pixels[i + 1] = mix(colour.green, pixels[i + 1])
        pixels[i + 2] = mix(colour.blue, pixels[i + 2])
    }

    /// Fills the pixels of `box` (clipped to the canvas and to `clip`) by the signed distance
    /// `distance(x, y)` of each pixel's centre to the shape's edge, negative inside.
    mutating func fill(_ box: PixelBox, clip: PixelBox? = nil, _ colour: Colour,
                       distance: (Double, Double) -> Double) {
        var box = box.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        if let clip { box = box.intersection(clip) }
        guard box.x0 < box.x1, box.y0 < box.y1 else { return }
        for y in box.y0..<box.y1 {
            let cy = Double(y) + 0.5
            for x in box.x0..<box.x1 {
                let d = distance(Double(x) + 0.5, cy)
                if d < 0.5 { blend(x: x, y: y, colour, coverage: min(1, 0.5 - d)) }
            }
        }
    }
}

/// Whole pixels from (`x0`, `y0`) up to, not including, (`x1`, `y1`).
struct PixelBox: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    /// The pixels touched by the real rectangle, widened by `margin` on every side.
    init(minX: Double, minY: Double, maxX: Double, maxY: Double, margin: Double = 1) {
        func floored(_ v: Double) -> Int { v.isFinite ? Int(max(-1, min(1e6, (v - margin).rounded(.down)))) : 0 }
        func ceiled(_ v: Double) -> Int { v.isFinite ? Int(max(-1, min(1e6, (v + margin).rounded(.up)))) : 0 }
        x0 = floored(minX); y0 = floored(minY); x1 = ceiled(maxX); y1 = ceiled(maxY)
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }

    func intersection(_ other: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }
}
