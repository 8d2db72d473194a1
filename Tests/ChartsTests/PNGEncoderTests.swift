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
        #expect(canvas.image().png.count < 200)
    }

    @Test func aDamagedChunkFailsItsCRC() throws {
        var png = [UInt8](Canvas(width: 4, height: 4, background: ChartPalette.background).image().png)
        png[20] ^= 1  // inside IHDR's width
        #expect(throws: DecodedPNG.Failure.self) { try DecodedPNG(Data(png)) }
    }
}
