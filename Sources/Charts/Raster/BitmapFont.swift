/// Digits and the few symbols a chart's numbers need (`0-9 , . % ₴ $ € − k M`), each a
/// 7-row bitmap drawn as solid squares: crisp at any whole scale, and no font files. Any
/// other character is drawn as a space.
enum BitmapFont {
    static let rows = 7

    /// One pixel of space between glyphs, before scaling.
    static let spacing = 1

    static func glyph(_ character: Character) -> [String] {
        switch character {
        case "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."]
        case "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."]
        case "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"]
        case "3": ["####.", "....#", "....#", ".###.", "....#", "....#", "####."]
        case "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."]
        case "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."]
        case "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."]
        case "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."]
        case "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."]
        case "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."]
        case ",": ["..", "..", "..", "..", "..", ".#", "#."]
        case ".": ["..", "..", "..", "..", "..", "..", "#."]
        case "%": ["##..#", "##..#", "...#.", "..#..", ".#...", "#..##", "#..##"]
        case "₴": [".###.", "....#", "#####", "..#..", "#####", "#....", ".###."]
        case "$": ["..#..", ".####", "#.#..", ".###.", "..#.#", "####.", "..#.."]
        case "€": ["..###", ".#...", "####.", ".#...", "####.", ".#...", "..###"]
        case "−", "-": [".....", ".....", ".....", "#####", ".....", ".....", "....."]
        case "k": ["#...", "#...", "#..#", "#.#.", "##..", "#.#.", "#..#"]
        case "M": ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"]
        default: ["...", "...", "...", "...", "...", "...", "..."]
        }
    }

    /// Width of `text` at `scale`, in pixels.
    static func width(of text: String, scale: Int) -> Int {
        let columns = text.reduce(0) { $0 + (glyph($1).first?.count ?? 0) + spacing }
        return max(0, columns - spacing) * scale
    }
}

extension Canvas {
    /// Draws `text` with its top-left corner at (`x`, `y`), each font pixel a `scale`-square.
    mutating func draw(_ text: String, x: Int, y: Int, scale: Int, _ colour: Colour) {
        var left = x
        for character in text {
            let rows = BitmapFont.glyph(character)
            for (row, line) in rows.enumerated() {
                for (column, bit) in line.enumerated() where bit == "#" {
                    for dy in 0..<scale {
                        for dx in 0..<scale {
                            blend(x: left + column * scale + dx, y: y + row * scale + dy, colour, coverage: 1)
                        }
                    }
                }
            }
            left += ((rows.first?.count ?? 0) + BitmapFont.spacing) * scale
        }
    }
}
