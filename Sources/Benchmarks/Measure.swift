import Glibc
import KopiykaCore

/// Timings of repeated runs, for percentiles.
struct Samples {
    private(set) var nanoseconds: [Double] = []

    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let result = try body()
        let elapsed = ContinuousClock.now - start
        nanoseconds.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        return result
    }

    func percentile(_ p: Double) -> Double {
        guard !nanoseconds.isEmpty else { return 0 }
        let sorted = nanoseconds.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    /// `p50 0.41 ms · p99 0.93 ms`.
    var summary: String {
        "p50 \((percentile(0.50) / 1e6).fixed(3)) ms · p99 \((percentile(0.99) / 1e6).fixed(3)) ms"
    }
}

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The process's peak resident memory so far, in MiB (Linux reports `ru_maxrss` in KiB).
public func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}
