extension Canvas {
    /// A line through `points` (left to right, as a value over days is), `thickness` wide with
    /// round joins, drawn as one shape: each pixel is painted once, by the segment nearest to
    /// it, so joins show no darker dots where two segments' edges would blend twice. The
    /// segments compared are those near enough in x to reach the pixel: tens for a dense line,
    /// so a line of 1,000 points over 650 pixels costs about a million distances.
    mutating func strokePolyline(_ points: [(x: Double, y: Double)], thickness: Double, _ colour: Colour) {
        guard points.count > 1 else {
            if let only = points.first { fillCircle(centre: only, radius: thickness / 2, colour) }
            return
        }
        let r = thickness / 2, segments = points.count - 1
        let narrowest = zip(points, points.dropFirst()).map { abs($1.x - $0.x) }.min() ?? 1
        let reach = min(segments, Int((thickness / max(narrowest, 0.05)).rounded(.up)) + 1)
        func distance(_ i: Int, _ px: Double, _ py: Double) -> Double {
            let a = points[i], b = points[i + 1]
            let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
            let t = length2 > 0 ? max(0, min(1, ((px - a.x) * dx + (py - a.y) * dy) / length2)) : 0
            let ex = px - a.x - t * dx, ey = py - a.y - t * dy
            return (ex * ex + ey * ey).squareRoot()
        }
        for i in 0..<segments {
            let a = points[i], b = points[i + 1]
            let box = PixelBox(minX: min(a.x, b.x) - r, minY: min(a.y, b.y) - r, maxX: max(a.x, b.x) + r, maxY: max(a.y, b.y) + r)
            let neighbours = max(0, i - reach)...min(segments - 1, i + reach)
            fill(box, colour) { px, py in
                let own = distance(i, px, py)
                guard own - r < 0.5 else { return .infinity }
                for j in neighbours where j != i {
                    let other = distance(j, px, py)
                    if other < own || (other == own && j < i) { return .infinity }
                }
                return own - r
            }
        }
    }
}
