import FoundationEssentials
import KopiykaTestSupport
import Testing

@testable import Charts

@Suite struct PNGEncoderTests {
    @Test func aFileReadsBackToTheSamePixels() throws {
        var canvas = Canvas(width: 37, height: 23, background: ChartPalette.background)
        canvas.fillRoundedRect(x: 3.5, y: 2.25, width: 20, height: 9, radius: 4.5, ChartPalette.blue.colour)
        canvas.strokeLine(from: (1, 20), to: (35, 3), thickness: 3, ChartPalette.orange.colour)
        let image = canvas.image()
        let decoded = try DecodedPNG(image.png)
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(decoded.chunkTypes == ["IHDR", "IDAT", "IEND"])
        #expect(decoded.filterTypes.allSatisfy { [0, 1, 2].contains($0) })
        #expect(decoded.rgb == canvas.pixels)
    }

    @Test func flatRowsAreFilteredToZeros() throws {
        let canvas = Canvas(width: 200, height: 50, background: ChartPalette.background)
        let decoded = try DecodedPNG(canvas.image().png)
        // The first row has nothing above it; every later one repeats it, which Up makes zeros.
        #expect(decoded.filterTypes.dropFirst().allSatisfy { $0 == 2 })
        #expect(canvas.image().png.count < 300)  // of 30 000 bytes of pixels
    }

    @Test func aDamagedChunkFailsItsCRC() throws {
        var png = [UInt8](Canvas(width: 4, height: 4, background: ChartPalette.background).image().png)
        png[20] ^= 1  // inside IHDR's width
        #expect(throws: DecodedPNG.Failure.self) { try DecodedPNG(Data(png)) }
    }
}

@Suite struct CanvasShapeTests {
    /// A quarter of a ring from 12 to 3 o'clock: inside it full colour, beside it none.
    @Test func aRingSegmentCoversItsQuarterOnly() throws {
        var canvas = Canvas(width: 100, height: 100, background: ChartPalette.background)
        canvas.fillRingSegment(centre: (50, 50), inner: 20, outer: 40, from: 0, to: Double.pi / 2, ChartPalette.blue.colour)
        let decoded = try DecodedPNG(canvas.image().png)
        #expect(decoded.colour(x: 70, y: 30) == ChartPalette.blue.colour)  // up and right, 28 px out
        #expect(decoded.colour(x: 30, y: 30) == ChartPalette.background)  // up and left
        #expect(decoded.colour(x: 70, y: 70) == ChartPalette.background)  // down and right
        #expect(decoded.colour(x: 55, y: 50) == ChartPalette.background)  // the hole
        // The 12 o'clock edge falls between two pixels; the outer arc crosses pixels partly.
        #expect(decoded.colour(x: 49, y: 20) == ChartPalette.background && decoded.colour(x: 50, y: 20) == ChartPalette.blue.colour)
        let arc = decoded.coverage(x: 78, y: 21, of: ChartPalette.blue.colour)
        #expect(arc > 0.05 && arc < 0.95)
    }
}

extension CanvasShapeTests {
    /// A flat line of many short segments is one even band: no pixel along it is darker or
    /// paler than the others, as it would be where segments' edges blended twice.
    @Test func aPolylineHasNoDotsAtItsJoins() throws {
        var canvas = Canvas(width: 200, height: 20, background: ChartPalette.background)
        canvas.strokePolyline((0...40).map { (x: 10 + Double($0) * 4.5, y: 10.3) }, thickness: 5, ChartPalette.blue.colour)
        let decoded = try DecodedPNG(canvas.image().png)
        for y in 6..<15 {
            let row = Set((20..<180).map { decoded.colour(x: $0, y: y) })
            #expect(row.count == 1, "row \(y): \(row.count) shades")
        }
    }
}
