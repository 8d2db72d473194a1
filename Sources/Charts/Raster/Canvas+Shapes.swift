import Glibc

/// The shapes charts are made of, each an exact signed distance (see `Canvas`).
extension Canvas {
    /// A rectangle whose corners are rounded by `radius` (at most half its shorter side): a
    /// bar with rounded ends when the radius is half its thickness. Drawn only within `clip`,
    /// so a bar can have its rounded end on one side and stand flat on its axis.
    mutating func fillRoundedRect(x: Double, y: Double, width w: Double, height h: Double, radius: Double,
                                  _ colour: Colour, clip: PixelBox? = nil) {
        guard w > 0, h > 0, w.isFinite, h.isFinite else { return }
        let r = max(0, min(radius, w / 2, h / 2))
        let cx = x + w / 2, cy = y + h / 2, hx = w / 2 - r, hy = h / 2 - r
        fill(PixelBox(minX: x, minY: y, maxX: x + w, maxY: y + h), clip: clip, colour) { px, py in
            let qx = abs(px - cx) - hx, qy = abs(py - cy) - hy
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - r
        }
    }

    /// A straight stroke `thickness` wide from one point to another, with round caps.
    mutating func strokeLine(from a: (x: Double, y: Double), to b: (x: Double, y: Double), thickness: Double, _ colour: Colour) {
        let r = thickness / 2
        let dx = b.x - a.x, dy = b.y - a.y, length2 = dx * dx + dy * dy
        fill(PixelBox(minX: min(a.x, b.x) - r, minY: min(a.y, b.y) - r, maxX: max(a.x, b.x) + r, maxY: max(a.y, b.y) + r),
             colour) { px, py in
            let t = length2 > 0 ? max(0, min(1, ((px - a.x) * dx + (py - a.y) * dy) / length2)) : 0
            let ex = px - a.x - t * dx, ey = py - a.y - t * dy
            return (ex * ex + ey * ey).squareRoot() - r
        }
    }

    /// A horizontal line of dashes `dash` long with `gap` between them, the last one cut at `x1`.
    mutating func dashedLine(y: Double, from x0: Double, to x1: Double, thickness: Double, dash: Double, gap: Double,
                             _ colour: Colour) {
        var x = x0
        while x < x1 {
            fillRoundedRect(x: x, y: y - thickness / 2, width: min(dash, x1 - x), height: thickness, radius: 0, colour)
            x += dash + gap
        }
    }

    mutating func fillCircle(centre c: (x: Double, y: Double), radius: Double, _ colour: Colour) {
        fill(PixelBox(minX: c.x - radius, minY: c.y - radius, maxX: c.x + radius, maxY: c.y + radius), colour) { px, py in
            ((px - c.x) * (px - c.x) + (py - c.y) * (py - c.y)).squareRoot() - radius
        }
    }

    /// A ring's segment between two angles (radians, clockwise from 12 o'clock) with square
    /// ends: a donut's slice. The angular edges are anti-aliased by their distance too.
    mutating func fillRingSegment(centre c: (x: Double, y: Double), inner: Double, outer: Double,
                                  from start: Double, to end: Double, _ colour: Colour) {
        guard end > start else { return }
        let middle = (inner + outer) / 2, half = (outer - inner) / 2
        let mid = (start + end) / 2, span = (end - start) / 2
        fill(PixelBox(minX: c.x - outer, minY: c.y - outer, maxX: c.x + outer, maxY: c.y + outer), colour) { px, py in
            let dx = px - c.x, dy = py - c.y, radius = (dx * dx + dy * dy).squareRoot()
            let ring = abs(radius - middle) - half
            guard span < Double.pi else { return ring }
            // The angle from the segment's middle, and the distance from its nearer straight edge.
            let offset = abs((atan2Clockwise(dx, dy) - mid).remainder(dividingBy: 2 * Double.pi))
            let beyond = offset - span
            let edge = beyond > 0 ? radius * sinClamped(beyond) : -radius * sinClamped(-beyond)
            return max(ring, edge)
        }
    }

    /// The area between a polyline and `baseline`, column by column, with the polyline's edge
    /// anti-aliased: `points` from left to right.
    mutating func fillArea(under points: [(x: Double, y: Double)], baseline: Double, _ colour: Colour) {
        guard let first = points.first, let last = points.last, last.x > first.x else { return }
        var segment = 0
        let start = max(0, Int(first.x.rounded(.down))), end = min(width, Int(last.x.rounded(.up)))
        guard start < end else { return }
        for x in start..<end {
            let cx = Double(x) + 0.5
            while segment + 2 < points.count, points[segment + 1].x < cx { segment += 1 }
            let a = points[segment], b = points[min(segment + 1, points.count - 1)]
            let t = b.x > a.x ? max(0, min(1, (cx - a.x) / (b.x - a.x))) : 1
            let top = a.y + (b.y - a.y) * t
            let horizontal = max(0, min(1, min(cx + 0.5, last.x) - max(cx - 0.5, first.x)))
            let low = min(top, baseline), high = max(top, baseline)
            let y0 = max(0, Int(low.rounded(.down))), y1 = min(height, Int(high.rounded(.up)))
            guard y0 < y1 else { continue }
            for y in y0..<y1 {
                let vertical = min(Double(y) + 1, high) - max(Double(y), low)
                blend(x: x, y: y, colour, coverage: max(0, min(1, vertical)) * horizontal)
            }
        }
    }
}

/// The angle of (dx, dy) clockwise from straight up, 0…2π (y grows downwards).
private func atan2Clockwise(_ dx: Double, _ dy: Double) -> Double {
    var angle = atan2(dx, -dy)
    if angle < 0 { angle += 2 * Double.pi }
    return angle
}

private func sinClamped(_ angle: Double) -> Double { angle >= Double.pi / 2 ? 1 : sin(angle) }
