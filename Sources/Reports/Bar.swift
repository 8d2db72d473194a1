/// A horizontal bar of block characters, with eighth-blocks for the remainder, so a 10-cell
/// bar still shows a 3 % difference: `███▍      `.
public enum Bar {
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    public static func render(_ fraction: Double, width: Int = 10) -> String {
        // `max` and `min` pass a NaN through, and `Int(NaN)` traps: a NaN draws no bar.
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let totalEighths = Int((clamped * Double(width * 8)).rounded())
        var bar = String(repeating: "█", count: totalEighths / 8)
        if totalEighths % 8 > 0 { bar.append(eighths[totalEighths % 8 - 1]) }
        return bar
    }
}
