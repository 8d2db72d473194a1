import Testing

@testable import Charts

@Suite struct ValueScaleTests {
    @Test func stepsAreRoundAndCoverTheHighest() {
        let scale = ValueScale(values: [3_750_000], minorPerMajor: 100)  // 37 500 ₴
        #expect(scale.ticks == [0, 1_000_000, 2_000_000, 3_000_000, 4_000_000])
        #expect(scale.ticks.map { scale.label($0) } == ["0", "10k", "20k", "30k", "40k"])
        #expect(scale.label(4_000_000, symbol: "₴") == "40k ₴")
        #expect(ValueScale(values: [120_000], minorPerMajor: 100).ticks.map { $0 / 100 } == [0, 500, 1000, 1500])
    }

    @Test func nothingStillMakesAnAxis() {
        let scale = ValueScale(values: [], minorPerMajor: 100)
        #expect(scale.ticks == [0, 100])
        #expect(scale.offset(of: 0, across: 300) == 0)
    }

    @Test func valuesAtTheEdgesOfInt64Fit() {
        let scale = ValueScale(values: [.max, .min], minorPerMajor: 100)
        #expect(scale.low <= Int128(Int64.min) && scale.high >= Int128(Int64.max))
        #expect(scale.offset(of: Int128(Int64.max), across: 400) <= 400)
        #expect(scale.offset(of: Int128(Int64.min), across: 400) >= 0)
        #expect(scale.label(scale.low).hasPrefix("−"))
    }

    @Test func anAxisNeedNotStartAtZero() {
        let scale = ValueScale(values: [5_200_000, 5_750_000], includesZero: false, minorPerMajor: 100)
        #expect(scale.low == 5_200_000 && scale.high == 5_800_000 && scale.step == 200_000)
        #expect(abs(scale.offset(of: 5_500_000, across: 300) - 150) < 0.01)
    }
}
